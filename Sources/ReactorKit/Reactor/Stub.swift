/// A reactor's stand-in for view tests: set its state, and read the actions it received.
///
/// Enable it with `reactor.isStubEnabled = true`; `reactor.action` and `reactor.state` then
/// are ``action`` and ``state``, and the reactor's `mutate`/`reduce` never run.
///
/// ```swift
/// reactor.isStubEnabled = true
/// view.reactor = reactor
/// view.tapRefresh()
/// XCTAssertEqual(reactor.stub.actions.last, .refresh)
/// reactor.stub.state.value = MyReactor.State(isLoading: true)
/// ```
public final class Stub<Reactor: ReactorKit.Reactor>: @unchecked Sendable {
    // @unchecked Sendable: `recorded` is guarded by lock; the rest is immutable
    private unowned let reactor: Reactor
    private let disposeBag: DisposeBag
    private let lock = Lock()
    private var recorded: [Reactor.Action] = []

    /// The stubbed state; each value set is written to `reactor.currentState`.
    public let state: StateRelay<Reactor.State>

    /// The stubbed action subject.
    public let action: ActionSubject<Reactor.Action>

    /// Every action sent to ``action``, in order.
    public var actions: [Reactor.Action] {
        lock.performLocked { recorded }
    }

    /// Creates a stub for `reactor` whose subscriptions live in `disposeBag`.
    public init(reactor: Reactor, disposeBag: DisposeBag) {
        self.reactor = reactor
        self.disposeBag = disposeBag
        state = StateRelay(value: reactor.initialState)
        action = ActionSubject()
        state.asObservable()
            .subscribe(onNext: { [weak reactor] state in
                reactor?.currentState = state
            })
            .disposed(by: disposeBag)
        action
            .subscribe(onNext: { [weak self] action in
                guard let self else { return }
                self.lock.performLocked { self.recorded.append(action) }
            })
            .disposed(by: disposeBag)
    }
}
