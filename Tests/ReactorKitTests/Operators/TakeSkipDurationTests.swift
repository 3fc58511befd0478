import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct TakeDurationTests {
    @Test func zeroDurationCompletesOneTickAfterSubscription() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let res = scheduler.start { xs.take(for: .seconds(0), scheduler: scheduler) }
            #expect(res.events == [.completed(201)])
            #expect(xs.subscriptions == [Subscription(200, 201)])
        }
    }

    @Test func forwardsUntilTheTimerFires() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(210, 1), .next(220, 2), .next(230, 3), .completed(240),
            ])
            let res = scheduler.start { xs.take(for: .seconds(25), scheduler: scheduler) }
            #expect(res.events == [.next(210, 1), .next(220, 2), .completed(225)])
            #expect(xs.subscriptions == [Subscription(200, 225)])
        }
    }

    @Test func sourceCompletingFirstWins() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func errorIsForwarded() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>.error(210, testError)])
        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == [.error(210, testError)])
        #expect(xs.subscriptions == [Subscription(200, 210)])
    }

    @Test func silentSourceCompletesWhenTimeIsUp() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res = scheduler.start { xs.take(for: .seconds(50), scheduler: scheduler) }
        #expect(res.events == [.completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func nestedTakesEndAtTheShorterDuration() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6),
            .completed(270),
        ])
        let res = scheduler.start {
            xs.take(for: .seconds(55), scheduler: scheduler).take(for: .seconds(35), scheduler: scheduler)
        }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .completed(235)])
        #expect(xs.subscriptions == [Subscription(200, 235)])
    }
}

@Suite struct SkipDurationTests {
    @Test func zeroDurationForwardsEverything() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
            let res = scheduler.start { xs.skip(.seconds(0), scheduler: scheduler) }
            #expect(res.events == [.next(210, 1), .next(220, 2), .completed(230)])
            #expect(xs.subscriptions == [Subscription(200, 230)])
        }
    }

    @Test func dropsElementsUntilTheTimerFires() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.skip(.seconds(15), scheduler: scheduler) }
        #expect(res.events == [.next(220, 2), .completed(230)])
        #expect(xs.subscriptions == [Subscription(200, 230)])
    }

    @Test func elementAtTheSameTimeAsTheTimerIsDropped() {
        // The hot source's event at 210 was scheduled before the timer, so it runs first.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.skip(.seconds(10), scheduler: scheduler) }
        #expect(res.events == [.next(220, 2), .completed(230)])
    }

    @Test func completionAndErrorPassWhileSkipping() {
        let completed = TestScheduler(initialClock: 0)
        let xs = completed.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        #expect(completed.start { xs.skip(.seconds(50), scheduler: completed) }.events == [.completed(230)])

        let failed = TestScheduler(initialClock: 0)
        let ys = failed.createHotObservable([Recorded<Event<Int>>.error(210, testError)])
        #expect(failed.start { ys.skip(.seconds(50), scheduler: failed) }.events == [.error(210, testError)])
        #expect(ys.subscriptions == [Subscription(200, 210)])
    }

    @Test func silentSourceEmitsNothing() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res = scheduler.start { xs.skip(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func forSpellingIsTheSame() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.skip(for: .seconds(15), scheduler: scheduler) }
        #expect(res.events == [.next(220, 2), .completed(230)])
    }
}
