import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct ToArrayTests {
    @Test func singleItem() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, 1), .completed(20)])
            let res = scheduler.start { xs.toArray() }
            #expect(res.events == [.next(220, [1]), .completed(220)])
            #expect(xs.subscriptions == [Subscription(200, 220)])
        }
    }

    @Test func multipleItems() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([
            .next(10, 1), .next(20, 2), .next(30, 3), .next(40, 4), .completed(50),
        ])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events == [.next(250, [1, 2, 3, 4]), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func noItemsEmitsAnEmptyArray() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.completed(50, Int.self)])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events == [.next(250, []), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func neverEmitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func immediateError() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.error(10, testError, Int.self)])
            let res = scheduler.start { xs.toArray() }
            #expect(res.events == [.error(210, testError)])
            #expect(xs.subscriptions == [Subscription(200, 210)])
        }
    }

    @Test func errorAfterItemsDropsThem() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([
            .next(10, 1), .next(20, 2), .next(30, 3), .next(40, 4), .error(50, testError),
        ])
        let res = scheduler.start { xs.toArray() }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func eachSubscriptionCollectsSeparately() {
        expectNoLeaks {
            let arrays = Observable.of(1, 2, 3).toArray()
            var received: [[Int]] = []
            _ = arrays.subscribe(onSuccess: { received.append($0) })
            _ = arrays.subscribe(onSuccess: { received.append($0) })
            #expect(received == [[1, 2, 3], [1, 2, 3]])
        }
    }
}
