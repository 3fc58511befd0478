import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct AsMaybeTests {
    @Test func empty() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .completed(250), .error(260, testError)])
            let res = scheduler.start { xs.asMaybe() }
            #expect(res.events == [.completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func one() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let res = scheduler.start { xs.asMaybe() }
        #expect(res.events == [.next(250, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func many() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start { xs.asMaybe() }
        #expect(res.events == [.error(220, RxError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(210, testError)])
        let res = scheduler.start { xs.asMaybe() }
        #expect(res.events == [.error(210, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }
}
