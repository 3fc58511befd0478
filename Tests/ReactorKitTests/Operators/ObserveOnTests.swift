import Dispatch
import Foundation
import ReactorKit
import ReactorKitTesting
import Synchronization
import TestSupport
import Testing

@Suite struct ObserveOnTests {
    // MARK: Virtual time (the general implementation)

    @Test func eachEventIsDeliveredOneSchedulerStepLater() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(300)])
            let res = scheduler.start { xs.observe(on: scheduler) }
            #expect(res.events == [.next(211, 2), .next(221, 3), .completed(301)])
            #expect(xs.subscriptions == [Subscription(200, 300)])
        }
    }

    @Test func errorIsDeliveredThroughTheScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(220, testError)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 2), .error(221, testError)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func queuedEventsAreDeliveredOneStepAfterAnother() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(210, 2), .next(210, 3), .completed(210)])
        let res = scheduler.start { xs.observe(on: scheduler) }
        #expect(res.events == [.next(211, 1), .next(212, 2), .next(213, 3), .completed(214)])
    }

    @Test func nothingIsDeliveredAfterDispose() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(210, 1), .next(249, 2), .next(260, 3)])
            let res = scheduler.start(disposed: 250) { xs.observe(on: scheduler) }
            #expect(res.events == [.next(211, 1)])
            #expect(xs.subscriptions == [Subscription(200, 250)])
        }
    }

    @Test func justAndErrorReleaseEverything() {
        expectNoLeaks {
            let scheduler = TestScheduler(initialClock: 0)
            var events: [Event<Int>] = []
            _ = Observable.just(1).observe(on: scheduler).subscribe { events.append($0) }
            _ = Observable<Int>.error(testError).observe(on: scheduler).subscribe { events.append($0) }
            scheduler.start()
            #expect(events == [.next(1), .error(testError), .completed])
        }
    }

    // MARK: CurrentThreadScheduler (specialised) against the general implementation on the same trampoline

    /// Each scenario runs on `CurrentThreadScheduler.instance` (the specialised sink) and on
    /// a scheduler that merely forwards to it (the general sink); both must give the
    /// expected trace.
    enum Trampoline: CaseIterable, Sendable {
        case currentThreadScheduler
        case general

        var scheduler: ImmediateSchedulerType {
            switch self {
            case .currentThreadScheduler: return CurrentThreadScheduler.instance
            case .general: return ForwardingToTrampoline()
            }
        }
    }

    @Test(arguments: Trampoline.allCases)
    func deliversAtOnceOutsideTrampolinedWork(_ trampoline: Trampoline) {
        expectNoLeaks {
            var trace: [String] = []
            let subject = PublishSubject<Int>()
            let subscription = subject.observe(on: trampoline.scheduler)
                .subscribe(onNext: { trace.append("got \($0)") }, onCompleted: { trace.append("completed") })
            subject.onNext(1)
            trace.append("after 1")
            subject.onNext(2)
            subject.onCompleted()
            trace.append("after completed")
            #expect(trace == ["got 1", "after 1", "got 2", "completed", "after completed"])
            #expect(!subject.hasObservers)
            subscription.dispose()
        }
    }

    @Test(.reentrantOnPurpose, arguments: Trampoline.allCases)
    func reentrantEventWaitsForTheCurrentDelivery(_ trampoline: Trampoline) {
        expectNoLeaks {
            var trace: [String] = []
            let subject = PublishSubject<Int>()
            let subscription = subject.observe(on: trampoline.scheduler).subscribe(onNext: { value in
                trace.append("start \(value)")
                if value == 1 {
                    subject.onNext(2)
                    subject.onNext(3)
                }
                trace.append("end \(value)")
            })
            subject.onNext(1)
            trace.append("returned")
            #expect(trace == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3", "returned"])
            subscription.dispose()
        }
    }

    @Test(.reentrantOnPurpose, arguments: Trampoline.allCases)
    func reentrantTerminalEventIsDeliveredAfterTheQueuedElements(_ trampoline: Trampoline) {
        expectNoLeaks {
            var trace: [String] = []
            let subject = PublishSubject<Int>()
            let subscription = subject.observe(on: trampoline.scheduler).subscribe(
                onNext: { value in
                    trace.append("got \(value)")
                    if value == 1 {
                        subject.onNext(2)
                        subject.onError(testError)
                        subject.onNext(3)
                    }
                },
                onError: { trace.append("error \($0)") })
            subject.onNext(1)
            #expect(trace == ["got 1", "got 2", "error \(testError)"])
            #expect(!subject.hasObservers)
            subscription.dispose()
        }
    }

    @Test(.reentrantOnPurpose, arguments: Trampoline.allCases)
    func manyReentrantEventsAreDeliveredInOrder(_ trampoline: Trampoline) {
        expectNoLeaks {
            var received: [Int] = []
            var completions = 0
            let subject = PublishSubject<Int>()
            let subscription = subject.observe(on: trampoline.scheduler).subscribe(
                onNext: { value in
                    received.append(value)
                    if value == 0 {
                        for next in 1...40 {
                            subject.onNext(next)
                        }
                        subject.onCompleted()
                    }
                },
                onCompleted: { completions += 1 })
            subject.onNext(0)
            #expect(received == Array(0...40))
            #expect(completions == 1)
            subscription.dispose()
        }
    }

    @Test(arguments: Trampoline.allCases)
    func eventSentFromTrampolinedWorkIsDeliveredAfterIt(_ trampoline: Trampoline) {
        expectNoLeaks {
            var trace: [String] = []
            let subject = PublishSubject<Int>()
            let subscription = subject.observe(on: trampoline.scheduler).subscribe(onNext: { trace.append("got \($0)") }
            )
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                subject.onNext(1)
                subject.onNext(2)
                trace.append("after send")
                return Disposables.create()
            }
            #expect(trace == ["after send", "got 1", "got 2"])
            subscription.dispose()
        }
    }

    @Test(.reentrantOnPurpose, arguments: Trampoline.allCases)
    func laterEventsQueueBehindWorkScheduledDuringADelivery(_ trampoline: Trampoline) {
        expectNoLeaks {
            var trace: [String] = []
            let subject = PublishSubject<Int>()
            let subscription = subject.observe(on: trampoline.scheduler).subscribe(onNext: { value in
                trace.append("got \(value)")
                guard value == 1 else { return }
                subject.onNext(2)
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    trace.append("work")
                    return Disposables.create()
                }
                subject.onNext(3)
            })
            subject.onNext(1)
            #expect(trace == ["got 1", "work", "got 2", "got 3"])
            subscription.dispose()
        }
    }

    @Test(arguments: Trampoline.allCases)
    func eventForAnotherChainIsQueuedUntilTheDeliveryEnds(_ trampoline: Trampoline) {
        // Like a reactor's state subscriber sending an action to another reactor.
        expectNoLeaks {
            var trace: [String] = []
            let first = PublishSubject<Int>()
            let second = PublishSubject<Int>()
            let scheduler = trampoline.scheduler
            let secondSubscription = second.observe(on: scheduler).subscribe(onNext: { trace.append("second \($0)") })
            let firstSubscription = first.observe(on: scheduler).subscribe(onNext: { value in
                trace.append("first \(value) start")
                second.onNext(value * 10)
                trace.append("first \(value) end")
            })
            first.onNext(1)
            #expect(trace == ["first 1 start", "first 1 end", "second 10"])
            firstSubscription.dispose()
            secondSubscription.dispose()
        }
    }

    @Test(.reentrantOnPurpose, arguments: Trampoline.allCases)
    func disposeDuringADeliveryDropsQueuedEvents(_ trampoline: Trampoline) {
        expectNoLeaks {
            var trace: [String] = []
            let subject = PublishSubject<Int>()
            let subscription = SingleAssignmentDisposable()
            subscription.setDisposable(
                subject.observe(on: trampoline.scheduler).subscribe(onNext: { value in
                    trace.append("got \(value)")
                    subject.onNext(value + 1)
                    subscription.dispose()
                }))
            subject.onNext(1)
            subject.onNext(5)
            #expect(trace == ["got 1"])
            #expect(!subject.hasObservers)
        }
    }

    @Test(arguments: Trampoline.allCases)
    func subscriptionTimeEventsAreDeliveredBeforeSubscribeReturns(_ trampoline: Trampoline) {
        expectNoLeaks {
            var trace: [String] = []
            let subject = BehaviorSubject(value: 1)
            let subscription = subject.observe(on: trampoline.scheduler).subscribe(onNext: { trace.append("got \($0)") }
            )
            trace.append("subscribed")
            subject.onNext(2)
            #expect(trace == ["got 1", "subscribed", "got 2"])
            subscription.dispose()
        }
    }

    @Test(arguments: Trampoline.allCases)
    func concurrentSendersAreDeliveredSeriallyAndInOrder(_ trampoline: Trampoline) {
        let subject = PublishSubject<Int>()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let received = ConcurrentRecorder<Int>()
        let subscription = subject.observe(on: trampoline.scheduler).subscribe(onNext: { value in
            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
                overlaps.add(1, ordering: .relaxed)
            }
            received.append(value)
            inside.subtract(1, ordering: .acquiringAndReleasing)
        })
        let senders = 4
        let perSender = 2_000
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for index in 0..<perSender {
                subject.onNext(sender * 100_000 + index)
            }
        }
        subscription.dispose()
        #expect(overlaps.load(ordering: .relaxed) == 0)
        let values = received.values
        #expect(values.count == senders * perSender)
        for sender in 0..<senders {
            let fromSender = values.filter { $0 / 100_000 == sender }.map { $0 % 100_000 }
            #expect(fromSender == Array(0..<perSender))
        }
    }

    // MARK: Serial dispatch queue

    @Test func serialQueueDeliversOnItsQueue() {
        let key = DispatchSpecificKey<Int>()
        let scheduler = SerialDispatchQueueScheduler(
            internalSerialQueueName: "observe-on-test", serialQueueConfiguration: { $0.setSpecific(key: key, value: 3) }
        )
        let onQueue = ConcurrentRecorder<Bool>()
        let done = DispatchSemaphore(value: 0)
        let subscription = Observable.just(0).observe(on: scheduler)
            .subscribe(
                onNext: { _ in onQueue.append(DispatchQueue.getSpecific(key: key) == 3) },
                onCompleted: {
                    onQueue.append(DispatchQueue.getSpecific(key: key) == 3)
                    done.signal()
                })
        #expect(done.waitPatiently())
        subscription.dispose()
        #expect(onQueue.values == [true, true])
    }

    @Test func serialQueueKeepsOrderAndNeverOverlaps() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let received = ConcurrentRecorder<Int>()
        let done = DispatchSemaphore(value: 0)
        let subscription = subject.observe(on: scheduler).subscribe(
            onNext: { value in
                if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
                    overlaps.add(1, ordering: .relaxed)
                }
                received.append(value)
                inside.subtract(1, ordering: .acquiringAndReleasing)
            },
            onCompleted: { done.signal() })
        for value in 0..<1_000 {
            subject.onNext(value)
        }
        subject.onCompleted()
        #expect(done.waitPatiently())
        subscription.dispose()
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(received.values == Array(0..<1_000))
        #expect(!subject.hasObservers)
    }

    @Test(arguments: [Event<Int>.next(1), .error(testError), .completed])
    func serialQueueDropsEventsQueuedBeforeDispose(_ queued: Event<Int>) {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let received = ConcurrentRecorder<Event<Int>>()
        let blocking = DispatchSemaphore(value: 0)
        let unblock = DispatchSemaphore(value: 0)
        let subscription = subject.observe(on: scheduler).subscribe { event in
            if case .next(0) = event {
                blocking.signal()
                _ = unblock.waitPatiently()
            }
            received.append(event)
        }
        subject.onNext(0)
        #expect(blocking.waitPatiently())
        subject.on(queued)
        subscription.dispose()
        unblock.signal()
        let drained = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            drained.signal()
            return Disposables.create()
        }
        #expect(drained.waitPatiently())
        #expect(received.values == [.next(0)])
    }

    @Test func serialQueueDeliversErrorAndEmpty() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let received = ConcurrentRecorder<Event<Int>>()
        let done = DispatchSemaphore(value: 0)
        let record: (Event<Int>) -> Void = { event in
            received.append(event)
            done.signal()
        }
        let failing = Observable<Int>.error(testError).observe(on: scheduler).subscribe(record)
        #expect(done.waitPatiently())
        let empty = Observable<Int>.empty().observe(on: scheduler).subscribe(record)
        #expect(done.waitPatiently())
        failing.dispose()
        empty.dispose()
        #expect(received.values == [.error(testError), .completed])
    }

    @Test func concurrentQueueDeliversSeriallyAndInOrder() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let subject = PublishSubject<Int>()
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let received = ConcurrentRecorder<Int>()
        let done = DispatchSemaphore(value: 0)
        let subscription = subject.observe(on: scheduler).subscribe(
            onNext: { value in
                if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
                    overlaps.add(1, ordering: .relaxed)
                }
                received.append(value)
                inside.subtract(1, ordering: .acquiringAndReleasing)
            },
            onCompleted: { done.signal() })
        for value in 0..<1_000 {
            subject.onNext(value)
        }
        subject.onCompleted()
        #expect(done.waitPatiently())
        subscription.dispose()
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(received.values == Array(0..<1_000))
    }

    // MARK: Main queue

    // A limit only against a main queue that is never drained: under ThreadSanitizer on a loaded
    // machine the main thread gets to the queue after a minute and more.
    @Test(.timeLimit(.minutes(5)))
    func mainSchedulerDeliversThroughTheMainQueue() async {
        let mainQueue = DispatchSpecificKey<Int>()
        DispatchQueue.main.setSpecific(key: mainQueue, value: 1)
        let events = ConcurrentRecorder<String>()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                _ = Observable.of(1, 2).observe(on: MainScheduler.instance).subscribe(
                    onNext: { events.append("\($0) on main queue: \(DispatchQueue.getSpecific(key: mainQueue) == 1)") },
                    onCompleted: {
                        events.append("completed on main queue: \(DispatchQueue.getSpecific(key: mainQueue) == 1)")
                        continuation.resume()
                    })
            }
        }
        #expect(events.values == ["1 on main queue: true", "2 on main queue: true", "completed on main queue: true"])
    }
}

/// Forwards to ``CurrentThreadScheduler/instance`` without being one, so that
/// `observe(on:)` picks its general implementation.
private struct ForwardingToTrampoline: ImmediateSchedulerType {
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        CurrentThreadScheduler.instance.schedule(state, action: action)
    }
}
