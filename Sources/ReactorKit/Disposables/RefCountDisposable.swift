/// A disposable whose underlying disposable is disposed only once it has been disposed
/// itself and every disposable handed out by ``retain()`` has been disposed too.
///
/// ```swift
/// let shared = RefCountDisposable(disposable: connection)
/// let lease = shared.retain()
/// shared.dispose()  // connection still open: `lease` is outstanding
/// lease.dispose()   // now `connection` is disposed
/// ```
public final class RefCountDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: guarded by lock
    private let lock = Lock()
    private var disposable: Disposable?  // nil once disposed
    private var primaryDisposed = false
    private var count = 0

    /// Creates a disposable that guards `disposable`.
    public init(disposable: Disposable) {
        self.disposable = disposable
        super.init()
    }

    /// Whether the underlying disposable has been disposed.
    public var isDisposed: Bool {
        lock.performLocked { disposable == nil }
    }

    /// Returns a disposable that keeps the underlying disposable alive until it is disposed;
    /// after the underlying disposable is gone, a disposable that does nothing.
    public func retain() -> Disposable {
        lock.performLocked {
            guard disposable != nil else { return Disposables.create() }
            let (next, overflow) = count.addingReportingOverflow(1)
            precondition(!overflow, "RefCountDisposable increment failed")
            count = next
            return RefCountInnerDisposable(parent: self)
        }
    }

    /// Disposes the underlying disposable now if nothing retains it, or else once the last
    /// retained disposable is disposed.
    public func dispose() {
        let toDispose: Disposable? = lock.performLocked {
            guard let current = disposable, !primaryDisposed else { return nil }
            primaryDisposed = true
            guard count == 0 else { return nil }
            disposable = nil
            return current
        }
        toDispose?.dispose()
    }

    fileprivate func release() {
        let toDispose: Disposable? = lock.performLocked {
            guard let current = disposable else { return nil }
            count -= 1
            precondition(count >= 0, "RefCountDisposable counter is lower than 0")
            guard primaryDisposed && count == 0 else { return nil }
            disposable = nil
            return current
        }
        toDispose?.dispose()
    }
}

/// One reference handed out by ``RefCountDisposable/retain()``.
private final class RefCountInnerDisposable: DisposeBase, Disposable, @unchecked Sendable {
    // @unchecked Sendable: immutable; `disposed` is atomic
    private let parent: RefCountDisposable
    private let disposed = AtomicFlag()

    init(parent: RefCountDisposable) {
        self.parent = parent
        super.init()
    }

    func dispose() {
        if disposed.set() {
            parent.release()
        }
    }
}
