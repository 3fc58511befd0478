/// The counts, the projects tree, this month's calendar and the blocked todos (a
/// ``TodoOverview``) over the todos a filter keeps, kept up to date from the bus in time
/// proportional to each change, not to the store: what `todo ui` shows around its list.
///
/// ``Action/refresh`` reads every todo once and indexes it; each event then changes only the
/// counts of the todos it carries (and the relations of those that depend on them). A reload
/// (another process wrote the store), a new day, or a filter whose answer depends on other
/// todos (`is:blocked`) reads the store again. The index costs memory in proportion to the
/// store: for a one-off count, ``TodoStatsReactor`` reads less.
///
/// ```swift
/// let overview = TodoOverviewReactor(provider: provider, filter: try TodoFilter(parsing: ["+work"]))
/// overview.send(.refresh)
/// overview.currentState.overview?.stats.pending   // the pending todos tagged work
/// ```
public final class TodoOverviewReactor: Reactor {
    /// What a front end asks.
    public enum Action: Sendable, Equatable {
        /// Read every todo and count again.
        case refresh
    }

    /// A change to the state.
    public enum Mutation: Sendable, Equatable {
        /// Replaces the overview.
        case setOverview(TodoOverview)
        /// Records the error reading ended with.
        case setError(TodoError)
    }

    /// The overview.
    public struct State: Sendable, Equatable {
        /// The overview (`nil` until the first refresh).
        public var overview: TodoOverview?
        /// The latest error.
        @Pulse public var error: TodoError?
    }

    /// The state before any action.
    public let initialState = State()
    /// The services.
    public let provider: TodoServiceProviderType
    /// The todos counted (every todo by default).
    public let filter: TodoFilter
    private let box = IndexBox()

    /// Creates the reactor over the todos `filter` keeps; nothing is read before
    /// ``Action/refresh``.
    public init(provider: TodoServiceProviderType, filter: TodoFilter = .everything) {
        self.provider = provider
        self.filter = filter
    }

    /// Turns an action into mutations, calling the services.
    public func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .refresh: return rebuild()
        }
    }

    /// Merges the todo service's bus into the mutations: each event changes the index.
    public func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        mutation.merge(streamsFrom: provider.todoService.events, for: self) { reactor, event in
            guard reactor.currentState.overview != nil else { return .empty() }
            return reactor.apply(event)
        }
    }

    /// Applies a mutation to the state.
    public func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setOverview(let overview): state.overview = overview
        case .setError(let error): state.error = error
        }
        return state
    }

    /// Reads every todo and indexes it.
    private func rebuild() -> Observable<Mutation> {
        let (clock, weekStart, filter, box) = (provider.clock, provider.weekStart, filter, box)
        return provider.todoService.fetch(TodoQuery(status: .all))
            .map { todos throws -> Mutation in
                let today = clock.today()
                let matcher: TodoFilter.Matcher
                do throws(TodoFilterError) {
                    matcher = try filter.compiled(today: today, weekStart: weekStart, utcOffset: clock.utcOffset)
                } catch {
                    throw TodoError.invalidFilter(error.description)
                }
                let index = TodoOverviewIndex(todos: todos) { todo, relations in
                    matcher.matches(TodoAmongOthers(todo: todo, relations: relations))
                }
                box.set(index, matcher: matcher, today: today)
                return .setOverview(TodoOverviewReactor.overview(of: index, clock: clock, weekStart: weekStart))
            }
            .catchAsError()
    }

    /// `event` taken into the index; the store read again when the index cannot take it alone.
    private func apply(_ event: TodoEvent) -> Observable<Mutation> {
        let today = provider.clock.today()
        guard event != .reloaded, !filter.seesOtherTodos,
            let index = box.apply(event, today: today)
        else { return rebuild() }
        return .just(
            .setOverview(TodoOverviewReactor.overview(of: index, clock: provider.clock, weekStart: provider.weekStart)))
    }

    private static func overview(of index: TodoOverviewIndex, clock: TodoClock, weekStart: Weekday) -> TodoOverview {
        let now = clock.now()
        let today = clock.today(at: now)
        return TodoOverview(
            stats: index.stats(today: today), relations: index.relations, projects: index.summary(now: now),
            calendar: index.calendar(CalendarMonth(containing: today), today: today, weekStart: weekStart))
    }
}

extension TodoOverviewReactor.Mutation: TodoErrorMutation {
    static func error(_ error: TodoError) -> Self { .setError(error) }
}

/// The index behind its lock, with the filter compiled for the day it was built on.
private final class IndexBox: @unchecked Sendable {
    // @unchecked Sendable: every stored property is guarded by mutex
    private let mutex = PosixMutex()
    private var index: TodoOverviewIndex?
    private var matcher: TodoFilter.Matcher?
    private var today: CalendarDay?

    func set(_ index: TodoOverviewIndex, matcher: TodoFilter.Matcher, today: CalendarDay) {
        mutex.withLock {
            self.index = index
            self.matcher = matcher
            self.today = today
        }
    }

    /// The index with `event` taken in; `nil` when there is none yet, or it was built on
    /// another day than `today` (dates in the filter and the counts moved: read again).
    func apply(_ event: TodoEvent, today: CalendarDay) -> TodoOverviewIndex? {
        mutex.withLock {
            guard var index, let matcher, self.today == today else { return nil }
            self.index = nil  // the only reference while it changes: no copy of its tables
            index.apply(event) { matcher.matches(TodoAmongOthers(todo: $0, relations: .none)) }
            self.index = index
            return index
        }
    }
}
