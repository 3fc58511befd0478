import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct IgnoreElementsTests {
    @Test func doesNotSendValues() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let res = scheduler.start { xs.ignoreElements() }
            #expect(res.events == [.completed(230)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }
    }

    @Test func forwardsError() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .error(220, testError), .completed(230)])
            let res = scheduler.start { xs.ignoreElements() }
            #expect(res.events == [.error(220, testError)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }
    }

    @Test func neverAndDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(400)])
        let res = scheduler.start(disposed: 300) { xs.ignoreElements() }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func synchronousSourceCompletes() {
        expectNoLeaks {
            var completed = 0
            _ = Observable.of(1, 2, 3).ignoreElements().subscribe(onCompleted: { completed += 1 })
            #expect(completed == 1)
        }
    }
}
