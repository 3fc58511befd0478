import Dispatch
import ReactorKit
import ReactorKitTesting
import Synchronization
import Testing

@Suite struct SubscriptionTests {
    @Test func onDisposedRunsOnceAfterCompletion() {
        expectNoLeaks {
            var log: [String] = []
            let subscription = Observable.of(1, 2).subscribe(
                onNext: { log.append("next \($0)") },
                onError: { _ in log.append("error") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") })
            subscription.dispose()
            #expect(log == ["next 1", "next 2", "completed", "disposed"])
        }
    }

    @Test func onDisposedRunsOnceAfterError() {
        var log: [String] = []
        let subscription = Observable<Int>.error(testError).subscribe(
            onError: { log.append("error \($0)") },
            onDisposed: { log.append("disposed") })
        subscription.dispose()
        #expect(log == ["error error", "disposed"])
    }

    @Test func disposingStopsEverythingAndRunsOnDisposed() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            var log: [String] = []
            let subscription = subject.subscribe(
                onNext: { log.append("next \($0)") },
                onCompleted: { log.append("completed") },
                onDisposed: { log.append("disposed") })
            subject.onNext(1)
            subscription.dispose()
            subscription.dispose()
            subject.onNext(2)
            subject.onCompleted()
            #expect(log == ["next 1", "disposed"])
            #expect(!subject.hasObservers)
        }
    }

    @Test(.reentrantOnPurpose) func nothingIsDeliveredAfterDisposeFromInsideOnNext() {
        expectNoLeaks {
            let subject = PublishSubject<Int>()
            var received: [Int] = []
            var subscription: Disposable?
            subscription = subject.subscribe(onNext: { value in
                received.append(value)
                subscription?.dispose()
                subject.onNext(value + 100)  // re-entrant, after dispose: must not arrive
            })
            subject.onNext(1)
            subject.onNext(2)
            #expect(received == [1])
            // The closure captures the variable holding its own disposable: after dispose that
            // must not be a cycle (expectNoLeaks checks it).
        }
    }

    @Test func subscribeWithObjectHoldsItWeakly() {
        final class Owner {
            var received: [Int] = []
        }
        let subject = PublishSubject<Int>()
        var owner: Owner? = Owner()
        weak let weakOwner = owner
        let subscription = subject.subscribe(with: owner!, onNext: { owner, value in owner.received.append(value) })
        subject.onNext(1)
        #expect(owner?.received == [1])
        owner = nil
        #expect(weakOwner == nil)
        subject.onNext(2)
        subscription.dispose()
    }

    @Test func eventClosureSubscription() {
        var events: [Event<String>] = []
        _ = Observable.of("a").subscribe { events.append($0) }
        #expect(events == [.next("a"), .completed])
    }

    @Test func grammarIsEnforcedForArbitrarySources() {
        // A misbehaving source sends events after its terminal event; every operator
        // chain (here create → map → filter) must cut them off.
        expectNoLeaks {
            var events: [Event<Int>] = []
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(testError)
                observer.onNext(2)
                observer.onCompleted()
                return Disposables.create()
            }
            _ = source.map { $0 * 2 }.filter { _ in true }.subscribe { events.append($0) }
            #expect(events == [.next(2), .error(testError)])
        }
    }

    @Test func concurrentDisposeAndDeliveryDoesNotCrash() {
        let subject = PublishSubject<Int>()
        let received = Atomic<Int>(0)
        let subscriptions = (0..<100).map { _ in
            subject.map { $0 + 1 }.subscribe(onNext: { _ in received.add(1, ordering: .relaxed) })
        }
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            if worker == 0 {
                for value in 0..<2_000 { subject.onNext(value) }
            } else {
                for index in stride(from: worker - 1, to: subscriptions.count, by: 3) {
                    subscriptions[index].dispose()
                }
            }
        }
        #expect(!subject.hasObservers)
        subject.onNext(0)
        let afterAll = received.load(ordering: .relaxed)
        subject.onNext(1)
        let later = received.load(ordering: .relaxed)
        #expect(later == afterAll)
    }

    @Test func asObservableOnAnObservableTypeWrapsIt() {
        let relay = PublishRelay<Int>()
        var received: [Int] = []
        let subscription = relay.asObservable().map { $0 * 2 }.subscribe(onNext: { received.append($0) })
        relay.accept(21)
        #expect(received == [42])
        subscription.dispose()
    }

    @Test func anyObserverAndMapObserver() {
        var received: [Event<String>] = []
        let observer = AnyObserver<String> { received.append($0) }
        let ints: AnyObserver<Int> = observer.mapObserver { "\($0)" }
        ints.onNext(1)
        ints.onCompleted()
        #expect(received == [.next("1"), .completed])
        let erased = observer.asObserver()
        erased.onError(testError)
        #expect(received.last == .error(testError))
    }
}
