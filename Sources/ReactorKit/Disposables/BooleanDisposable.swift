/// A disposable that only records whether it has been disposed.
public final class BooleanDisposable: Cancelable {
    private let disposed = AtomicFlag()

    /// Creates a disposable that is not disposed yet.
    public init() {}

    /// Creates a disposable, already disposed when `isDisposed` is `true`.
    public init(isDisposed: Bool) {
        if isDisposed { disposed.set() }
    }

    /// Whether ``dispose()`` has been called.
    public var isDisposed: Bool {
        disposed.isSet
    }

    /// Marks the disposable as disposed.
    public func dispose() {
        disposed.set()
    }
}
