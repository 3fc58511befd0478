/// A UI-independent layer that manages the state of a view: actions go in, states come out.
///
/// Define `Action`, `Mutation` and `State`, an `initialState`, then `mutate(action:)` (side
/// effects: turn an action into mutations) and `reduce(state:mutation:)` (pure: apply a
/// mutation). The reactor provides `action`, `state` and `currentState`:
///
/// ```swift
/// final class CounterReactor: Reactor {
///     enum Action { case increase, decrease }
///     enum Mutation { case increaseValue, decreaseValue }
///     struct State { var value = 0 }
///
///     let initialState = State()
///
///     func mutate(action: Action) -> Observable<Mutation> {
///         switch action {
///         case .increase: return .just(.increaseValue)
///         case .decrease: return .just(.decreaseValue)
///         }
///     }
///
///     func reduce(state: State, mutation: Mutation) -> State {
///         var state = state
///         switch mutation {
///         case .increaseValue: state.value += 1
///         case .decreaseValue: state.value -= 1
///         }
///         return state
///     }
/// }
///
/// let reactor = CounterReactor()
/// reactor.action.onNext(.increase)
/// reactor.currentState.value  // 1
/// ```
///
/// The state stream is built once, on the first read of `action` or `state`:
/// action → `transform(action:)` → `mutate(action:)` for each action (merged; an error ends
/// only that action's mutations) → `transform(mutation:)` → `reduce` from `initialState` →
/// `initialState` first → `transform(state:)` → `currentState` → replayed to subscribers.
/// It is hot and shared: `mutate` runs once per action whatever the number of subscribers,
/// and a late subscriber receives the current state. Actions are observed on `scheduler`
/// (the current thread's trampoline by default), so an action sent while a state is being
/// delivered is handled after that delivery finishes.
public protocol Reactor: AnyObject {
    /// A user interaction.
    associatedtype Action

    /// A state change; defaults to `Action`.
    associatedtype Mutation = Action

    /// The state of the view.
    associatedtype State

    /// The scheduler type of ``scheduler``.
    typealias Scheduler = ImmediateSchedulerType

    /// The action subject: bind user input to it. Reading it builds the state stream.
    var action: ActionSubject<Action> { get }

    /// The state before any mutation.
    var initialState: State { get }

    /// The latest state, updated just before subscribers receive it.
    var currentState: State { get }

    /// The state stream: hot, shared, replaying the current state to each new subscriber.
    var state: Observable<State> { get }

    /// Where actions are observed, `reduce` runs and states are delivered; must be serial.
    /// Defaults to `CurrentThreadScheduler.instance`.
    var scheduler: Scheduler { get }

    /// Transforms the action stream; called once, when the state stream is built.
    func transform(action: Observable<Action>) -> Observable<Action>

    /// Turns an action into mutations; the place for side effects such as async work.
    func mutate(action: Action) -> Observable<Mutation>

    /// Transforms the mutation stream (for example to merge global events); called once.
    func transform(mutation: Observable<Mutation>) -> Observable<Mutation>

    /// Returns the state after `mutation`; must be pure.
    func reduce(state: State, mutation: Mutation) -> State

    /// Transforms the state stream; called once, after the state stream is built.
    func transform(state: Observable<State>) -> Observable<State>
}

// MARK: - Default implementations

extension Reactor {
    /// The action subject, or the stub's while ``isStubEnabled`` is on.
    public var action: ActionSubject<Action> {
        reactorStorage.action(for: self)
    }

    /// The latest state; the initial state until the state stream emits.
    public internal(set) var currentState: State {
        get { reactorStorage.store.currentState }
        set { reactorStorage.store.currentState = newValue }
    }

    /// The state stream, or the stub's while ``isStubEnabled`` is on.
    public var state: Observable<State> {
        reactorStorage.state(for: self)
    }

    /// The current thread's trampoline.
    public var scheduler: Scheduler {
        CurrentThreadScheduler.instance
    }

    /// Builds and connects a new state stream from this reactor's actions.
    ///
    /// `state` calls it once and keeps the result; calling it again builds another,
    /// independent pipeline (kept alive as long as the reactor).
    public func createStateStream() -> Observable<State> {
        reactorStorage.makeStateStream(for: self)
    }

    /// Returns `action` unchanged.
    public func transform(action: Observable<Action>) -> Observable<Action> {
        action
    }

    /// Returns no mutation.
    public func mutate(action: Action) -> Observable<Mutation> {
        .empty()
    }

    /// Returns `mutation` unchanged.
    public func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        mutation
    }

    /// Returns `state` unchanged.
    public func reduce(state: State, mutation: Mutation) -> State {
        state
    }

    /// Returns `state` unchanged.
    public func transform(state: Observable<State>) -> Observable<State> {
        state
    }
}

extension Reactor where Action == Mutation {
    /// Uses each action as its own mutation.
    public func mutate(action: Action) -> Observable<Mutation> {
        .just(action)
    }
}

// MARK: - Stub

extension Reactor {
    /// Whether the reactor is stubbed: `action` and `state` are then the ``stub``'s, and
    /// `mutate`/`reduce` never run. For testing views.
    public var isStubEnabled: Bool {
        get { reactorStorage.isStubEnabled }
        set { reactorStorage.isStubEnabled = newValue }
    }

    /// The stub: a settable state and a record of the actions sent while stubbed.
    ///
    /// Its first read resets `currentState` to `initialState`.
    public var stub: Stub<Self> {
        reactorStorage.stub(for: self)
    }
}

extension Reactor {
    /// The storage behind `action`, `state`, `currentState` and `stub`, freed with the reactor.
    var reactorStorage: ReactorStorage<Action, Mutation, State> {
        // The lookup is not generic: passing the storage type to a generic function would
        // cost a runtime metadata lookup on every `reactor.action`.
        if let existing = ObjectStorage.existingValue(for: self, in: .reactor) {
            return unsafeDowncast(existing, to: ReactorStorage<Action, Mutation, State>.self)
        }
        return makeReactorStorage()
    }

    @inline(never)
    private func makeReactorStorage() -> ReactorStorage<Action, Mutation, State> {
        ObjectStorage.value(for: self, in: .reactor) { ReactorStorage(initialState: initialState) }
    }
}
