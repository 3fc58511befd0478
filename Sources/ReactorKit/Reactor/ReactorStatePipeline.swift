/// The fixed stages of a reactor's state stream, each fused into one step.
///
/// ReactorKit builds the stream from general operators:
/// `mutations.scan(initialState, reduce).catch { _ in .empty() }.startWith(initialState)`
/// before `transform(state:)`, and `.do(onNext: { currentState = $0 }).replay(1)` plus
/// `connect()` after it. Every global event and every action passes through these stages,
/// so they are implemented here as one sink each, with exactly the same events.

/// `scan(initialState, reduce).catch { _ in .empty() }.startWith(initialState)`.
final class ReducedState<Mutation, State>: Producer<State>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    private let mutations: Observable<Mutation>
    private let initialState: State
    private let reduce: (State, Mutation) -> State

    init(mutations: Observable<Mutation>, initialState: State, reduce: @escaping (State, Mutation) -> State) {
        self.mutations = mutations
        self.initialState = initialState
        self.reduce = reduce
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == State {
        // startWith: the initial state goes straight to the observer, before the source is
        // subscribed.
        observer.onNext(initialState)
        let sink = ReducedStateSink(initialState: initialState, reduce: reduce, observer: observer, cancel: cancel)
        return (sink, mutations.subscribe(sink))
    }
}

/// Reduces each mutation into the running state; an error completes the stream (the catch).
///
/// `State` is a generic parameter of its own so that its metadata comes with the sink's type
/// rather than from a lookup through the observer's conformance on every mutation.
private final class ReducedStateSink<Mutation, State, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
where Observer.Element == State {
    // @unchecked Sendable: `state` is only touched by `onNext`, which upstream calls serially
    private let reduce: (State, Mutation) -> State
    // Read, then written, never held across a call: no dynamic exclusivity check needed.
    @exclusivity(unchecked) private var state: State

    init(initialState: State, reduce: @escaping (State, Mutation) -> State, observer: Observer, cancel: Cancelable) {
        state = initialState
        self.reduce = reduce
        super.init(observer: observer, cancel: cancel)
    }

    func onNext(_ mutation: Mutation) {
        let next = reduce(state, mutation)
        state = next
        forwardNext(next)
    }

    func on(_ event: Event<Mutation>) {
        switch event {
        case .next(let mutation):
            onNext(mutation)
        case .error, .completed:
            // `.catch { _ in .empty() }`: an error ends the state stream like a completion.
            forwardCompleted()
        }
    }
}

/// A reactor's current state, and the `replay(1)` subject of its state stream, under one lock.
///
/// ReactorKit's `.do(onNext: { currentState = $0 }).replay(1)` plus `connect()`, fused: each
/// state emitted by the stream becomes the current state and the replayed latest state, then
/// reaches the subscribers. `currentState` can also be set on its own (by the stub) without
/// changing what the stream replays, as in ReactorKit.
final class StateStore<State>: Observable<State>, @unchecked Sendable {
    // @unchecked Sendable: every field is guarded by core.lock
    /// Warns about re-entrant sends like the `ReplaySubject` of ReactorKit's `replay(1)`.
    private let core = SubjectCore<State>(warnsOnReentrantSend: true)
    // Guarded by core.lock; plain reads and writes, never held across a call.
    @exclusivity(unchecked) private var current: State
    @exclusivity(unchecked) private var latest: State  // meaningful once `hasLatest`
    @exclusivity(unchecked) private var hasLatest = false
    @exclusivity(unchecked) private var stoppedEvent: Event<State>?
    @exclusivity(unchecked) private var isStopped = false

    init(initialState: State) {
        current = initialState
        latest = initialState
    }

    /// The reactor's current state.
    var currentState: State {
        get {
            core.lock.lock()
            defer { core.lock.unlock() }
            return current
        }
        set {
            core.lock.lock()
            current = newValue
            core.lock.unlock()
        }
    }

    /// The state stream emitted `state`: it becomes the current and the replayed state, then
    /// is delivered to the subscribers.
    func stateEmitted(_ state: State) {
        core.lock.lock()
        if isStopped {
            core.lock.unlock()
            return
        }
        current = state
        latest = state
        hasLatest = true
        core.emitNextAndUnlock(state)
    }

    /// The state stream ended: subscribers receive `event`, later ones the latest state and it.
    func stateStreamEnded(_ event: Event<State>) {
        core.lock.lock()
        if isStopped {
            core.lock.unlock()
            return
        }
        let targets = core.observers.items
        stoppedEvent = event
        isStopped = true
        core.observers.removeAll()
        core.emitAndUnlock(.broadcast(targets, event))
    }

    /// Subscribes `observer`: it receives the latest state (and end), then every later one.
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == State {
        core.lock.lock()
        var replay: [Event<State>] = hasLatest ? [.next(latest)] : []
        if let stoppedEvent {
            core.lock.unlock()
            replay.append(stoppedEvent)
            for event in replay { observer.on(event) }
            return Disposables.create()
        }
        let entry = core.insertLocked(observer)
        if replay.isEmpty {
            core.lock.unlock()
        } else {
            core.emitAndUnlock(.replay(entry, replay))
        }
        return entry
    }
}

/// Connects a state stream to its ``StateStore``.
struct StateStoreWriter<State>: ObserverType {
    let store: StateStore<State>
    let tracer: ReactorTracer

    func onNext(_ state: State) {
        if ReactorTrace.isActive { tracer.emit(.state, state) }
        store.stateEmitted(state)
    }

    func on(_ event: Event<State>) {
        if case .next(let state) = event {
            onNext(state)
        } else {
            store.stateStreamEnded(event)
        }
    }
}

/// For state streams built beyond the first (`createStateStream()` called again): writes the
/// shared current state, then feeds that stream's own `replay(1)` subject.
struct AdditionalStateWriter<State>: ObserverType {
    let store: StateStore<State>
    let subject: ReplaySubject<State>
    let tracer: ReactorTracer

    func onNext(_ state: State) {
        if ReactorTrace.isActive { tracer.emit(.state, state) }
        store.currentState = state
        subject.onNext(state)
    }

    func on(_ event: Event<State>) {
        if case .next(let state) = event {
            onNext(state)
        } else {
            subject.on(event)
        }
    }
}

/// A state stream's public face: subscribing subscribes to its replaying subject, which only
/// the reactor's pipeline can feed.
final class StateObservable<State>: Observable<State>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    private let subject: Observable<State>

    init(subject: Observable<State>) {
        self.subject = subject
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == State {
        subject.subscribe(observer)
    }
}
