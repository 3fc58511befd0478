import Dispatch
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing

@Suite struct DebounceTests {
    private static let everyFifty: [Recorded<Event<Int>>] = [
        .next(150, 1), .next(200, 2), .next(250, 3), .next(300, 4), .next(350, 5), .next(400, 6), .next(450, 7),
        .next(500, 8),
    ]

    @Test func allPass() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(Self.everyFifty + [.completed(550)])
            let res = scheduler.start { xs.debounce(.seconds(40), scheduler: scheduler) }
            #expect(
                res.events == [
                    .next(290, 3), .next(340, 4), .next(390, 5), .next(440, 6), .next(490, 7), .next(540, 8),
                    .completed(550),
                ])
            #expect(xs.subscriptions == [Subscription(200, 550)])
        }
    }

    @Test func allPassErrorEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.everyFifty + [.error(550, testError)])
        let res = scheduler.start { xs.debounce(.seconds(40), scheduler: scheduler) }
        #expect(
            res.events == [
                .next(290, 3), .next(340, 4), .next(390, 5), .next(440, 6), .next(490, 7), .next(540, 8),
                .error(550, testError),
            ])
        #expect(xs.subscriptions == [Subscription(200, 550)])
    }

    @Test func allDropSendsPendingElementOnCompletion() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable(Self.everyFifty + [.completed(550)])
            let res = scheduler.start { xs.debounce(.seconds(60), scheduler: scheduler) }
            #expect(res.events == [.next(550, 8), .completed(550)])
            #expect(xs.subscriptions == [Subscription(200, 550)])
        }
    }

    @Test func allDropErrorEndDropsPendingElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.everyFifty + [.error(550, testError)])
        let res = scheduler.start { xs.debounce(.seconds(60), scheduler: scheduler) }
        #expect(res.events == [.error(550, testError)])
        #expect(xs.subscriptions == [Subscription(200, 550)])
    }

    @Test func empty() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .completed(300)])
        let res = scheduler.start { xs.debounce(.seconds(10), scheduler: scheduler) }
        #expect(res.events == [.completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .error(300, testError)])
        let res = scheduler.start { xs.debounce(.seconds(10), scheduler: scheduler) }
        #expect(res.events == [.error(300, testError)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func never() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1)])
        let res = scheduler.start { xs.debounce(.seconds(10), scheduler: scheduler) }
        #expect(res.events == [])
        #expect(xs.subscriptions == [Subscription(200, 1000)])
    }

    @Test func dropsElementsFollowedTooSoon() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([
                .next(150, 1), .next(250, 2), .next(350, 3), .next(370, 4), .next(421, 5), .next(480, 6),
                .next(490, 7), .next(500, 8), .completed(600),
            ])
            let res = scheduler.start { xs.debounce(.seconds(20), scheduler: scheduler) }
            #expect(
                res.events == [.next(270, 2), .next(390, 4), .next(441, 5), .next(520, 8), .completed(600)])
            #expect(xs.subscriptions == [Subscription(200, 600)])
        }
    }

    @Test func disposeCancelsPendingElement() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(300, 2), .completed(400)])
            let res = scheduler.start(disposed: 310) { xs.debounce(.seconds(20), scheduler: scheduler) }
            #expect(res.events == [.next(230, 1)])
            #expect(xs.subscriptions == [Subscription(200, 310)])
        }
    }

    @Test func coldSourceRelativeTimes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(15, 2), .next(50, 3), .completed(55)])
        let res = scheduler.start { xs.debounce(.seconds(10), scheduler: scheduler) }
        #expect(res.events == [.next(225, 2), .next(255, 3), .completed(255)])
        #expect(xs.subscriptions == [Subscription(200, 255)])
    }

    @Test func reentrantElementFromObserverRestartsTheWait() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        let observer = scheduler.createObserver(Int.self)
        var sentAgain = false
        let subscription = subject.debounce(.seconds(10), scheduler: scheduler).subscribe(onNext: { value in
            observer.onNext(value)
            if !sentAgain {
                sentAgain = true
                subject.onNext(value + 1)
            }
        })
        scheduler.scheduleAt(100) { subject.onNext(1) }
        scheduler.start()
        #expect(observer.events == [.next(110, 1), .next(120, 2)])
        subscription.dispose()  // the observer holds the subject it observes
    }

    @Test func realSchedulerSendsLastElementOfBurst() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let received = ConcurrentRecorder<Int>()
        let done = DispatchSemaphore(value: 0)
        // An hour: the five arrive in one burst however slow this thread, and the completion
        // sends the last at once (nothing waits for the window).
        let subscription = subject.debounce(.seconds(3_600), scheduler: scheduler)
            .subscribe(onNext: { received.append($0) }, onCompleted: { done.signal() })
        for value in 1...5 {
            subject.onNext(value)
        }
        subject.onCompleted()
        #expect(done.waitPatiently())
        subscription.dispose()
        #expect(received.values == [5])
    }
}
