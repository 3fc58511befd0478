import Foundation
import ReactorKit
import ReactorKitTesting
import Testing

/// Ported from RxSwift's `Observable+ShareReplayScopeTests.swift`, plus the specialised
/// `share(replay: 0 or 1)` semantics and thread safety.
@Suite struct ShareReplayScopeTests {
    private static let elements: [Recorded<Event<Int>>] = [
        .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6), .next(550, 7),
    ]

    /// Subscribes res1 at 200–350, res2 at 300–400 and res3 at 500–600.
    private func runSchedule(
        _ scheduler: TestScheduler,
        share: @escaping () -> Observable<Int>
    ) -> (TestableObserver<Int>, TestableObserver<Int>, TestableObserver<Int>) {
        var ys: Observable<Int>?
        var subscription1: Disposable?
        var subscription2: Disposable?
        var subscription3: Disposable?
        let res1 = scheduler.createObserver(Int.self)
        let res2 = scheduler.createObserver(Int.self)
        let res3 = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = share() }
        scheduler.scheduleAt(200) { subscription1 = ys!.subscribe(res1) }
        scheduler.scheduleAt(300) { subscription2 = ys!.subscribe(res2) }
        scheduler.scheduleAt(350) { subscription1?.dispose() }
        scheduler.scheduleAt(400) { subscription2?.dispose() }
        scheduler.scheduleAt(500) { subscription3 = ys!.subscribe(res3) }
        scheduler.scheduleAt(600) { subscription3?.dispose() }
        scheduler.start()
        return (res1, res2, res3)
    }

    @Test func defaultArguments() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.elements)
        let (res1, res2, res3) = runSchedule(scheduler) { xs.share() }
        #expect(
            res1.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6)])
        #expect(res2.events == [.next(320, 6)])
        #expect(res3.events == [.next(550, 7)])
        #expect(xs.subscriptions == [Subscription(200, 400), Subscription(500, 600)])
    }

    @Test(arguments: 0..<5)
    func foreverReceivesCorrectElements(replay: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.elements)
        let (res1, res2, res3) = runSchedule(scheduler) { xs.share(replay: replay, scope: .forever) }
        #expect(
            res1.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6)])
        let replayed2 = (0..<replay).map { Recorded.next(300, 6 - replay + $0) }
        let replayed3 = (0..<replay).map { Recorded.next(500, 7 - replay + $0) }
        #expect(res2.events == replayed2 + [.next(320, 6)])
        #expect(res3.events == replayed3 + [.next(550, 7)])
        #expect(xs.subscriptions == [Subscription(200, 400), Subscription(500, 600)])
    }

    @Test(arguments: 0..<5)
    func whileConnectedReceivesCorrectElements(replay: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable(Self.elements)
        let (res1, res2, res3) = runSchedule(scheduler) { xs.share(replay: replay, scope: .whileConnected) }
        #expect(
            res1.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6)])
        let replayed2 = (0..<replay).map { Recorded.next(300, 6 - replay + $0) }
        #expect(res2.events == replayed2 + [.next(320, 6)])
        #expect(res3.events == [.next(550, 7)])
        #expect(xs.subscriptions == [Subscription(200, 400), Subscription(500, 600)])
    }

    /// The terminal-event scenario: res1 (200) and res2 (300) subscribe res1_ and res2_ from
    /// their terminal event's handler; those are disposed at 350 and 400.
    private func runTerminalSchedule(
        _ scheduler: TestScheduler,
        terminal: Event<Int>,
        scope: SubjectLifetimeScope,
        replay: Int
    ) -> (xs: TestableObservable<Int>, results: [TestableObserver<Int>]) {
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6),
            Recorded(time: 330, value: terminal), .next(340, -1), .next(550, 7),
        ])
        var ys: Observable<Int>?
        var subscription1: Disposable?
        var subscription2: Disposable?
        var subscription3: Disposable?
        let results = (0..<5).map { _ in scheduler.createObserver(Int.self) }
        let (res1, res2, res1_, res2_, res3) = (results[0], results[1], results[2], results[3], results[4])
        scheduler.scheduleAt(TestScheduler.Defaults.created) { ys = xs.share(replay: replay, scope: scope) }
        scheduler.scheduleAt(200) {
            subscription1 = ys!.subscribe { event in
                res1.on(event)
                if event.isStopEvent { subscription1 = ys!.subscribe(res1_) }
            }
        }
        scheduler.scheduleAt(300) {
            subscription2 = ys!.subscribe { event in
                res2.on(event)
                if event.isStopEvent { subscription2 = ys!.subscribe(res2_) }
            }
        }
        scheduler.scheduleAt(350) { subscription1?.dispose() }
        scheduler.scheduleAt(400) { subscription2?.dispose() }
        scheduler.scheduleAt(500) { subscription3 = ys!.subscribe(res3) }
        scheduler.scheduleAt(600) { subscription3?.dispose() }
        scheduler.start()
        return (xs, results)
    }

    @Test(arguments: [Event<Int>.completed, .error(testError)], 0..<5)
    func foreverTerminal(_ terminal: Event<Int>, replay: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, results) = runTerminalSchedule(scheduler, terminal: terminal, scope: .forever, replay: replay)
        let (res1, res2, res1_, res2_, res3) = (results[0], results[1], results[2], results[3], results[4])
        #expect(
            res1.events == [
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6),
                Recorded(time: 330, value: terminal),
            ])
        let replayed1 = (0..<replay).map { Recorded.next(330, 7 - replay + $0) }
        #expect(res1_.events == replayed1 + [Recorded(time: 330, value: terminal)])
        #expect(res2_.events == replayed1 + [Recorded(time: 330, value: terminal)])
        let replayed2 = (0..<replay).map { Recorded.next(300, 6 - replay + $0) }
        #expect(res2.events == replayed2 + [.next(320, 6), Recorded(time: 330, value: terminal)])
        let replayed3 = (0..<replay).map { Recorded.next(500, 7 - replay + $0) }
        #expect(res3.events == replayed3 + [Recorded(time: 500, value: terminal)])
        #expect(xs.subscriptions == [Subscription(200, 330)])
    }

    @Test(arguments: [Event<Int>.completed, .error(testError)], 0..<5)
    func whileConnectedTerminalResubscribesTheSource(_ terminal: Event<Int>, replay: Int) {
        let scheduler = TestScheduler(initialClock: 0)
        let (xs, results) = runTerminalSchedule(scheduler, terminal: terminal, scope: .whileConnected, replay: replay)
        let (res1, res2, res1_, res2_, res3) = (results[0], results[1], results[2], results[3], results[4])
        #expect(
            res1.events == [
                .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(320, 6),
                Recorded(time: 330, value: terminal),
            ])
        #expect(res1_.events == [.next(340, -1)])
        #expect(res2_.events == [.next(340, -1)])
        let replayed2 = (0..<replay).map { Recorded.next(300, 6 - replay + $0) }
        #expect(res2.events == replayed2 + [.next(320, 6), Recorded(time: 330, value: terminal)])
        #expect(res3.events == [.next(550, 7)])
        #expect(xs.subscriptions == [Subscription(200, 330), Subscription(330, 400), Subscription(500, 600)])
    }

    @Test(arguments: [SubjectLifetimeScope.forever, .whileConnected], 0..<5)
    func releasesResourcesWhenTheSourceTerminates(scope: SubjectLifetimeScope, replay: Int) {
        expectNoLeaks {
            _ = Observable<Int>.just(1).share(replay: replay, scope: scope).subscribe { _ in }
            _ = Observable<Int>.error(testError).share(replay: replay, scope: scope).subscribe { _ in }
        }
    }

    // MARK: share(replay: 1) and share() specifics

    @Test func lateSubscriberGetsTheLatestElementSynchronouslyOnSubscribe() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let shared = subject.share(replay: 1)
            var first: [Int] = []
            let subscription1 = shared.subscribe(onNext: { first.append($0) })
            subject.onNext(1)
            subject.onNext(2)
            var second: [Int] = []
            let subscription2 = shared.subscribe(onNext: { second.append($0) })
            #expect(second == [2])
            subject.onNext(3)
            #expect(first == [1, 2, 3])
            #expect(second == [2, 3])
            subscription1.dispose()
            subscription2.dispose()
            #expect(!subject.hasObservers)
        }
    }

    @Test(arguments: [0, 1])
    func subscribesOnFirstObserverAndUnsubscribesAfterTheLast(replay: Int) {
        expectNoLeaks {
            var subscriptions = 0
            var disposals = 0
            let subject = PublishSubject<Int>()
            let source = Observable<Int>.create { observer in
                subscriptions += 1
                let inner = subject.subscribe(observer)
                return Disposables.create {
                    disposals += 1
                    inner.dispose()
                }
            }
            let shared = source.share(replay: replay)
            #expect(subscriptions == 0)
            let subscription1 = shared.subscribe { _ in }
            let subscription2 = shared.subscribe { _ in }
            #expect(subscriptions == 1)
            subject.onNext(1)
            subscription1.dispose()
            #expect(disposals == 0)
            subscription2.dispose()
            subscription2.dispose()
            #expect(disposals == 1)

            // A new connection gets a fresh (empty) replay buffer.
            var received: [Int] = []
            let subscription3 = shared.subscribe(onNext: { received.append($0) })
            #expect(subscriptions == 2)
            #expect(received == [])
            subject.onNext(2)
            #expect(received == [2])
            subscription3.dispose()
            #expect(disposals == 2)
        }
    }

    @Test(arguments: [0, 1])
    func subscribingAfterCompletionSubscribesTheSourceAgain(replay: Int) {
        expectNoLeaks {
            var subscriptions = 0
            let source = Observable<Int>.deferred {
                subscriptions += 1
                return Observable.of(subscriptions * 10, subscriptions * 10 + 1)
            }
            let shared = source.share(replay: replay)
            var events: [Event<Int>] = []
            _ = shared.subscribe { events.append($0) }
            _ = shared.subscribe { events.append($0) }
            #expect(subscriptions == 2)
            #expect(events == [.next(10), .next(11), .completed, .next(20), .next(21), .completed])
        }
    }

    @Test func foreverScopeReplaysTheTerminalEventWithoutResubscribing() {
        expectNoLeaks {
            var subscriptions = 0
            let source = Observable<Int>.deferred {
                subscriptions += 1
                return Observable.of(1, 2)
            }
            let shared = source.share(replay: 1, scope: .forever)
            var events: [Event<Int>] = []
            _ = shared.subscribe { events.append($0) }
            _ = shared.subscribe { events.append($0) }
            #expect(subscriptions == 1)
            #expect(events == [.next(1), .next(2), .completed, .next(2), .completed])
        }
    }

    @Test func disposedObserverReceivesNothingMoreEvenDuringADelivery() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let shared = subject.share()
            var second: [Int] = []
            var subscription2: Disposable?
            let subscription1 = shared.subscribe(onNext: { _ in subscription2?.dispose() })
            subscription2 = shared.subscribe(onNext: { second.append($0) })
            subject.onNext(1)
            #expect(second == [])
            subscription1.dispose()
            #expect(!subject.hasObservers)
        }
    }

    @Test func observerSubscribingFromTheReplayJoinsTheSameConnection() {
        expectNoLeaks {
            var subscriptions = 0
            let subject = PublishSubject<Int>()
            let source = Observable<Int>.create { observer in
                subscriptions += 1
                return subject.subscribe(observer)
            }
            let shared = source.share(replay: 1)
            var inner: [Int] = []
            var innerSubscription: Disposable?
            let subscription1 = shared.subscribe { _ in }
            subject.onNext(5)
            let subscription2 = shared.subscribe(onNext: { _ in
                if innerSubscription == nil {
                    innerSubscription = shared.subscribe(onNext: { inner.append($0) })
                }
            })
            #expect(inner == [5])
            subject.onNext(6)
            #expect(inner == [5, 6])
            #expect(subscriptions == 1)
            subscription1.dispose()
            subscription2.dispose()
            innerSubscription?.dispose()
            #expect(!subject.hasObservers)
        }
    }

    @Test(arguments: [0, 1, 2])
    func concurrentSubscribeAndDispose(replay: Int) {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let shared = subject.share(replay: replay)
            let keeper = shared.subscribe { _ in }
            let emitter = DispatchQueue(label: "emitter")
            let stop = AtomicBox(false)
            let group = DispatchGroup()
            emitter.async(group: group) {
                var value = 0
                while !stop.value {
                    subject.onNext(value)
                    value += 1
                }
            }
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                for _ in 0..<300 {
                    let received = AtomicBox<[Int]>([])
                    let subscription = shared.subscribe(onNext: { value in received.mutate { $0.append(value) } })
                    subscription.dispose()
                    let values = received.value
                    // Elements arrive in order, without duplicates.
                    #expect(values == values.sorted() && Set(values).count == values.count)
                }
            }
            stop.mutate { $0 = true }
            group.wait()
            #expect(subject.hasObservers)
            keeper.dispose()
            #expect(!subject.hasObservers)

            // With no observer left, subscribing connects again from many threads at once.
            let subscriptions = AtomicBox<[Disposable]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let subscription = shared.subscribe { _ in }
                subscriptions.mutate { $0.append(subscription) }
            }
            #expect(subject.hasObservers)
            for subscription in subscriptions.value {
                subscription.dispose()
            }
            #expect(!subject.hasObservers)
        }
    }
}

/// A lock-guarded value for the threading tests.
private final class AtomicBox<Value>: @unchecked Sendable {
    // @unchecked Sendable: guarded by lock
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) {
        storage = value
    }

    var value: Value {
        lock.withLock { storage }
    }

    func mutate(_ body: (inout Value) -> Void) {
        lock.withLock { body(&storage) }
    }
}
