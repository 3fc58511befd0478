import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct BufferTests {
    private func source(_ scheduler: TestScheduler, end: Recorded<Event<Int>>) -> TestableObservable<Int> {
        scheduler.createHotObservable([
            .next(205, 1), .next(210, 2), .next(240, 3), .next(280, 4), .next(320, 5), .next(350, 6),
            .next(370, 7), .next(420, 8), .next(470, 9), end,
        ])
    }

    @Test func timeOrCount() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = source(scheduler, end: .completed(600))
            let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
            #expect(
                res.events == [
                    .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
                    .next(580, []), .next(600, []), .completed(600),
                ])
            #expect(xs.subscriptions == [Subscription(200, 600)])
        }
    }

    @Test func errorDropsTheCurrentBuffer() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, end: .error(600, testError))
        let res = scheduler.start { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        #expect(
            res.events == [
                .next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7]), .next(440, [8]), .next(510, [9]),
                .next(580, []), .error(600, testError),
            ])
        #expect(xs.subscriptions == [Subscription(200, 600)])
    }

    @Test func disposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = source(scheduler, end: .completed(600))
        let res = scheduler.start(disposed: 370) { xs.buffer(timeSpan: .seconds(70), count: 3, scheduler: scheduler) }
        #expect(res.events == [.next(240, [1, 2, 3]), .next(310, [4]), .next(370, [5, 6, 7])])
        #expect(xs.subscriptions == [Subscription(200, 370)])
    }

    @Test func releasesResources() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            _ = Observable.just(1).buffer(timeSpan: .seconds(0), count: 10, scheduler: scheduler).subscribe()
            _ = Observable<Int>.error(testError).buffer(timeSpan: .seconds(0), count: 10, scheduler: scheduler)
                .subscribe()
            scheduler.start()
        }
    }
}
