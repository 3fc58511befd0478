/// A resource that can be released: a subscription, a scheduled action, a connection.
///
/// Disposing is idempotent and thread-safe for every disposable the library creates.
public protocol Disposable: Sendable {
    /// Releases the resource; calling it again does nothing.
    func dispose()
}

/// A disposable that can tell whether it has been disposed.
public protocol Cancelable: Disposable {
    /// Whether ``Disposable/dispose()`` has been called.
    var isDisposed: Bool { get }
}

extension Disposable {
    /// Adds the disposable to `bag`, to be disposed when the bag is deallocated.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}
