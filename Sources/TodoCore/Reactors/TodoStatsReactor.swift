/// Counts over every todo (pending, done, overdue, due today, by tag), kept up to date from
/// the bus: a status line, `todo stats`, the live counts of `todo shell`.
///
/// ```swift
/// let stats = TodoStatsReactor(provider: provider)
/// stats.send(.refresh)
/// stats.currentState.stats?.pending
/// ```
public final class TodoStatsReactor: Reactor {
    /// What a front end asks.
    public enum Action: Sendable, Equatable {
        /// Count again.
        case refresh
    }

    /// A change to the state.
    public enum Mutation: Sendable, Equatable {
        /// Replaces the counts.
        case setStats(TodoStats)
        /// Records the error counting ended with.
        case setError(TodoError)
    }

    /// The counts.
    public struct State: Sendable, Equatable {
        /// The counts (`nil` until the first refresh).
        public var stats: TodoStats?
        /// The latest error.
        @Pulse public var error: TodoError?
    }

    /// The state before any action.
    public let initialState = State()
    /// The services.
    public let provider: TodoServiceProviderType

    /// Creates the reactor; nothing is counted before ``Action/refresh``.
    public init(provider: TodoServiceProviderType) {
        self.provider = provider
    }

    /// Turns an action into mutations, calling the services.
    public func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .refresh: return count()
        }
    }

    /// Merges the todo service's bus into the mutations, so that every change reaches this reactor.
    public func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        // Any change may move a count: count again once counted at all.
        mutation.merge(streamsFrom: provider.todoService.events, for: self) { reactor, _ in
            reactor.currentState.stats == nil ? .empty() : reactor.count()
        }
    }

    /// Applies a mutation to the state.
    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setStats(let stats): state.stats = stats
        case .setError(let error): state.error = error
        }
        return state
    }

    private func count() -> Observable<Mutation> {
        provider.todoService.stats().map(Mutation.setStats).catchAsError()
    }
}

extension TodoStatsReactor.Mutation: TodoErrorMutation {
    static func error(_ error: TodoError) -> Self { .setError(error) }
}
