import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct FirstTests {
    @Test func emptySendsNil() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .completed(250), .error(260, testError)])
            let res = scheduler.start { xs.first().map { $0 ?? -1 } }
            #expect(res.events == [.next(250, -1), .completed(250)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func one() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, 1), .next(210, 2), .completed(250), .error(260, testError),
            ])
            let res = scheduler.start { xs.first() }
            #expect(res.events == [.next(210, 2), .completed(210)])
            #expect(xs.subscriptions == [Subscription(200, 210)])
        }
    }

    @Test func many() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .completed(250), .error(260, testError),
        ])
        let res = scheduler.start { xs.first().map { $0 ?? -1 } }
        #expect(res.events == [.next(210, 2), .completed(210)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test func error() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .error(210, testError)])
            let res = scheduler.start { xs.first().map { $0 ?? -1 } }
            #expect(res.events == [.error(210, testError)])
            #expect(xs.subscriptions == [Subscription(200, 210)])
        }
    }

    @Test func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.first().map { $0 ?? -1 } }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func synchronousSources() {
        expectNoLeaks {
            var events: [Event<Int?>] = []
            _ = Observable.of(42, 43).first().asObservable().subscribe { events.append($0) }
            _ = Observable<Int>.empty().first().asObservable().subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).first().asObservable().subscribe { events.append($0) }
            #expect(events == [.next(42), .completed, .next(nil), .completed, .error(testError)])
        }
    }

    @Test func returnsASingle() {
        expectNoLeaks {
            let first: Single<Int?> = Observable.of(1, 2).first()
            var results: [SingleEvent<Int?>] = []
            _ = first.subscribe { results.append($0) }
            _ = Observable<Int>.empty().first().subscribe { results.append($0) }
            #expect(results == [.success(1), .success(nil)])
        }
    }
}
