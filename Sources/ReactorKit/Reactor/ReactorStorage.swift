import ReactorKitRuntime
import Synchronization

/// Everything a reactor keeps besides its own properties: the action subject, the state
/// stream and its connection, the current state, and the stub. Attached to the reactor
/// through ``ObjectStorage`` and freed with it, which disposes the state stream.
final class ReactorStorage<Action, Mutation, State>: @unchecked Sendable {
    // @unchecked Sendable: mutable fields are guarded by `lock`; `plainReady` is atomic
    let actionSubject = ActionSubject<Action>()
    /// The current state, and the replayed state of the (first) state stream.
    let store: StateStore<State>
    let disposeBag = DisposeBag()

    private let lock = RecursiveLock()
    private var stream: Observable<State>?  // guarded by lock
    private var buildingThread: UInt = 0  // guarded by lock: the thread building `stream`
    private var stubEnabled = false  // guarded by lock
    private var stubObject: AnyObject?  // guarded by lock
    private var storeIsConnected = false  // guarded by lock: the first state stream feeds `store`
    /// The stream exists and the stub is off: `action` can return the subject without locking.
    private let plainReady = Atomic<Bool>(false)

    init(initialState: State) {
        store = StateStore(initialState: initialState)
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
        let reference = pipelineReference(to: reactor)
        let tracer = tracer(for: reactor)
        let probeSlot = self.probeSlot
        let action = actionSubject.observe(on: reactor.scheduler)
        let transformedAction = reactor.transform(action: action)
        let mutation = transformedAction.flatMapIgnoringInnerErrors(activeInners: probeSlot.runningStreams) {
            action -> Observable<Mutation> in
            if ReactorTrace.isActive { tracer.emit(.action, action) }
            guard let mutations = reference.withReactor({ $0.mutate(action: action) }) else { return .empty() }
            if let probe = probeSlot.probe {
                return probe.track(mutations)
            }
            return mutations
        }
        let transformedMutation = reactor.transform(mutation: mutation)
        // scan(initialState, reduce) + catch { .empty() } + startWith(initialState), fused.
        let state = ReducedState(mutations: transformedMutation, initialState: initialState) { state, mutation in
            if ReactorTrace.isActive { tracer.emit(.mutation, mutation) }
            guard let newState = reference.withReactor({ $0.reduce(state: state, mutation: mutation) }) else {
                return state
            }
            if let probe = probeSlot.probe {
                probe.reduced(mutation, newState)
            }
            return newState
        }
        // do(onNext: { currentState = $0 }) + replay(1) + connect(), fused into the store.
        let transformedState: Observable<State>
        let connection: Disposable
        let feedsStore = lock.performLocked { () -> Bool in
            defer { storeIsConnected = true }
            return !storeIsConnected
        }
        if !feedsStore {
            let subject = ReplaySubject<State>.create(bufferSize: 1)
            connection = reactor.transform(state: state.asObservable())
                .subscribe(AdditionalStateWriter(store: store, subject: subject, tracer: tracer))
            transformedState = StateObservable(subject: subject)
        } else {
            connection = reactor.transform(state: state.asObservable())
                .subscribe(StateStoreWriter(store: store, tracer: tracer))
            transformedState = StateObservable(subject: store)
        }
        connection.disposed(by: disposeBag)
        return transformedState
    }

    /// The pipeline's references to the reactor, invalidated when the reactor goes.
    private var pipelineReferences: [AnyObject & ReactorReferenceInvalidating] = []  // guarded by lock

    /// A reference through which the pipeline calls `reduce` and `mutate` without keeping
    /// the reactor alive.
    func pipelineReference<R: Reactor>(to reactor: R) -> ReactorReference<R> {
        let reference = ReactorReference(reactor, guardedByTeardown: ObjectStorage.isReleasedBeforeDeinit(reactor))
        lock.performLocked { pipelineReferences.append(reference) }
        return reference
    }

    deinit {
        // On Linux the storage is released just before the reactor is deinitialized: from here
        // on the pipeline must not call into it (calls in flight on other threads finish first).
        for reference in pipelineReferences {
            reference.invalidate()
        }
    }

    private var tracerObject: ReactorTracer?  // guarded by lock
    /// The test probe, which may be attached at any time, and the running `mutate` streams.
    let probeSlot = ReactorProbeSlot<Mutation, State>()

    /// The reactor's tracer, created on first use.
    func tracer<R: Reactor>(for reactor: R) -> ReactorTracer {
        lock.performLocked {
            if let tracerObject { return tracerObject }
            let tracer = ReactorTracer(reactorType: String(describing: R.self), reactorID: ObjectIdentifier(reactor))
            tracerObject = tracer
            return tracer
        }
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
