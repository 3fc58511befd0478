import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct EnumeratedTests {
    @Test func indexesTheElements() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, "a"), .next(210, "b"), .next(220, "c"), .next(230, "d"), .completed(250),
            ])
            let res = scheduler.start { xs.enumerated().map { "\($0.index)\($0.element)" } }
            #expect(res.events == [.next(210, "0b"), .next(220, "1c"), .next(230, "2d"), .completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, "b"), .error(220, testError)])
        let res = scheduler.start { xs.enumerated().map { $0.index } }
        #expect(res.events == [.next(210, 0), .error(220, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func eachSubscriptionCountsFromZero() {
        let enumerated = Observable.of("x", "y").enumerated()
        var indexes: [Int] = []
        _ = enumerated.subscribe(onNext: { indexes.append($0.index) })
        _ = enumerated.subscribe(onNext: { indexes.append($0.index) })
        #expect(indexes == [0, 1, 0, 1])
    }
}
