import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct MaterializeTests {
    @Test func elementsThenCompletion() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
            let res = scheduler.start { xs.materialize() }
            #expect(
                res.events == [
                    .next(210, Event.next(2)), .next(220, Event.next(3)), .next(250, Event<Int>.completed),
                    .completed(250),
                ])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func errorBecomesAnElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .error(250, testError)])
        let res = scheduler.start { xs.materialize() }
        #expect(res.events == [.next(210, Event.next(2)), .next(250, Event<Int>.error(testError)), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.next(150, 1)])
        let res = scheduler.start { xs.materialize() }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }
}
