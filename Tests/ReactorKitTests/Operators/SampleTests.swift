import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct SampleTests {
    @Test func sampleRegular() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6),
                .completed(350),
            ])
            let ys = scheduler.createHotObservable([
                .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .next(320, "baz"),
                .completed(500),
            ])
            let res = scheduler.start { xs.sample(ys) }
            #expect(res.events == [.next(250, 3), .next(320, 6), .completed(500)])
            #expect(xs.subscriptions == [Subscription(200, 350)])
            #expect(ys.subscriptions == [Subscription(200, 500)])
        }
    }

    @Test func samplerCompletesFirstTakesTheLastSample() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(220, 2), .next(240, 3), .next(290, 4), .next(300, 5), .next(310, 6), .completed(350),
        ])
        let ys = scheduler.createHotObservable([
            .next(150, ""), .next(210, "bar"), .next(250, "foo"), .next(260, "qux"), .completed(320),
        ])
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(250, 3), .next(320, 6)])
        #expect(xs.subscriptions == [Subscription(200, 350)])
        #expect(ys.subscriptions == [Subscription(200, 320)])
    }

    @Test func sourceErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(240, 3), .error(300, testError)])
        let ys = scheduler.createHotObservable([.next(150, ""), .next(210, "bar"), .next(250, "foo"), .completed(500)])
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(250, 3), .error(300, testError)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
        #expect(ys.subscriptions == [Subscription(200, 300)])
    }

    @Test func samplerErrors() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(220, 2), .next(240, 3), .completed(400)])
        let ys = scheduler.createHotObservable([.next(150, ""), .next(250, "foo"), .error(320, testError)])
        let res = scheduler.start { xs.sample(ys) }
        #expect(res.events == [.next(250, 3), .error(320, testError)])
        #expect(xs.subscriptions == [Subscription(200, 320)])
        #expect(ys.subscriptions == [Subscription(200, 320)])
    }

    @Test func defaultValueFillsEmptyIntervals() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(220, 2), .next(240, 3), .completed(350)])
        let ys = scheduler.createHotObservable([
            .next(210, "a"), .next(250, "b"), .next(260, "c"), .next(320, "d"), .next(360, "e"), .completed(500),
        ])
        let res = scheduler.start { xs.sample(ys, defaultValue: 0) }
        #expect(
            res.events == [.next(210, 0), .next(250, 3), .next(260, 0), .next(320, 0), .next(360, 0), .completed(360)])
        #expect(xs.subscriptions == [Subscription(200, 350)])
        #expect(ys.subscriptions == [Subscription(200, 360)])
    }
}
