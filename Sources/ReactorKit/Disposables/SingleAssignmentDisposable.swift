/// A disposable whose inner disposable can be set once, before or after it is disposed.
///
/// If it is disposed before the inner disposable is set, the inner one is disposed as soon as
/// it arrives. Setting it twice is a programming error.
public final class SingleAssignmentDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: guarded by lock
    private let lock = Lock()
    private var inner: Disposable?
    private var isSet = false
    private var disposed = false

    /// Creates a disposable with no inner disposable yet.
    public override init() {}

    /// Whether the disposable has been disposed.
    public var isDisposed: Bool {
        lock.performLocked { disposed }
    }

    /// Sets the inner disposable; disposes it at once if this object is already disposed.
    ///
    /// - Precondition: called at most once.
    public func setDisposable(_ disposable: Disposable) {
        let disposeNow = lock.performLocked { () -> Bool in
            precondition(!isSet, "SingleAssignmentDisposable.setDisposable called twice")
            isSet = true
            if disposed { return true }
            inner = disposable
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Disposes the inner disposable, now or as soon as it is set.
    public func dispose() {
        let current = lock.performLocked { () -> Disposable? in
            if disposed { return nil }
            disposed = true
            let current = inner
            inner = nil
            return current
        }
        current?.dispose()
    }
}
