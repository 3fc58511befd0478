/// Holds one disposable at a time: assigning a new one disposes the previous one.
///
/// Once the serial disposable is disposed, any disposable assigned to it is disposed at once.
public final class SerialDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: guarded by lock
    private let lock = Lock()
    private var current: Disposable?
    private var disposed = false

    /// Creates an empty serial disposable.
    public override init() {}

    /// Whether the serial disposable has been disposed.
    public var isDisposed: Bool {
        lock.performLocked { disposed }
    }

    /// The current disposable; setting it disposes the previous one.
    public var disposable: Disposable {
        get {
            lock.performLocked { current ?? Disposables.create() }
        }
        set {
            let (previous, disposeNew) = lock.performLocked { () -> (Disposable?, Bool) in
                if disposed { return (nil, true) }
                let previous = current
                current = newValue
                return (previous, false)
            }
            previous?.dispose()
            if disposeNew { newValue.dispose() }
        }
    }

    /// Disposes the current disposable and every one assigned later.
    public func dispose() {
        let previous = lock.performLocked { () -> Disposable? in
            if disposed { return nil }
            disposed = true
            let previous = current
            current = nil
            return previous
        }
        previous?.dispose()
    }
}
