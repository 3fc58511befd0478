#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a todo's derived facts are worked out against: the clock, and the relations among all
/// the todos of its store.
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
    /// Seconds east of UTC of the local time zone at `now`.
    public var utcOffset: Int
    /// Which todos are blocked and blocking.
    public var relations: TodoRelations

    /// A context at `now` (in a zone `utcOffset` seconds east of UTC) with `relations`.
    public init(now: Date, utcOffset: Int, relations: TodoRelations) {
        self.now = now
        self.utcOffset = utcOffset
        self.relations = relations
        today = TodoClock.fixed(at: now, utcOffset: utcOffset).today()
    }

    /// A context for `todos` (every todo of a store), now on `clock`.
    public init(todos: some Collection<Todo>, clock: TodoClock) {
        let now = clock.now()
        self.init(now: now, utcOffset: clock.utcOffset(now), relations: TodoRelations(todos: todos))
    }

    /// The facts of `todo`.
    public func facts(for todo: Todo) -> TodoFacts {
        TodoFacts(
            status: todo.status(today: today), isBlocked: relations.isBlocked(todo.id),
            isBlocking: relations.isBlocking(todo.id), urgency: urgency(of: todo))
    }

    /// The urgency of `todo`.
    public func urgency(of todo: Todo) -> Double {
        0  // Taskwarrior's formula lands with the urgency work (issue 18); until then, none.
    }
}
