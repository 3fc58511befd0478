import ReactorKit
import ReactorKitTesting
import Testing

/// The order of `onDisposed` and upstream disposal actions, as RxSwift runs them.
///
/// RxSwift's `subscribe(onNext:onError:onCompleted:onDisposed:)` (ObservableType+Extensions)
/// runs `onDisposed` from its observer right after `onError`/`onCompleted`, while the sink that
/// delivered the event disposes itself (and its upstream) only after `forwardOn` returns
/// (Sink.swift, `forwardOn` then `dispose()`). An explicit dispose goes the other way:
/// `Disposables.create(upstream, onDisposedDisposable)` disposes the upstream first.
@Suite struct DisposalOrderTests {
    /// Records the calls of a scenario, in order.
    final class Log {
        var entries: [String] = []

        func callAsFunction(_ entry: String) {
            entries.append(entry)
        }
    }

    @Test func completionAfterSubscribeReturned() {
        // The example.
        expectNoLeaks {
            let log = Log()
            let subject = PublishSubject<Int>()
            _ = subject.do(onDispose: { log("do.onDispose") })
                .subscribe(onCompleted: { log("onCompleted") }, onDisposed: { log("onDisposed") })
            subject.onCompleted()
            #expect(log.entries == ["onCompleted", "onDisposed", "do.onDispose"])
        }
    }

    @Test func errorAfterSubscribeReturned() {
        expectNoLeaks {
            let log = Log()
            let subject = PublishSubject<Int>()
            _ = subject.do(onDispose: { log("do.onDispose") })
                .subscribe(onError: { _ in log("onError") }, onDisposed: { log("onDisposed") })
            subject.onError(testError)
            #expect(log.entries == ["onError", "onDisposed", "do.onDispose"])
        }
    }

    @Test func terminationDuringSubscribe() {
        // Already RxSwift's order: the sink's disposal waits until `subscribe` has set it up.
        expectNoLeaks {
            let log = Log()
            _ = Observable.just(1).do(onDispose: { log("do.onDispose") })
                .subscribe(onCompleted: { log("onCompleted") }, onDisposed: { log("onDisposed") })
            #expect(log.entries == ["onCompleted", "onDisposed", "do.onDispose"])
        }
    }

    @Test func explicitDisposeRunsUpstreamDisposalFirst() {
        expectNoLeaks {
            let log = Log()
            let subject = PublishSubject<Int>()
            let subscription = subject.do(onDispose: { log("do.onDispose") })
                .subscribe(onCompleted: { log("onCompleted") }, onDisposed: { log("onDisposed") })
            subscription.dispose()
            subject.onCompleted()
            #expect(log.entries == ["do.onDispose", "onDisposed"])
        }
    }

    @Test func afterCompletedRunsBeforeTheUpstreamDisposal() {
        // DoSink: onCompleted, forward, afterCompleted, then dispose().
        expectNoLeaks {
            let log = Log()
            let subject = PublishSubject<Int>()
            _ = subject.do(
                onCompleted: { log("do.onCompleted") }, afterCompleted: { log("do.afterCompleted") },
                onDispose: { log("do.onDispose") }
            )
            .subscribe(onCompleted: { log("onCompleted") }, onDisposed: { log("onDisposed") })
            subject.onCompleted()
            #expect(
                log.entries == ["do.onCompleted", "onCompleted", "onDisposed", "do.afterCompleted", "do.onDispose"])
        }
    }

    @Test func aTestableObservableIsUnsubscribedWhenItsSequenceEnds() {
        // As in RxSwift: `subscribe(onNext:)` subscribes to `asObservable()`, which for a
        // testable observable is `Observable.create { self.subscribe($0) }`; that sink disposes
        // itself on the terminal event, so the hot observable records the unsubscription at
        // completion (300), not at the later dispose (400), and onDisposed runs once.
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        var log: [String] = []
        var subscription: Disposable?
        scheduler.scheduleAt(200) {
            subscription = xs.subscribe(
                onNext: { log.append("onNext \($0)") }, onCompleted: { log.append("onCompleted") },
                onDisposed: { log.append("onDisposed") })
        }
        scheduler.scheduleAt(400) { subscription?.dispose() }
        scheduler.start()
        #expect(log == ["onNext 1", "onCompleted", "onDisposed"])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func createsDisposable() {
        expectNoLeaks {
            let log = Log()
            var observer: AnyObserver<Int>?
            _ = Observable<Int>.create { created in
                observer = created
                return Disposables.create { log("create.dispose") }
            }
            .subscribe(onCompleted: { log("onCompleted") }, onDisposed: { log("onDisposed") })
            observer?.onCompleted()
            #expect(log.entries == ["onCompleted", "onDisposed", "create.dispose"])

            log.entries = []
            _ = Observable<Int>.create { created in
                observer = created
                return Disposables.create { log("create.dispose") }
            }
            .subscribe(onError: { _ in log("onError") }, onDisposed: { log("onDisposed") })
            observer?.onError(testError)
            #expect(log.entries == ["onError", "onDisposed", "create.dispose"])
            observer = nil
        }
    }

    @Test func takeOne() {
        expectNoLeaks {
            let log = Log()
            let subject = PublishSubject<Int>()
            _ = subject.do(onDispose: { log("do.onDispose") })
                .take(1)
                .subscribe(
                    onNext: { log("onNext \($0)") }, onCompleted: { log("onCompleted") },
                    onDisposed: { log("onDisposed") })
            subject.onNext(1)
            #expect(log.entries == ["onNext 1", "onCompleted", "onDisposed", "do.onDispose"])
        }
    }

    @Test func takeUntilOther() {
        // TakeUntilSink: forwardOn(.completed), then dispose(): the source subscription, then
        // the other one (`Disposables.create(sourceSubscription, otherSubscription)`).
        expectNoLeaks {
            let log = Log()
            let source = PublishSubject<Int>()
            let other = PublishSubject<Void>()
            _ = source.do(onDispose: { log("source.onDispose") })
                .take(until: other.do(onDispose: { log("other.onDispose") }))
                .subscribe(onCompleted: { log("onCompleted") }, onDisposed: { log("onDisposed") })
            other.onNext(())
            #expect(log.entries == ["onCompleted", "onDisposed", "source.onDispose", "other.onDispose"])
        }
    }

    @Test func flatMapInnerError() {
        // MergeSink: forwardOn(.error), then dispose(): its group, the source subscription
        // first (inserted first), then the inner ones.
        expectNoLeaks {
            let log = Log()
            let outer = PublishSubject<Int>()
            let inner = PublishSubject<Int>()
            _ = outer.do(onDispose: { log("outer.onDispose") })
                .flatMap { _ in inner.do(onDispose: { log("inner.onDispose") }) }
                .subscribe(onError: { _ in log("onError") }, onDisposed: { log("onDisposed") })
            outer.onNext(1)
            inner.onError(testError)
            #expect(log.entries == ["onError", "onDisposed", "outer.onDispose", "inner.onDispose"])
        }
    }
}
