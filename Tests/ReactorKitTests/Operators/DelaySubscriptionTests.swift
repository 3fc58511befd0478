import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct DelaySubscriptionTests {
    @Test func simple() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .completed(70)])
            let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
            #expect(res.events == [.next(280, 42), .next(290, 43), .completed(300)])
            #expect(xs.subscriptions == [Subscription(230, 300)])
        }
    }

    @Test func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .error(70, testError)])
        let res = scheduler.start { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
        #expect(res.events == [.next(280, 42), .next(290, 43), .error(300, testError)])
        #expect(xs.subscriptions == [Subscription(230, 300)])
    }

    @Test func dispose() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(50, 42), .next(60, 43), .error(70, testError)])
            let res = scheduler.start(disposed: 291) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
            #expect(res.events == [.next(280, 42), .next(290, 43)])
            #expect(xs.subscriptions == [Subscription(230, 291)])
        }
    }

    @Test func disposedBeforeDueTimeNeverSubscribes() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(50, 42), .completed(70)])
            let res = scheduler.start(disposed: 220) { xs.delaySubscription(.seconds(30), scheduler: scheduler) }
            #expect(res.events == [])
            #expect(xs.subscriptions == [])
        }
    }

    @Test func justAndErrorReleaseEverything() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var events: [Event<Int>] = []
            _ = Observable.just(1).delaySubscription(.seconds(35), scheduler: scheduler)
                .subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).delaySubscription(.seconds(35), scheduler: scheduler)
                .subscribe { events.append($0) }
            #expect(events == [])
            scheduler.start()
            #expect(events == [.next(1), .completed, .error(testError)])
        }
    }
}
