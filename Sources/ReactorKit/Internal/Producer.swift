/// What ``Producer/run(_:cancel:)`` returns: the sink, and its upstream subscription.
typealias SinkAndSubscription = (sink: Disposable, subscription: Disposable)

/// Base class of operators: each subscription creates a sink through `run(_:cancel:)`.
///
/// As in RxSwift, a subscription made outside any scheduled work runs inside the current
/// thread's trampoline (``CurrentThreadScheduler``), so work that sources schedule on it
/// (`Observable.of`, `from`, recursion) runs before `subscribe` returns, in order.
@usableFromInline
class Producer<Element>: Observable<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    @usableFromInline
    override init() {}

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        if !CurrentThreadScheduler.isScheduleRequired {
            return subscribeNow(observer)
        }
        return CurrentThreadScheduler.instance.schedule(()) { _ in
            self.subscribeNow(observer)
        }
    }

    @inline(__always)
    private func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let disposer = SinkDisposer()
        let (sink, subscription) = run(observer, cancel: disposer)
        disposer.setSinkAndSubscription(sink: sink, subscription: subscription)
        return disposer
    }

    /// Creates the sink for one subscription and subscribes it upstream.
    func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        rxAbstractMethod()
    }
}
