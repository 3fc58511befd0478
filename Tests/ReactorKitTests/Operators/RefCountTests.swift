import Foundation
import ReactorKit
import ReactorKitTesting
import Testing

/// Ported from the refCount part of RxSwift's `Observable+MulticastTests.swift`.
@Suite struct RefCountTests {
    @Test func deadlockSimple() {
        var events = 0
        let observable = TestConnectableObservable(o: Observable.of(0, 1, 2), s: MySubject<Int>())
        let subscription = observable.subscribe(onNext: { _ in events += 1 })
        observable.connect().dispose()
        #expect(events == 3)
        subscription.dispose()
    }

    @Test func deadlockErrorAfterN() {
        var errors = 0
        let source = Observable<Int>.create { observer in
            observer.onNext(0)
            observer.onNext(1)
            observer.onNext(2)
            observer.onError(testError)
            return Disposables.create()
        }
        let observable = TestConnectableObservable(o: source, s: MySubject<Int>())
        let subscription = observable.subscribe(onError: { _ in errors += 1 })
        observable.connect().dispose()
        #expect(errors == 1)
        subscription.dispose()
    }

    @Test func deadlockErrorImmediately() {
        var errors = 0
        let observable = TestConnectableObservable(o: Observable<Int>.error(testError), s: MySubject<Int>())
        let subscription = observable.subscribe(onError: { _ in errors += 1 })
        observable.connect().dispose()
        #expect(errors == 1)
        subscription.dispose()
    }

    @Test func deadlockEmpty() {
        var completions = 0
        let observable = TestConnectableObservable(o: Observable<Int>.empty(), s: MySubject<Int>())
        let subscription = observable.subscribe(onCompleted: { completions += 1 })
        observable.connect().dispose()
        #expect(completions == 1)
        subscription.dispose()
    }

    @Test func connectsOnFirst() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let subject = MySubject<Int>()
        let connectable = TestConnectableObservable(o: xs.asObservable(), s: subject)
        let res = scheduler.start { connectable.refCount() }
        #expect(res.events == [.next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
        #expect(subject.isDisposed)
    }

    @Test(arguments: [Event<Int>.completed, .error(testError)])
    func doesNotConnectWhenTheSubjectTerminatesSynchronously(_ terminal: Event<Int>) {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1)])
        let subject = PublishSubject<Int>()
        subject.on(terminal)
        let connectable = TestConnectableObservable(o: xs.asObservable(), s: subject)
        let res = scheduler.start { connectable.refCount() }
        #expect(res.events == [Recorded(time: 200, value: terminal)])
        #expect(xs.subscriptions == [])
    }

    @Test func notConnected() {
        var disconnected = false
        var count = 0
        let xs = Observable<Int>.deferred {
            count += 1
            return Observable.create { _ in
                Disposables.create { disconnected = true }
            }
        }
        let subject = MySubject<Int>()
        let refCounted = TestConnectableObservable(o: xs, s: subject).refCount()

        let subscription1 = refCounted.subscribe { _ in }
        #expect(count == 1)
        #expect(subject.subscribeCount == 1)
        #expect(!disconnected)

        let subscription2 = refCounted.subscribe { _ in }
        #expect(count == 1)
        #expect(subject.subscribeCount == 2)
        #expect(!disconnected)

        subscription1.dispose()
        #expect(!disconnected)
        subscription2.dispose()
        #expect(disconnected)
        disconnected = false

        let subscription3 = refCounted.subscribe { _ in }
        #expect(count == 2)
        #expect(subject.subscribeCount == 3)
        #expect(!disconnected)

        subscription3.dispose()
        #expect(disconnected)
    }

    @Test func errorReachesEverySubscriber() {
        expectNoLeaks {
            let refCounted = Observable<Int>.error(testError).publish().refCount()
            var first: [Event<Int>] = []
            var second: [Event<Int>] = []
            _ = refCounted.subscribe { first.append($0) }
            _ = refCounted.subscribe { second.append($0) }
            #expect(first == [.error(testError)])
            #expect(second == [.error(testError)])
        }
    }

    @Test func publish() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6),
            .next(270, 7), .next(280, 8), .next(290, 9), .completed(300),
        ])
        let res = xs.publish().refCount()

        var d1: Disposable?
        let o1 = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(215) { d1 = res.subscribe(o1) }
        scheduler.scheduleAt(235) { d1?.dispose() }

        var d2: Disposable?
        let o2 = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(225) { d2 = res.subscribe(o2) }
        scheduler.scheduleAt(275) { d2?.dispose() }

        var d3: Disposable?
        let o3 = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(255) { d3 = res.subscribe(o3) }
        scheduler.scheduleAt(265) { d3?.dispose() }

        var d4: Disposable?
        let o4 = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(285) { d4 = res.subscribe(o4) }
        scheduler.scheduleAt(320) { d4?.dispose() }

        scheduler.start()

        #expect(o1.events == [.next(220, 2), .next(230, 3)])
        #expect(o2.events == [.next(230, 3), .next(240, 4), .next(250, 5), .next(260, 6), .next(270, 7)])
        #expect(o3.events == [.next(260, 6)])
        #expect(o4.events == [.next(290, 9), .completed(300)])
        #expect(xs.subscriptions == [Subscription(215, 275), Subscription(285, 300)])
    }

    @Test(arguments: [false, true])
    func synchronousResubscribingOnTerminalWorks(withError: Bool) {
        let scheduler = TestScheduler(initialClock: 0)
        let terminal1: Event<Int> = withError ? .error(testError) : .completed
        let terminal2: Event<Int> = withError ? .error(testError1) : .completed
        let terminal3: Event<Int> = withError ? .error(testError2) : .completed
        let xs1 = scheduler.createColdObservable([.next(10, 1), Recorded(time: 20, value: terminal1)])
        let xs2 = scheduler.createColdObservable([.next(10, 2), Recorded(time: 30, value: terminal2)])
        let xs3 = scheduler.createColdObservable([.next(10, 3), Recorded(time: 40, value: terminal3)])

        var attempts = 0
        let xs = Observable<Int>.deferred {
            defer { attempts += 1 }
            switch attempts {
            case 0: return xs1.asObservable()
            case 1: return xs2.asObservable()
            default: return xs3.asObservable()
            }
        }
        let res = xs.multicast(makeSubject: { PublishSubject() }).refCount()

        let o1 = scheduler.createObserver(Int.self)
        let o2 = scheduler.createObserver(Int.self)
        let o3 = scheduler.createObserver(Int.self)
        scheduler.scheduleAt(215) {
            _ = res.subscribe { event in
                o1.on(event)
                if event.isStopEvent { _ = res.subscribe(o1) }
            }
        }
        scheduler.scheduleAt(220) {
            _ = res.subscribe { event in
                o2.on(event)
                if event.isStopEvent { _ = res.subscribe(o2) }
            }
        }
        scheduler.scheduleAt(400) { _ = res.subscribe(o3) }
        scheduler.start()

        let expected: [Recorded<Event<Int>>] = [
            .next(225, 1), Recorded(time: 235, value: terminal1), .next(245, 2), Recorded(time: 265, value: terminal2),
        ]
        #expect(o1.events == expected)
        #expect(o2.events == expected)
        #expect(o3.events == [.next(410, 3), Recorded(time: 440, value: terminal3)])
        #expect(xs1.subscriptions == [Subscription(215, 235)])
        #expect(xs2.subscriptions == [Subscription(235, 265)])
        #expect(xs3.subscriptions == [Subscription(400, 440)])
    }

    @Test func releasesResourcesWhenTheSourceTerminates() {
        expectNoLeaks {
            _ = Observable<Int>.just(1).publish().refCount().subscribe { _ in }
            _ = Observable<Int>.error(testError).publish().refCount().subscribe { _ in }
        }
    }

    @Test func concurrentSubscribeAndDisposeKeepsTheCountConsistent() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            let refCounted = subject.publish().refCount()
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<500 {
                    let subscription = refCounted.subscribe { _ in }
                    subject.onNext(1)
                    subscription.dispose()
                }
            }
            #expect(!subject.hasObservers)
            let subscription = refCounted.subscribe { _ in }
            #expect(subject.hasObservers)
            subscription.dispose()
            #expect(!subject.hasObservers)
        }
    }
}

/// A connectable observable built on `multicast(_:)`, conforming to the protocol directly.
private final class TestConnectableObservable<Subject: SubjectType>: ConnectableObservableType
where Subject.Element == Subject.Observer.Element {
    typealias Element = Subject.Element

    private let connectable: ConnectableObservable<Subject.Element>

    init(o: Observable<Subject.Element>, s: Subject) {
        connectable = o.multicast(s)
    }

    func connect() -> Disposable {
        connectable.connect()
    }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        connectable.subscribe(observer)
    }
}

/// A subject with a single observer that records subscriptions and disposal (RxSwift's `MySubject`).
private final class MySubject<Element>: SubjectType, ObserverType {
    private var observer: AnyObserver<Element>?
    private(set) var subscribeCount = 0
    private(set) var isDisposed = false

    func on(_ event: Event<Element>) {
        observer?.on(event)
    }

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscribeCount += 1
        self.observer = AnyObserver(observer)
        return Disposables.create {
            self.observer = nil
            self.isDisposed = true
        }
    }

    func asObserver() -> MySubject<Element> {
        self
    }
}
