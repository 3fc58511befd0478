/// Disposes two disposables together, once.
final class BinaryDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: fields are touched only by the thread that wins `disposed`
    private let disposed = AtomicFlag()
    private var first: Disposable?
    private var second: Disposable?

    init(_ first: Disposable, _ second: Disposable) {
        self.first = first
        self.second = second
    }

    var isDisposed: Bool {
        disposed.isSet
    }

    func dispose() {
        guard disposed.set() else { return }
        let first = self.first
        let second = self.second
        self.first = nil
        self.second = nil
        first?.dispose()
        second?.dispose()
    }
}
