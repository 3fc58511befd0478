import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct ReduceTests {
    private static let range: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(260),
    ]

    @Test func withSeedEmpty() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
            let res = scheduler.start { xs.reduce(42, accumulator: +) }
            #expect(res.events == [.next(250, 42), .completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func withSeedReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 24), .completed(250)])
        let res = scheduler.start { xs.reduce(42, accumulator: +) }
        #expect(res.events == [.next(250, 42 + 24), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func withSeedThrow() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .error(210, testError)])
            let res = scheduler.start { xs.reduce(42, accumulator: +) }
            #expect(res.events == [.error(210, testError)])
            #expect(xs.subscriptions == [Subscription(200, 210)])
        }
    }

    @Test func withSeedNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.reduce(42, accumulator: +) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func withSeedRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.range)
        let res = scheduler.start { xs.reduce(42, accumulator: +) }
        #expect(res.events == [.next(260, 42 + 0 + 1 + 2 + 3 + 4), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test func withSeedAccumulatorThrows() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(Self.range)
            let res = scheduler.start {
                xs.reduce(42) { (accumulated: Int, element: Int) throws -> Int in
                    if element < 3 { return accumulated + element }
                    throw testError
                }
            }
            #expect(res.events == [.error(240, testError)])
            #expect(xs.subscriptions == [Subscription(200, 240)])
        }
    }

    @Test func withSeedAndResultEmpty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.reduce(42, accumulator: +) { $0 * 5 } }
        #expect(res.events == [.next(250, 42 * 5), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func withSeedAndResultReturn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 24), .completed(250)])
        let res = scheduler.start { xs.reduce(42, accumulator: +, mapResult: { $0 * 5 }) }
        #expect(res.events == [.next(250, (42 + 24) * 5), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func withSeedAndResultThrow() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(210, testError)])
        let res = scheduler.start { xs.reduce(42, accumulator: +, mapResult: { $0 * 5 }) }
        #expect(res.events == [.error(210, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test func withSeedAndResultNever() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.reduce(42, accumulator: +, mapResult: { $0 * 5 }) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func withSeedAndResultRange() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.range)
        let res = scheduler.start { xs.reduce(42, accumulator: +, mapResult: { $0 * 5 }) }
        #expect(res.events == [.next(260, (42 + 0 + 1 + 2 + 3 + 4) * 5), .completed(260)])
        #expect(xs.subscriptions == [Subscription(200, 260)])
    }

    @Test func withSeedAndResultAccumulatorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.range)
        let res = scheduler.start {
            xs.reduce(
                42,
                accumulator: { accumulated, element in
                    if element < 3 { return accumulated + element }
                    throw testError
                }, mapResult: { $0 * 5 })
        }
        #expect(res.events == [.error(240, testError)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func withSeedAndResultSelectorThrows() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(Self.range)
            let res = scheduler.start {
                xs.reduce(42, accumulator: +, mapResult: { (_: Int) throws -> Int in throw testError })
            }
            #expect(res.events == [.error(260, testError)])
            #expect(xs.subscriptions == [Subscription(200, 260)])
        }
    }

    @Test func intoRange() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(Self.range)
            let res = scheduler.start { xs.reduce(into: [Int]()) { $0.append($1) }.map { $0.count } }
            #expect(res.events == [.next(260, 5), .completed(260)])
            #expect(xs.subscriptions == [Subscription(200, 260)])
        }
    }

    @Test func intoAccumulatorThrows() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.range)
        let res = scheduler.start {
            xs.reduce(into: 42) { accumulated, element in
                if element == 3 { throw testError }
                accumulated += element
            }
        }
        #expect(res.events == [.error(240, testError)])
        #expect(xs.subscriptions == [Subscription(200, 240)])
    }

    @Test func intoSynchronousSource() {
        expectNoLeaks {
            var received: [String] = []
            var completed = false
            _ = Observable.of("a", "b", "c").reduce(into: "") { $0 += $1 }
                .subscribe(onNext: { received.append($0) }, onCompleted: { completed = true })
            #expect(received == ["abc"])
            #expect(completed)
        }
    }

    @Test func disposedBeforeCompletionEmitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.range)
        let res = scheduler.start(disposed: 255) { xs.reduce(0, accumulator: +) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 255)])
    }
}
