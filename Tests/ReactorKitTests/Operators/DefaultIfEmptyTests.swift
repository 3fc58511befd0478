import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct DefaultIfEmptyTests {
    @Test func sourceEmpty() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([Recorded<Event<Int>>.completed(201)])
            let res = scheduler.start { xs.ifEmpty(default: 11) }
            #expect(res.events == [.next(201, 11), .completed(201)])
            #expect(xs.subscriptions == [Subscription(200, 201)])
        }
    }

    @Test func sourceNotEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(201, 1), .next(202, 2), .completed(203)])
        let res = scheduler.start { xs.ifEmpty(default: 11) }
        #expect(res.events == [.next(201, 1), .next(202, 2), .completed(203)])
        #expect(xs.subscriptions == [Subscription(200, 203)])
    }

    @Test func sourceError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(201, testError)])
        let res = scheduler.start { xs.ifEmpty(default: 11) }
        #expect(res.events == [.error(201, testError)])
        #expect(xs.subscriptions == [Subscription(200, 201)])
    }
}
