#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a todo's derived facts are worked out against: the clock, the relations among all the
/// todos of its store, and the urgency coefficients.
///
/// ```swift
/// let context = TodoContext(todos: allTodos, clock: provider.clock)
/// let facts = context.facts(for: todo)   // status, isBlocked, isBlocking, urgency
/// ```
public struct TodoContext: Sendable {
    /// The instant the facts hold at.
    public var now: Date
    /// The local calendar day at `now`.
    public var today: CalendarDay
    /// The local time zone (its offset at any instant: a due day starts at its local midnight).
    public var clock: TodoClock
    /// Which todos are blocked and blocking.
    public var relations: TodoRelations
    /// The urgency coefficients (Taskwarrior's defaults unless the configuration changes them).
    public var coefficients: UrgencyCoefficients
    /// The instants the days start at in the local time zone, worked out once each.
    private let dayStarts = DayStarts()

    /// A context at `now` in the time zone of `clock`, with `relations`.
    public init(
        now: Date, clock: TodoClock, relations: TodoRelations, coefficients: UrgencyCoefficients = .taskwarrior
    ) {
        self.now = now
        self.clock = clock
        self.relations = relations
        self.coefficients = coefficients
        today = clock.today(at: now)
    }

    /// A context for `todos` (every todo of a store), now on `clock`.
    public init(
        todos: some Collection<Todo>, clock: TodoClock, coefficients: UrgencyCoefficients = .taskwarrior
    ) {
        self.init(now: clock.now(), clock: clock, relations: TodoRelations(todos: todos), coefficients: coefficients)
    }

    /// The facts of `todo`.
    public func facts(for todo: Todo) -> TodoFacts {
        let isBlocked = relations.isBlocked(todo.id)
        let isBlocking = relations.isBlocking(todo.id)
        let isWaiting = todo.isWaiting(today: today)
        return TodoFacts(
            status: todo.isDone ? .done : isWaiting ? .waiting : .pending, isBlocked: isBlocked,
            isBlocking: isBlocking,
            urgency: coefficients.urgency(
                of: UrgencyInput(todo, isWaiting: isWaiting, isBlocked: isBlocked, isBlocking: isBlocking), at: now,
                dayStart: { day in dayStarts.start(of: day, clock: clock) }))
    }

    /// The urgency of `todo`.
    public func urgency(of todo: Todo) -> Double {
        facts(for: todo).urgency
    }
}

extension UrgencyInput {
    /// The urgency input of `todo`, with what the rest of the store says of it.
    public init(_ todo: Todo, isWaiting: Bool, isBlocked: Bool, isBlocking: Bool) {
        self.init(
            title: todo.title, isDone: todo.isDone, createdAt: todo.createdAt, due: todo.due,
            scheduled: todo.scheduled, isActive: todo.isActive, annotationCount: todo.annotations.count,
            tags: todo.tags, project: todo.project, priority: todo.priority, isWaiting: isWaiting,
            isBlocked: isBlocked, isBlocking: isBlocking)
    }
}

/// The instants days start at (their local midnight), remembered: a due day's start needs the
/// time zone's offset, which the system's clock looks up each time.
private final class DayStarts: @unchecked Sendable {
    // @unchecked Sendable: `starts` is guarded by mutex
    private let mutex = PosixMutex()
    private var starts: [CalendarDay: Int] = [:]

    func start(of day: CalendarDay, clock: TodoClock) -> Int {
        if let known = mutex.withLock({ starts[day] }) { return known }
        let start = UrgencyFactor.start(of: day, utcOffset: clock.utcOffset)
        mutex.withLock { starts[day] = start }
        return start
    }
}
