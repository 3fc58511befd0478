/// Runs an action once, on its first disposal, then releases it.
final class AnonymousDisposable: DisposeBase, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: action is touched only by the thread that wins `disposed`
    private let disposed = AtomicFlag()
    private var action: (() -> Void)?

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    var isDisposed: Bool {
        disposed.isSet
    }

    func dispose() {
        guard disposed.set() else { return }
        let action = self.action
        self.action = nil
        action?()
    }
}
