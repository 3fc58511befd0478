import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct DematerializeTests {
    @Test func elementsThenCompletion() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, Event.next(41)), .next(210, Event.next(42)), .next(220, Event.next(43)),
                .next(230, Event<Int>.completed), .completed(250),
            ])
            let res = scheduler.start { xs.dematerialize() }
            #expect(res.events == [.next(210, 42), .next(220, 43), .completed(230)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }
    }

    @Test func errorElementFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Event.next(42)), .next(230, Event<Int>.error(testError)), .completed(250),
        ])
        let res = scheduler.start { xs.dematerialize() }
        #expect(res.events == [.next(210, 42), .error(230, testError)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func sourceErrorFails() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Event.next(42)), .error(230, testError)])
        let res = scheduler.start { xs.dematerialize() }
        #expect(res.events == [.next(210, 42), .error(230, testError)])
    }

    @Test func roundTrip() {
        expectNoLeaks {
            var events: [Event<Int>] = []
            _ = Observable.of(1, 2).materialize().dematerialize().subscribe { events.append($0) }
            #expect(events == [.next(1), .next(2), .completed])
        }
    }

    @Test func infallibleEventsDematerialize() {
        var values: [Int] = []
        _ = Observable.of(InfallibleEvent.next(1), .completed, .next(2)).dematerialize()
            .subscribe(onNext: { values.append($0) })
        #expect(values == [1])
    }
}
