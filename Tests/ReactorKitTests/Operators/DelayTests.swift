import Dispatch
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing

@Suite struct DelayTests {
    private static let source: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .completed(550),
    ]

    @Test func simpleDelayEqualToTheGapBetweenElements() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(Self.source)
            let res = scheduler.start { xs.delay(.seconds(100), scheduler: scheduler) }
            #expect(res.events == [.next(350, 2), .next(450, 3), .next(550, 4), .completed(650)])
            #expect(xs.subscriptions == [Subscription(200, 550)])
        }
    }

    @Test func simpleDelayShorterThanTheGap() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(Self.source)
            let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
            #expect(res.events == [.next(300, 2), .next(400, 3), .next(500, 4), .completed(600)])
            #expect(xs.subscriptions == [Subscription(200, 550)])
        }
    }

    @Test func simpleDelayLongerThanTheGap() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(Self.source)
            let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
            #expect(res.events == [.next(400, 2), .next(500, 3), .next(600, 4), .completed(700)])
            #expect(xs.subscriptions == [Subscription(200, 550)])
        }
    }

    @Test func errorIsNotDelayed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(250, testError)])
        let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func completionIsDelayed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(250)])
        let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
        #expect(res.events == [.completed(400)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func errorAfterAllElementsWereSent() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .error(550, testError),
        ])
        let res = scheduler.start { xs.delay(.seconds(50), scheduler: scheduler) }
        #expect(res.events == [.next(300, 2), .next(400, 3), .next(500, 4), .error(550, testError)])
        #expect(xs.subscriptions == [Subscription(200, 550)])
    }

    @Test func errorDropsElementsStillWaiting() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, 1), .next(250, 2), .next(350, 3), .next(450, 4), .error(550, testError),
            ])
            let res = scheduler.start { xs.delay(.seconds(150), scheduler: scheduler) }
            #expect(res.events == [.next(400, 2), .next(500, 3), .error(550, testError)])
            #expect(xs.subscriptions == [Subscription(200, 550)])
        }
    }

    @Test func shiftsEveryEventByTheDelay() {
        let scheduler = TestScheduler(initialClock: 0)
        let res = scheduler.start {
            scheduler.createHotObservable(Self.source).delay(.seconds(42), scheduler: scheduler)
        }
        let expected = Self.source.map { Recorded(time: $0.time + 42, value: $0.value) }.filter { $0.time > 200 }
        #expect(res.events == expected)
    }

    @Test func elementsAtTheSameTimeAreSentOneTickApart() {
        // After sending one event, the drain schedules the next one for what remains of its
        // delay; when nothing remains the virtual scheduler runs it one tick later.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(210, 3), .completed(210)])
        let res = scheduler.start { xs.delay(.seconds(10), scheduler: scheduler) }
        #expect(res.events == [.next(220, 1), .next(221, 2), .next(222, 3), .completed(223)])
    }

    @Test func disposeStopsDelayedEvents() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(Self.source)
            let res = scheduler.start(disposed: 400) { xs.delay(.seconds(100), scheduler: scheduler) }
            #expect(res.events == [.next(350, 2)])
            #expect(xs.subscriptions == [Subscription(200, 400)])
        }
    }

    @Test func justAndErrorReleaseEverything() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var events: [Event<Int>] = []
            _ = Observable.just(1).delay(.seconds(100), scheduler: scheduler).subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).delay(.seconds(100), scheduler: scheduler)
                .subscribe { events.append($0) }
            scheduler.start()
            #expect(events == [.error(testError), .next(1), .completed])
        }
    }

    @Test func realSchedulerKeepsOrder() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let received = ConcurrentRecorder<Int>()
        let done = DispatchSemaphore(value: 0)
        let subscription = subject.delay(.milliseconds(10), scheduler: scheduler)
            .subscribe(onNext: { received.append($0) }, onCompleted: { done.signal() })
        DispatchQueue.global().async {
            for value in 1...100 {
                subject.onNext(value)
            }
            subject.onCompleted()
        }
        #expect(done.waitPatiently())
        subscription.dispose()
        #expect(received.values == Array(1...100))
    }

    @Test func realSchedulerErrorAfterElement() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let received = ConcurrentRecorder<Event<Int>>()
        let elementSent = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let subscription = subject.delay(.milliseconds(10), scheduler: scheduler)
            .subscribe { event in
                received.append(event)
                if event.isStopEvent { done.signal() } else { elementSent.signal() }
            }
        subject.onNext(1)
        #expect(elementSent.waitPatiently())
        subject.onError(testError)
        #expect(done.waitPatiently())
        subscription.dispose()
        #expect(received.values == [.next(1), .error(testError)])
    }
}
