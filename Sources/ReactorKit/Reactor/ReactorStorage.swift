import ReactorKitRuntime
import Synchronization

/// Everything a reactor keeps besides its own properties: the action subject, the state
/// stream and its connection, the current state, and the stub. Attached to the reactor
/// through ``ObjectStorage`` and freed with it, which disposes the state stream.
final class ReactorStorage<Action, Mutation, State>: @unchecked Sendable {
    // @unchecked Sendable: mutable fields are guarded by `lock`; `plainReady` is atomic
    let actionSubject = ActionSubject<Action>()
    let currentState: CurrentState<State>
    let disposeBag = DisposeBag()

    private let lock = RecursiveLock()
    private var stream: Observable<State>?  // guarded by lock
    private var buildingThread: UInt = 0  // guarded by lock: the thread building `stream`
    private var stubEnabled = false  // guarded by lock
    private var stubObject: AnyObject?  // guarded by lock
    /// The stream exists and the stub is off: `action` can return the subject without locking.
    private let plainReady = Atomic<Bool>(false)

    init(initialState: State) {
        currentState = CurrentState(initialState)
    }

    /// The reactor's `action`: the action subject once the state stream exists, or the stub's.
    func action<R: Reactor>(for reactor: R) -> ActionSubject<Action>
    where R.Action == Action, R.Mutation == Mutation, R.State == State {
        if plainReady.load(ordering: .acquiring) {
            return actionSubject
        }
        return slowAction(for: reactor)
    }

    @inline(never)
    private func slowAction<R: Reactor>(for reactor: R) -> ActionSubject<Action>
    where R.Action == Action, R.Mutation == Mutation, R.State == State {
        lock.lock()
        defer { lock.unlock() }
        if stubEnabled {
            return stub(for: reactor).action
        }
        _ = ensureStream(for: reactor)
        return actionSubject
    }

    /// The reactor's `state`: the state stream, built on first use, or the stub's.
    func state<R: Reactor>(for reactor: R) -> Observable<State>
    where R.Action == Action, R.Mutation == Mutation, R.State == State {
        lock.lock()
        defer { lock.unlock() }
        if stubEnabled {
            return stub(for: reactor).state.asObservable()
        }
        return ensureStream(for: reactor)
    }

    /// Returns the state stream, building it first if needed. Requires `lock`.
    private func ensureStream<R: Reactor>(for reactor: R) -> Observable<State>
    where R.Action == Action, R.Mutation == Mutation, R.State == State {
        if let stream {
            return stream
        }
        let thread = UInt(rk_current_thread())
        if buildingThread == thread {
            // Read again from the reactor's own transforms while being built: hand out a
            // stream that resolves to the real one when subscribed.
            return Observable.deferred { [weak self] in
                self?.lock.performLocked { self?.stream } ?? .empty()
            }
        }
        buildingThread = thread
        let built = makeStateStream(for: reactor)
        stream = built
        buildingThread = 0
        plainReady.store(!stubEnabled, ordering: .releasing)
        return built
    }

    /// Builds and connects a state stream with exactly ReactorKit's events (see
    /// ``ReducedState`` and ``StateWriter`` for its fused stages).
    func makeStateStream<R: Reactor>(for reactor: R) -> Observable<State>
    where R.Action == Action, R.Mutation == Mutation, R.State == State {
        let initialState = reactor.initialState
        // The pipeline must not keep the reactor alive; an immutable weak reference costs a
        // weak load per use, and none of the exclusivity checks a captured `weak var` would.
        let weakReactor = WeakReference(reactor)
        let action = actionSubject.observe(on: reactor.scheduler)
        let transformedAction = reactor.transform(action: action)
        let mutation = transformedAction.flatMapIgnoringInnerErrors { action -> Observable<Mutation> in
            guard let reactor = weakReactor.object else { return .empty() }
            return reactor.mutate(action: action)
        }
        let transformedMutation = reactor.transform(mutation: mutation)
        // scan(initialState, reduce) + catch { .empty() } + startWith(initialState), fused.
        let state = ReducedState(mutations: transformedMutation, initialState: initialState) { state, mutation in
            guard let reactor = weakReactor.object else { return state }
            return reactor.reduce(state: state, mutation: mutation)
        }
        // do(onNext: { currentState = $0 }) + replay(1) + connect(), fused.
        let subject = ReplaySubject<State>.create(bufferSize: 1)
        let connection = reactor.transform(state: state.asObservable())
            .subscribe(StateWriter(currentState: currentState, subject: subject))
        connection.disposed(by: disposeBag)
        let transformedState = StateObservable(subject: subject)
        return transformedState
    }

    /// Whether the reactor is stubbed.
    var isStubEnabled: Bool {
        get {
            lock.performLocked { stubEnabled }
        }
        set {
            lock.performLocked {
                stubEnabled = newValue
                plainReady.store(stream != nil && !newValue, ordering: .releasing)
            }
        }
    }

    /// The reactor's stub, created on first use.
    func stub<R: Reactor>(for reactor: R) -> Stub<R>
    where R.Action == Action, R.Mutation == Mutation, R.State == State {
        lock.lock()
        defer { lock.unlock() }
        if let existing = stubObject as? Stub<R> {
            return existing
        }
        let stub = Stub(reactor: reactor, disposeBag: disposeBag)
        stubObject = stub
        return stub
    }
}

/// A reactor's current state, shared between the storage and its state stream.
///
/// The state stream writes it (from the reactor's scheduler); anyone may read it.
final class CurrentState<State>: @unchecked Sendable {
    // @unchecked Sendable: `stored` is guarded by lock
    private let lock = Lock()
    @exclusivity(unchecked) private var stored: State  // guarded by lock; plain reads and writes

    init(_ state: State) {
        stored = state
    }

    var value: State {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            var previous = newValue
            lock.lock()
            swap(&stored, &previous)
            lock.unlock()
            _ = previous  // the old state is released here, outside the lock
        }
    }
}

/// An immutable weak reference.
final class WeakReference<Object: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable: immutable; weak loads are thread-safe
    weak let object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
