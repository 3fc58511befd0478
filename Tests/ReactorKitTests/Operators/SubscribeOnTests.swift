import Dispatch
import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing

@Suite struct SubscribeOnTests {
    @Test func subscribesAndDisposesOnTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        var subscribed = 0
        var disposed = 0
        let xs = Observable<Int>.create { _ in
            subscribed = scheduler.clock
            return Disposables.create { disposed = scheduler.clock }
        }
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [])
        #expect(subscribed == 201)
        #expect(disposed == 1001)
    }

    @Test func completedUnsubscribesThroughTheScheduler() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs: TestableObservable<Int> = scheduler.createHotObservable([.completed(300)])
            let res = scheduler.start { xs.subscribe(on: scheduler) }
            #expect(res.events == [.completed(300)])
            #expect(xs.subscriptions == [Subscription(201, 301)])
        }
    }

    @Test func errorUnsubscribesThroughTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs: TestableObservable<Int> = scheduler.createHotObservable([.error(300, testError)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.error(300, testError)])
        #expect(xs.subscriptions == [Subscription(201, 301)])
    }

    @Test func disposeUnsubscribesThroughTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2)])
        let res = scheduler.start { xs.subscribe(on: scheduler) }
        #expect(res.events == [.next(210, 2)])
        #expect(xs.subscriptions == [Subscription(201, 1001)])
    }

    @Test func disposedBeforeTheScheduledSubscriptionNeverSubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2)])
        let subscription = xs.subscribe(on: scheduler).subscribe { _ in }
        subscription.dispose()
        scheduler.start()
        #expect(xs.subscriptions == [])
    }

    @Test func justAndErrorReleaseEverything() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var events: [Event<Int>] = []
            _ = Observable.just(1).subscribe(on: scheduler).subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).subscribe(on: scheduler).subscribe { events.append($0) }
            scheduler.start()
            #expect(events == [.next(1), .completed, .error(testError)])
        }
    }

    @Test func subscribesOnTheDispatchQueue() {
        let key = DispatchSpecificKey<Int>()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "subscribe-on-test",
            serialQueueConfiguration: { $0.setSpecific(key: key, value: 7) })
        let subscribedOnQueue = ConcurrentRecorder<Bool>()
        let disposedOnQueue = ConcurrentRecorder<Bool>()
        let subscribed = DispatchSemaphore(value: 0)
        let disposed = DispatchSemaphore(value: 0)
        let source = Observable<Int>.create { _ in
            subscribedOnQueue.append(DispatchQueue.getSpecific(key: key) == 7)
            subscribed.signal()
            return Disposables.create {
                disposedOnQueue.append(DispatchQueue.getSpecific(key: key) == 7)
                disposed.signal()
            }
        }
        let subscription = source.subscribe(on: scheduler).subscribe { _ in }
        #expect(subscribed.waitPatiently())
        subscription.dispose()
        #expect(disposed.waitPatiently())
        #expect(subscribedOnQueue.values == [true])
        #expect(disposedOnQueue.values == [true])
    }

    @Test func eventsStayOnTheSourceQueue() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let senderKey = DispatchSpecificKey<Int>()
        let sender = DispatchQueue(label: "subscribe-on-sender")
        sender.setSpecific(key: senderKey, value: 5)
        let subject = PublishSubject<Int>()
        let subscribed = DispatchSemaphore(value: 0)
        let onSender = ConcurrentRecorder<Bool>()
        let source = Observable<Int>.create { observer in
            let inner = subject.subscribe(observer)
            subscribed.signal()
            return inner
        }
        let subscription = source.subscribe(on: scheduler)
            .subscribe(onNext: { _ in onSender.append(DispatchQueue.getSpecific(key: senderKey) == 5) })
        #expect(subscribed.waitPatiently())
        sender.sync { subject.onNext(1) }
        subscription.dispose()
        #expect(onSender.values == [true])
    }
}
