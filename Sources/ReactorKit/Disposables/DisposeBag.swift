/// Collects disposables and disposes them all when the bag is deallocated.
///
/// Replace the bag (`disposeBag = DisposeBag()`) to dispose everything it holds early.
///
/// ```swift
/// let disposeBag = DisposeBag()
/// subject.subscribe(onNext: { print($0) }).disposed(by: disposeBag)
/// ```
public final class DisposeBag: DisposeBase, @unchecked Sendable {
    // @unchecked Sendable: guarded by lock
    private let lock = Lock()
    private var disposables: [Disposable] = []
    private var isDisposed = false

    /// Creates an empty bag.
    public override init() {}

    /// Creates a bag holding the given disposables.
    public convenience init(disposing disposables: Disposable...) {
        self.init()
        self.disposables = disposables
    }

    /// Creates a bag holding the given disposables.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        self.disposables = disposables
    }

    /// Creates a bag holding the disposables the builder lists, one per line.
    ///
    /// ```swift
    /// let disposeBag = DisposeBag {
    ///     reactor.state.subscribe(onNext: render)
    ///     refresh.bind(to: reactor.action)
    /// }
    /// ```
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(disposing: builder())
    }

    /// Adds a disposable; if the bag is already being torn down, disposes it at once.
    public func insert(_ disposable: Disposable) {
        let disposeNow = lock.performLocked { () -> Bool in
            if isDisposed { return true }
            disposables.append(disposable)
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// Adds several disposables.
    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    /// Adds several disposables.
    public func insert(_ disposables: [Disposable]) {
        let disposeNow = lock.performLocked { () -> Bool in
            if isDisposed { return true }
            self.disposables.append(contentsOf: disposables)
            return false
        }
        if disposeNow {
            for disposable in disposables { disposable.dispose() }
        }
    }

    /// Adds the disposables the builder lists, one per line.
    ///
    /// ```swift
    /// disposeBag.insert {
    ///     name.bind(to: nameLabel)
    ///     count.bind(to: countLabel)
    /// }
    /// ```
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    private func dispose() {
        let current = lock.performLocked { () -> [Disposable] in
            isDisposed = true
            let current = disposables
            disposables = []
            return current
        }
        for disposable in current {
            disposable.dispose()
        }
    }

    deinit {
        dispose()
    }
}

extension DisposeBag {
    /// Builds the array of disposables for ``DisposeBag/init(builder:)`` and
    /// ``DisposeBag/insert(builder:)`` from one disposable per line.
    @resultBuilder
    public struct DisposableBuilder {
        /// Collects the listed disposables.
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] {
            disposables
        }
    }
}
