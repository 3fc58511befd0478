/// A disposable that disposes its inner disposable on a scheduler.
///
/// `subscribe(on:)` uses it so that unsubscription, like subscription, happens on its
/// scheduler.
///
/// ```swift
/// let disposable = ScheduledDisposable(scheduler: MainScheduler.instance, disposable: subscription)
/// disposable.dispose()  // `subscription` is disposed on the main queue
/// ```
public final class ScheduledDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `disposable` is read and cleared only by the caller that wins `disposed`
    /// The scheduler the inner disposable is disposed on.
    public let scheduler: ImmediateSchedulerType

    private let disposed = AtomicFlag()
    private var disposable: Disposable?

    /// Creates a disposable that disposes `disposable` on `scheduler`.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.disposable = disposable
    }

    /// Whether the inner disposable has been disposed.
    public var isDisposed: Bool {
        disposed.isSet
    }

    /// Schedules the disposal of the inner disposable on ``scheduler``.
    public func dispose() {
        _ = scheduler.schedule(self) { scheduled in
            scheduled.disposeInner()
            return Disposables.create()
        }
    }

    private func disposeInner() {
        guard disposed.set() else { return }
        let inner = disposable
        disposable = nil
        inner?.dispose()
    }
}
