import ReactorKit
import ReactorKitTesting
import Testing

/// `single()` and `single(_:)`, the operators (the trait is in `Traits/SingleTests.swift`).
@Suite struct SingleOperatorTests {
    @Test func empty() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .completed(250), .error(260, testError)])
            let res = scheduler.start { xs.single() }
            #expect(res.events == [.error(250, RxError.noElements)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func one() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(250)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 2), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func many() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start { xs.single() }
        #expect(res.events == [.next(210, 2), .error(220, RxError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func predicate() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let res = scheduler.start { xs.single { $0 == 4 } }
        #expect(res.events == [.next(230, 4), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func predicateManyMatches() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(230, 4), .completed(250)])
        let res = scheduler.start { xs.single { $0 % 2 == 0 } }
        #expect(res.events == [.next(210, 2), .error(230, RxError.moreThanOneElement)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func predicateThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        let res = scheduler.start {
            xs.single { value -> Bool in
                if value == 3 { throw testError }
                return false
            }
        }
        #expect(res.events == [.error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }
}
