import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct ScanTests {
    private let seed = 42

    @Test func seedNeverEmitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(0, 0)])
        let res = scheduler.start { xs.scan(seed) { $0 + $1 } }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func intoNeverEmitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(0, 0)])
        let res = scheduler.start { xs.scan(into: seed) { $0 += $1 } }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func seedEmptyOnlyCompletes() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let res = scheduler.start { xs.scan(seed) { $0 + $1 } }
            #expect(res.events == [.completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func intoEmptyOnlyCompletes() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let res = scheduler.start { xs.scan(into: seed) { $0 += $1 } }
            #expect(res.events == [.completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func seedReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.scan(seed) { $0 + $1 } }
        #expect(res.events == [.next(220, seed + 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func intoAccumulate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .completed(250)])
        let res = scheduler.start { xs.scan(into: seed) { $0 += $1 } }
        #expect(res.events == [.next(220, seed + 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func seedForwardsSourceError() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .error(250, testError)])
            let res = scheduler.start { xs.scan(seed) { $0 + $1 } }
            #expect(res.events == [.error(250, testError)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func intoForwardsSourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(250, testError)])
        let res = scheduler.start { xs.scan(into: seed) { $0 += $1 } }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func seedSomeData() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let res = scheduler.start { xs.scan(seed) { $0 + $1 } }
        #expect(
            res.events == [
                .next(210, seed + 2), .next(220, seed + 2 + 3), .next(230, seed + 2 + 3 + 4),
                .next(240, seed + 2 + 3 + 4 + 5), .completed(250),
            ])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func intoSomeData() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let res = scheduler.start { xs.scan(into: seed) { $0 += $1 } }
        #expect(
            res.events == [
                .next(210, seed + 2), .next(220, seed + 2 + 3), .next(230, seed + 2 + 3 + 4),
                .next(240, seed + 2 + 3 + 4 + 5), .completed(250),
            ])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func seedAccumulatorThrows() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
            ])
            let res = scheduler.start {
                xs.scan(seed) { accumulated, element throws -> Int in
                    if element == 4 { throw testError }
                    return accumulated + element
                }
            }
            #expect(res.events == [.next(210, seed + 2), .next(220, seed + 2 + 3), .error(230, testError)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }
    }

    @Test func intoAccumulatorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let res = scheduler.start {
            xs.scan(into: seed) { accumulated, element in
                if element == 4 { throw testError }
                accumulated += element
            }
        }
        #expect(res.events == [.next(210, seed + 2), .next(220, seed + 2 + 3), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func disposeStopsAccumulating() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .next(260, 3), .completed(300)])
        var calls = 0
        let res = scheduler.start(disposed: 250) {
            xs.scan(0) { accumulated, element in
                calls += 1
                return accumulated + element
            }
        }
        #expect(res.events == [.next(210, 1), .next(220, 3)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(calls == 2)
    }

    @Test func eachSubscriptionStartsFromTheSeed() {
        expectNoLeaks {
            let counts = Observable.of(1, 2, 3).scan(into: [Int]()) { $0.append($1) }
            var first: [[Int]] = []
            var second: [[Int]] = []
            _ = counts.subscribe(onNext: { first.append($0) })
            _ = counts.subscribe(onNext: { second.append($0) })
            #expect(first == [[1], [1, 2], [1, 2, 3]])
            #expect(second == first)
        }
    }

    @Test func operatorFunctionAsAccumulator() {
        expectNoLeaks {
            var received: [Int] = []
            var completed = false
            _ = Observable.of(1, 2, 3).scan(0, accumulator: +)
                .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
            #expect(received == [1, 3, 6])
            #expect(completed)
        }
    }

    @Test func worksOnAPublishSubject() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            var received: [Int] = []
            let subscription = subject.scan(10) { $0 - $1 }.subscribe(onNext: { received.append($0) })
            subject.onNext(1)
            subject.onNext(2)
            subscription.dispose()
            subject.onNext(3)
            #expect(received == [9, 7])
        }
    }
}
