#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Which todos to fetch, and in what order.
///
/// ```swift
/// var query = TodoQuery(status: .all)
/// query.search = ["milk"]
/// query.sort = .due
/// query.limit = 10
/// ```
public struct TodoQuery: Sendable, Hashable {
    /// Pending todos, waiting ones, done ones, or all of them.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Todos not done and not waiting (a todo whose `wait` day is to come is left out).
        case pending
        /// Done todos.
        case done
        /// Every todo.
        case all
        /// Todos waiting: not done, their `wait` day to come.
        case waiting
    }

    /// The order of the result.
    public enum Sort: String, Sendable, Hashable, CaseIterable {
        /// The manual order (what `move` changes).
        case position
        /// Soonest due first; todos without a due date last.
        case due
        /// High, medium, low, then none.
        case priority
        /// Oldest first.
        case created
        /// Most urgent first (Taskwarrior's urgency: what `todo next` shows).
        case urgency
    }

    /// Pending (the default), done, or all.
    public var status: Status
    /// Words that must all appear, in any case, in the title, the note or a tag.
    public var search: [String]
    /// Only todos with every one of these tags (compared without regard to case).
    public var tags: [String]
    /// Only todos with this priority.
    public var priority: Priority?
    /// Only pending todos due before today.
    public var overdueOnly: Bool
    /// The order; ties keep the manual order.
    public var sort: Sort
    /// At most this many todos, counted after sorting.
    public var limit: Int?
    /// Terms of the filter language (`project:Home +garden or due.before:eow`), on top of the
    /// fields above; see `Docs/Filters.md`.
    public var filter: TodoFilter = .everything

    /// Creates a query; with no arguments, every pending todo in the manual order.
    public init(
        status: Status = .pending, search: [String] = [], tag: String? = nil, tags: [String] = [],
        priority: Priority? = nil, overdueOnly: Bool = false, sort: Sort = .position, limit: Int? = nil
    ) {
        self.status = status
        self.search = search
        self.tags = (tag.map { [$0] } ?? []) + tags
        self.priority = priority
        self.overdueOnly = overdueOnly
        self.sort = sort
        self.limit = limit
    }

    /// The one tag todos must have, for front ends that filter by a single tag (`todo ui`):
    /// the first of ``tags``; setting it replaces them all.
    public var tag: String? {
        get { tags.first }
        set { tags = newValue.map { [$0] } ?? [] }
    }

    /// Whether `todo` passes the filters (everything but the sort and the limit), seen alone: a
    /// ``filter`` term about other todos (`is:blocked`, `is:blocking`) sees no dependency.
    public func matches(_ todo: Todo, today: CalendarDay) -> Bool {
        guard matcher(today: today)(todo) else { return false }
        guard !filter.isEmpty else { return true }
        let compiled = try? filter.compiled(today: today, utcOffset: { _ in 0 })
        return compiled?.matches(TodoAmongOthers(todo: todo, relations: .none)) ?? false
    }

    /// A test of whether a todo passes the filters (everything but the sort and the limit), seen
    /// alone, with ``filter``'s dates resolved in a time zone and week: for many todos, one
    /// compilation. `nil` when a date of the filter falls outside the calendar.
    func matcher(today: CalendarDay, weekStart: Weekday, utcOffset: (Date) -> Int) -> ((Todo) -> Bool)? {
        let matches = matcher(today: today)
        guard !filter.isEmpty else { return matches }
        guard let compiled = try? filter.compiled(today: today, weekStart: weekStart, utcOffset: utcOffset) else {
            return nil
        }
        return { matches($0) && compiled.matches(TodoAmongOthers(todo: $0, relations: .none)) }
    }

    /// The todos that pass the filters, sorted, limited (``filter`` seen without dependencies;
    /// see ``apply(to:context:weekStart:)``).
    public func apply(to todos: some Sequence<Todo>, today: CalendarDay) -> [Todo] {
        let matches = matcher(today: today)
        var result = todos.filter(matches)
        if !filter.isEmpty {
            let compiled = try? filter.compiled(today: today, utcOffset: { _ in 0 })
            result = result.filter { compiled?.matches(TodoAmongOthers(todo: $0, relations: .none)) ?? false }
        }
        result.sort(by: areInIncreasingOrder)
        if let limit, result.count > limit { result.removeSubrange(max(limit, 0)...) }
        return result
    }

    /// The todos of a store (`todos`: every one of them) that pass the filters, sorted, limited:
    /// ``filter`` sees the dependencies in `context`, dates in its time zone, and `urgency`
    /// sorts by the urgency it gives.
    ///
    /// - Throws: ``TodoError/invalidFilter(_:)`` for a date term that resolves outside the calendar.
    public func apply(
        to todos: some Collection<Todo>, context: TodoContext, weekStart: Weekday = .monday
    ) throws(TodoError) -> [Todo] {
        let matches = matcher(today: context.today)
        let passes: (Todo) -> Bool
        if filter.isEmpty {
            passes = matches
        } else {
            let compiled: TodoFilter.Matcher
            do {
                compiled = try filter.compiled(
                    today: context.today, weekStart: weekStart, utcOffset: context.clock.utcOffset)
            } catch {
                throw .invalidFilter(error.description)
            }
            let relations = context.relations
            passes = { matches($0) && compiled.matches(TodoAmongOthers(todo: $0, relations: relations)) }
        }
        if sort == .urgency {
            return byUrgency(Array(todos), passing: passes, context: context)
        }
        var result = todos.filter(passes)
        result.sort(by: areInIncreasingOrder)
        if let limit, result.count > limit { result.removeSubrange(max(limit, 0)...) }
        return result
    }

    /// The todos of `todos` that pass, most urgent first, limited: each urgency worked out once,
    /// small keys sorted rather than the todos, and only the todos kept copied (`todo next` over
    /// 100,000 todos: 71 → 22 ms).
    private func byUrgency(_ todos: [Todo], passing passes: (Todo) -> Bool, context: TodoContext) -> [Todo] {
        var ranked: [(urgency: Double, position: Int, id: Int, index: Int)] = []
        for index in todos.indices where passes(todos[index]) {
            // Read in place: a copy of the todo would retain each of its fields.
            ranked.append((context.urgency(of: todos[index]), todos[index].position, todos[index].id, index))
        }
        ranked.sort {
            $0.urgency != $1.urgency ? $0.urgency > $1.urgency : ($0.position, $0.id) < ($1.position, $1.id)
        }
        return ranked.prefix(max(limit ?? ranked.count, 0)).map { todos[$0.index] }
    }

    /// The order of ``sort``, ties broken by the manual order.
    public func areInIncreasingOrder(_ a: Todo, _ b: Todo) -> Bool {
        switch sort {
        case .position:
            break
        case .due:
            if a.due != b.due {
                guard let aDue = a.due else { return false }
                guard let bDue = b.due else { return true }
                return aDue < bDue
            }
        case .priority:
            if a.priority != b.priority { return a.priority > b.priority }
        case .created:
            if a.createdAt != b.createdAt { return a.createdAt < b.createdAt }
        case .urgency:
            break  // needs the other todos: see apply(to:context:weekStart:)
        }
        return (a.position, a.id) < (b.position, b.id)
    }

    private func matcher(today: CalendarDay) -> (Todo) -> Bool {
        let words = search.map { $0.lowercased() }.filter { !$0.isEmpty }
        let tags = self.tags.map { $0.lowercased() }
        return { [status, priority, overdueOnly] todo in
            switch status {
            case .pending: if todo.isDone || todo.isWaiting(today: today) { return false }
            case .done: if !todo.isDone { return false }
            case .waiting: if !todo.isWaiting(today: today) { return false }
            case .all: break
            }
            if let priority, todo.priority != priority { return false }
            if overdueOnly, !todo.isOverdue(today: today) { return false }
            for tag in tags where !todo.tags.contains(where: { $0.lowercased() == tag }) { return false }
            if !words.isEmpty {
                let title = todo.title.lowercased()
                let note = todo.note?.lowercased()
                for word in words
                where !title.contains(word) && !(note?.contains(word) ?? false)
                    && !todo.tags.contains(where: { $0.lowercased().contains(word) })
                {
                    return false
                }
            }
            return true
        }
    }
}
