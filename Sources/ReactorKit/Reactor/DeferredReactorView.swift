/// A ``ReactorView`` whose bindings wait until its host says the view is ready, as
/// ReactorKit's storyboard views wait for their view to load.
///
/// Assigning ``ReactorView/reactor`` before the view is ready only stores it; the host calls
/// ``performBinding()`` once the view can display (its window opened, its screen drawn), which
/// binds the current reactor. Afterwards, assigning a reactor binds it at once. Each reactor
/// is bound at most once.
///
/// ```swift
/// let screen = TaskListScreen()
/// screen.reactor = TaskListReactor(provider: provider)  // not bound yet
/// terminal.present(screen)
/// screen.performBinding()                                // bind(reactor:) runs now
/// ```
public protocol DeferredReactorView: ReactorView {}

extension DeferredReactorView {
    /// The view's reactor; assigning it replaces ``ReactorView/disposeBag`` and binds it if
    /// the view is ready.
    public var reactor: Reactor? {
        get { viewStorage.reactor as? Reactor }
        set {
            viewStorage.reactor = newValue
            viewStorage.isBound = false
            disposeBag = DisposeBag()
            bindIfReady()
        }
    }

    /// Whether the host has declared the view ready with ``performBinding()``.
    public var isReadyForBinding: Bool {
        viewStorage.isReady
    }

    /// Declares the view ready and binds the current reactor, unless it is already bound.
    public func performBinding() {
        viewStorage.isReady = true
        bindIfReady()
    }

    private func bindIfReady() {
        let storage = viewStorage
        guard storage.isReady, !storage.isBound, let reactor else { return }
        storage.isBound = true
        bind(reactor: reactor)
    }
}
