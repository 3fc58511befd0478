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
private final class ReducedStateSink<Mutation, Observer: ObserverType>: Sink<Observer>, ObserverType,
    @unchecked Sendable
{
    // @unchecked Sendable: `state` is only touched by `onNext`, which upstream calls serially
    typealias State = Observer.Element
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

/// `.do(onNext: { currentState = $0 })` into a `replay(1)` subject, connected: writes the
/// current state, then delivers it (and any terminal event) to the subject.
final class StateWriter<State>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: immutable; both targets are thread-safe
    private let currentState: CurrentState<State>
    private let subject: ReplaySubject<State>

    init(currentState: CurrentState<State>, subject: ReplaySubject<State>) {
        self.currentState = currentState
        self.subject = subject
    }

    func onNext(_ state: State) {
        currentState.value = state
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

/// A reactor's `state`: subscribing subscribes to the replaying subject, which only the
/// reactor's pipeline can feed.
final class StateObservable<State>: Observable<State>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    private let subject: ReplaySubject<State>

    init(subject: ReplaySubject<State>) {
        self.subject = subject
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == State {
        subject.subscribe(observer)
    }
}
