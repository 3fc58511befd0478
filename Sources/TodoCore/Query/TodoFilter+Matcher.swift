#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension TodoFilter {
    /// A filter with its dates resolved for one day, to test many todos: it allocates nothing for
    /// a todo whose texts are ASCII (other texts are lower-cased for the comparison).
    ///
    /// Make one per evaluation (``TodoFilter/compiled(today:weekStart:utcOffset:)``) and test
    /// every todo with it; the terms are checked cheapest first.
    public struct Matcher: Sendable {
        /// The resolved terms; `nil` keeps every todo.
        @usableFromInline let program: FilterProgram?
        /// The day the dates were resolved on, for `is:overdue`, `is:today` and waiting.
        @usableFromInline let today: CalendarDay

        /// Whether the filter keeps `todo`.
        @inlinable
        public func matches<T: FilterableTodo>(_ todo: T) -> Bool {
            program?.evaluate(todo, today: today) ?? true
        }

        /// Whether the filter keeps `todo` (``matches(_:)``).
        @inlinable
        public func callAsFunction<T: FilterableTodo>(_ todo: T) -> Bool {
            matches(todo)
        }

        /// The todos of `todos` the filter keeps, in their order.
        @inlinable
        public func filter<S: Sequence>(_ todos: S) -> [S.Element] where S.Element: FilterableTodo {
            guard let program else { return Array(todos) }
            return todos.filter { program.evaluate($0, today: today) }
        }
    }

    /// The filter with its dates resolved as seen on `today`, to test many todos.
    ///
    /// - Parameters:
    ///   - today: The local day: `due:today`, `due.before:+3d` and `is:overdue` count from it.
    ///   - weekStart: The first day of a week, for date words that depend on it.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant: `created:` and
    ///     `completed:` terms compare the local day of their instants.
    /// - Throws: ``TodoFilterError`` for a date that falls outside the calendar (`due:tomorrow`
    ///   on 9999-12-31).
    public func compiled(
        today: CalendarDay, weekStart: Weekday = .monday, utcOffset: (Date) -> Int
    )
        throws(TodoFilterError) -> Matcher
    {
        guard let expression else { return Matcher(program: nil, today: today) }
        let resolver = FilterDateResolver(today: today, weekStart: weekStart)
        return Matcher(program: FilterProgram(try resolver.node(expression, utcOffset: utcOffset)), today: today)
    }

    /// The filter with its dates resolved on the clock's current local day, in its time zone.
    ///
    /// - Throws: ``TodoFilterError`` for a date that falls outside the calendar.
    public func compiled(clock: TodoClock, weekStart: Weekday = .monday) throws(TodoFilterError) -> Matcher {
        try compiled(today: clock.today(), weekStart: weekStart, utcOffset: clock.utcOffset)
    }

    /// Whether the filter keeps `todo`, as seen on `today`; to test many todos, compile the
    /// filter once (``compiled(today:weekStart:utcOffset:)``).
    ///
    /// - Throws: ``TodoFilterError`` for a date that falls outside the calendar.
    public func matches<T: FilterableTodo>(
        _ todo: T, today: CalendarDay, weekStart: Weekday = .monday, utcOffset: (Date) -> Int
    ) throws(TodoFilterError) -> Bool {
        try compiled(today: today, weekStart: weekStart, utcOffset: utcOffset).matches(todo)
    }
}

/// Turns a parsed expression into nodes whose dates are days and instants.
private struct FilterDateResolver {
    let today: CalendarDay
    let weekStart: Weekday

    /// The node of `expression`; `utcOffset` gives the local days of instants.
    func node(_ expression: FilterExpression, utcOffset: (Date) -> Int) throws(TodoFilterError) -> FilterNode {
        switch expression {
        case .term(let term): return try node(term, utcOffset: utcOffset)
        case .not(let inner): return .not(try node(inner, utcOffset: utcOffset))
        case .and(let items): return .all(try nodes(items, utcOffset: utcOffset))
        case .or(let items): return .any(try nodes(items, utcOffset: utcOffset))
        }
    }

    /// The nodes of `items`, cheapest first (the order does not change the result).
    private func nodes(
        _ items: [FilterExpression], utcOffset: (Date) -> Int
    ) throws(TodoFilterError)
        -> [FilterNode]
    {
        var nodes: [FilterNode] = []
        for item in items { nodes.append(try node(item, utcOffset: utcOffset)) }
        let sorted = nodes.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }
        return sorted.map(\.element)
    }

    private func node(_ term: FilterTerm, utcOffset: (Date) -> Int) throws(TodoFilterError) -> FilterNode {
        switch term {
        case .ids(let ranges): return .ids(ranges)
        case .tag(let tag): return .tag(FoldedText(tag))
        case .project(.none): return .hasProject(false)
        case .project(.any): return .hasProject(true)
        case .project(.under(let name)): return .projectUnder(FoldedText(name))
        case .project(.exactly(let name)): return .projectExactly(FoldedText(name))
        case .project(.containing(let text)): return .projectContaining(FoldedText(text))
        case .priority(.equal(let priority)): return .priority(priority.rawValue...priority.rawValue)
        case .priority(.any): return .priority(Priority.low.rawValue...Priority.high.rawValue)
        case .priority(.above(let priority)):
            return priority == .high ? .constant(false) : .priority((priority.rawValue + 1)...Priority.high.rawValue)
        case .priority(.below(let priority)):
            return priority == .none ? .constant(false) : .priority(Priority.none.rawValue...(priority.rawValue - 1))
        case .status(.pending): return .status(pending: true, waiting: false, done: false)
        case .status(.waiting): return .status(pending: false, waiting: true, done: false)
        case .status(.done): return .status(pending: false, waiting: false, done: true)
        case .status(.all): return .constant(true)
        case .state(.overdue): return .overdue
        case .state(.today): return .day(.due, from: today, through: today)
        case .state(.blocked): return .blocked
        case .state(.blocking): return .blocking
        case .state(.waiting): return .waiting
        case .state(.active): return .active
        case .state(.recurring): return .recurring
        case .text(let text): return .text(FoldedText(text))
        case .date(let field, let test): return try node(field, test, word: term.word, utcOffset: utcOffset)
        }
    }

    private func node(
        _ field: DateField, _ test: DateTest, word: String, utcOffset: (Date) -> Int
    )
        throws(TodoFilterError) -> FilterNode
    {
        // The days kept, first and last (nil: no bound).
        let first: CalendarDay?
        let last: CalendarDay?
        switch test {
        case .none, .any:
            let kept = test == .any
            switch field {
            case .due: return .hasDay(.due, kept)
            case .wait: return .hasDay(.wait, kept)
            case .scheduled: return .hasDay(.scheduled, kept)
            case .created: return .constant(kept)
            case .completed: return .hasCompletedAt(kept)
            }
        case .on(let input):
            let day = try resolve(input, word: word)
            (first, last) = (day, day)
        case .by(let input):
            (first, last) = (nil, try resolve(input, word: word))
        case .before(let input):
            guard let day = try resolve(input, word: word).advanced(byDays: -1) else { return .constant(false) }
            (first, last) = (nil, day)
        case .after(let input):
            guard let day = try resolve(input, word: word).advanced(byDays: 1) else { return .constant(false) }
            (first, last) = (day, nil)
        }
        switch field {
        case .due, .wait, .scheduled:
            return .day(FilterDayField(field)!, from: first, through: last)
        case .created, .completed:
            // Instants from the start of the first day to the start of the day after the last.
            let from = first.map { $0.start(utcOffset: utcOffset).timeIntervalSince1970 }
            let before = last.map { last in
                last.advanced(byDays: 1).map { $0.start(utcOffset: utcOffset).timeIntervalSince1970 } ?? .infinity
            }
            return field == .created ? .createdAt(from: from, before: before) : .completedAt(from: from, before: before)
        }
    }

    private func resolve(_ input: DateInput, word: String) throws(TodoFilterError) -> CalendarDay {
        do {
            // The one place a filter resolves a date (`sow`/`eow` depend on the week's first day).
            return try input.resolve(today: today, weekStart: weekStart)
        } catch {
            throw TodoFilterError(word: word, message: "'\(word)': \(error.description)")
        }
    }
}
