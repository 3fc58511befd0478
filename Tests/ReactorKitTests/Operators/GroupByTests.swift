import Foundation
import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct GroupByTests {
    private func words(_ scheduler: TestScheduler, end: Recorded<Event<String>>) -> TestableObservable<String> {
        scheduler.createHotObservable([
            .next(90, "abc"), .next(110, "zoo"), .next(130, "oof"), .next(220, "  foo"), .next(240, " FoO "),
            .next(270, "baR  "), .next(310, "foO "), .next(350, " Baz   "), .next(360, "  qux "),
            .next(390, "   bar"), .next(420, " BAR  "), .next(470, "FOO "), .next(480, "baz  "), .next(510, " bAZ "),
            .next(530, "    fOo    "), end, .next(580, "error"), .completed(600), .error(650, testError),
        ])
    }

    private func key(_ word: String) throws -> String {
        if word == "error" { throw testError }
        return word.lowercased().trimmingCharacters(in: .whitespaces)
    }

    @Test func twoGroups() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
                .next(370, 7), .next(420, 8), .next(470, 9), .completed(600),
            ])
            let res = scheduler.start {
                xs.groupBy { $0 % 2 }
                    .enumerated()
                    .map { index, group in group.map { "\(index) \($0)" } }
                    .merge()
            }
            #expect(
                res.events == [
                    .next(205, "0 1"), .next(210, "1 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "0 5"),
                    .next(350, "1 6"), .next(370, "0 7"), .next(420, "1 8"), .next(470, "0 9"), .completed(600),
                ])
            #expect(xs.subscriptions == [Subscription(200, 600)])
        }
    }

    @Test func outerComplete() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(570))
        var keyInvoked = 0
        let res = scheduler.start {
            xs.groupBy { word in
                keyInvoked += 1
                return try key(word)
            }
            .map(\.key)
        }
        #expect(
            res.events == [.next(220, "foo"), .next(270, "bar"), .next(350, "baz"), .next(360, "qux"), .completed(570)])
        #expect(xs.subscriptions == [Subscription(200, 570)])
        #expect(keyInvoked == 12)
    }

    @Test func outerDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(570))
        let res = scheduler.start(disposed: 355) { xs.groupBy { try key($0) }.map(\.key) }
        #expect(res.events == [.next(220, "foo"), .next(270, "bar"), .next(350, "baz")])
        #expect(xs.subscriptions == [Subscription(200, 355)])
    }

    @Test func keySelectorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(570))
        var keyInvoked = 0
        let res = scheduler.start {
            xs.groupBy { word in
                keyInvoked += 1
                if keyInvoked == 10 { throw testError }
                return try key(word)
            }
            .map(\.key)
        }
        #expect(
            res.events == [
                .next(220, "foo"), .next(270, "bar"), .next(350, "baz"), .next(360, "qux"), .error(480, testError),
            ])
        #expect(xs.subscriptions == [Subscription(200, 480)])
        #expect(keyInvoked == 10)
    }

    @Test func innerSubscribedLater() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(570))
        var outerSubscription: Disposable?
        var innerSubscriptions: [String: Disposable] = [:]
        var results: [String: TestableObserver<String>] = [:]
        scheduler.scheduleAt(200) {
            outerSubscription = xs.groupBy { try key($0) }
                .subscribe(onNext: { group in
                    let result = scheduler.createObserver(String.self)
                    results[group.key] = result
                    innerSubscriptions[group.key] = scheduler.scheduleRelative((), dueTime: .seconds(100)) { _ in
                        group.subscribe(result)
                    }
                })
        }
        scheduler.scheduleAt(1000) {
            outerSubscription?.dispose()
            for disposable in innerSubscriptions.values { disposable.dispose() }
        }
        scheduler.start()
        #expect(results.count == 4)
        #expect(results["foo"]?.events == [.next(470, "FOO "), .next(530, "    fOo    "), .completed(570)])
        #expect(results["bar"]?.events == [.next(390, "   bar"), .next(420, " BAR  "), .completed(570)])
        #expect(results["baz"]?.events == [.next(480, "baz  "), .next(510, " bAZ "), .completed(570)])
        #expect(results["qux"]?.events == [.completed(570)])
        #expect(xs.subscriptions == [Subscription(200, 570)])
    }

    @Test func innerErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .error(570, testError))
        var results: [String: TestableObserver<String>] = [:]
        var subscriptions: [Disposable] = []
        scheduler.scheduleAt(200) {
            subscriptions.append(
                xs.groupBy { try key($0) }
                    .subscribe(
                        onNext: { group in
                            let result = scheduler.createObserver(String.self)
                            results[group.key] = result
                            subscriptions.append(group.subscribe(result))
                        }, onError: { _ in }))
        }
        scheduler.start()
        #expect(results["qux"]?.events == [.next(360, "  qux "), .error(570, testError)])
        #expect(xs.subscriptions == [Subscription(200, 570)])
    }

    @Test func aSubscribedGroupKeepsTheSourceSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = words(scheduler, end: .completed(570))
        let result = scheduler.createObserver(String.self)
        var outer: Disposable?
        var inner: Disposable?
        scheduler.scheduleAt(200) {
            outer = xs.groupBy { try key($0) }
                .subscribe(onNext: { group in
                    if group.key == "foo" { inner = group.subscribe(result) }
                })
        }
        scheduler.scheduleAt(300) { outer?.dispose() }
        scheduler.scheduleAt(500) { inner?.dispose() }
        scheduler.start()
        #expect(result.events == [.next(220, "  foo"), .next(240, " FoO "), .next(310, "foO "), .next(470, "FOO ")])
        #expect(xs.subscriptions == [Subscription(200, 500)])
    }
}
