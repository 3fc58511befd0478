import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct FilterTests {
    @Test func keepsMatchingElements() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(110, 1), .next(210, 2), .next(220, 3), .next(230, 4), .completed(300),
            ])
            let res = scheduler.start { xs.filter { $0 % 2 == 0 } }
            #expect(res.events == [.next(210, 2), .next(230, 4), .completed(300)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }
    }

    @Test func thrownErrorEndsTheSequence() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4)])
        let res = scheduler.start {
            xs.filter { value in
                if value == 3 { throw testError }
                return true
            }
        }
        #expect(res.events == [.next(210, 2), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}
