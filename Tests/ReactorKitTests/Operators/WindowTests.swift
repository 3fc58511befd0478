import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct WindowTests {
    private func source(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(105, 0), .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5),
            .next(350, 6), .next(370, 7), .next(420, 8), .next(470, 9), end,
        ])
    }

    private func labelled(_ xs: TestableObservable<Int>, _ scheduler: TestScheduler) -> Observable<String> {
        xs.window(timeSpan: .seconds(70), count: 3, scheduler: scheduler)
            .enumerated()
            .map { index, window in window.map { "\(index) \($0)" } }
            .merge()
    }

    @Test func timeOrCount() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = source(scheduler, end: .completed(600))
            let res = scheduler.start { labelled(xs, scheduler) }
            #expect(
                res.events == [
                    .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
                    .next(350, "2 6"), .next(370, "2 7"), .next(420, "3 8"), .next(470, "4 9"), .completed(600),
                ])
            #expect(xs.subscriptions == [Subscription(200, 600)])
        }
    }

    @Test func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, end: .error(600, testError))
        let res = scheduler.start { labelled(xs, scheduler) }
        #expect(res.events.last == .error(600, testError))
        #expect(res.events.count == 10)
        #expect(xs.subscriptions == [Subscription(200, 600)])
    }

    @Test func disposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, end: .completed(600))
        let res = scheduler.start(disposed: 370) { labelled(xs, scheduler) }
        #expect(
            res.events == [
                .next(205, "0 1"), .next(210, "0 2"), .next(240, "0 3"), .next(280, "1 4"), .next(320, "2 5"),
                .next(350, "2 6"), .next(370, "2 7"),
            ])
        #expect(xs.subscriptions == [Subscription(200, 370)])
    }

    @Test func aSubscribedWindowKeepsTheSourceSubscribed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, end: .completed(600))
        let res = scheduler.createObserver(Int.self)
        var outer: Disposable?
        var inner: Disposable?
        scheduler.scheduleAt(200) {
            outer = xs.window(timeSpan: .seconds(1000), count: 100, scheduler: scheduler)
                .subscribe(onNext: { window in inner = window.subscribe(res) })
        }
        scheduler.scheduleAt(300) { outer?.dispose() }
        scheduler.scheduleAt(400) { inner?.dispose() }
        scheduler.start()
        #expect(
            res.events == [
                .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6), .next(370, 7),
            ])
        #expect(xs.subscriptions == [Subscription(200, 400)])
    }
}
