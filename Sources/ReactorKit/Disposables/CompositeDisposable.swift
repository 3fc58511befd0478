/// A group of disposables disposed together; items can be added and removed until then.
///
/// ```swift
/// let group = CompositeDisposable()
/// let key = group.insert(subscription)
/// group.remove(for: key!)   // disposes `subscription` now
/// group.dispose()           // disposes everything still inside
/// ```
public final class CompositeDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: guarded by lock
    /// A key returned by ``insert(_:)``, used to remove that disposable again.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let key: BagKey
    }

    private let lock = Lock()
    private var disposables: Bag<Disposable>? = Bag()  // nil once disposed

    /// Creates an empty group.
    public override init() {}

    /// Creates a group holding two disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable) {
        super.init()
        _ = disposables?.insert(disposable1)
        _ = disposables?.insert(disposable2)
    }

    /// Creates a group holding three disposables.
    public init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        super.init()
        _ = disposables?.insert(disposable1)
        _ = disposables?.insert(disposable2)
        _ = disposables?.insert(disposable3)
    }

    /// Creates a group holding four or more disposables.
    public convenience init(
        _ disposable1: Disposable,
        _ disposable2: Disposable,
        _ disposable3: Disposable,
        _ disposable4: Disposable,
        _ disposables: Disposable...
    ) {
        self.init(disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
    }

    /// Creates a group holding the given disposables.
    public init(disposables: [Disposable]) {
        super.init()
        for disposable in disposables {
            _ = self.disposables?.insert(disposable)
        }
    }

    /// Adds a disposable; if the group is already disposed, disposes it at once.
    ///
    /// - Returns: A key for ``remove(for:)``, or `nil` when the group was already disposed.
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        lock.lock()
        guard disposables != nil else {
            lock.unlock()
            disposable.dispose()
            return nil
        }
        let key = disposables!.insert(disposable)
        lock.unlock()
        return DisposeKey(key: key)
    }

    /// The number of disposables in the group.
    public var count: Int {
        lock.performLocked { disposables?.count ?? 0 }
    }

    /// Removes the disposable added under `disposeKey` and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        let removed = lock.performLocked { disposables?.removeKey(disposeKey.key) }
        removed?.dispose()
    }

    /// Whether the group has been disposed.
    public var isDisposed: Bool {
        lock.performLocked { disposables == nil }
    }

    /// Disposes every disposable in the group, in insertion order; later inserts are disposed at once.
    public func dispose() {
        let removed = lock.performLocked { () -> Bag<Disposable>? in
            let current = disposables
            disposables = nil
            return current
        }
        guard let removed else { return }
        for disposable in removed.items {
            disposable.dispose()
        }
    }
}
