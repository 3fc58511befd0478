#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a custom report selects and in which order: the rules every front end shows it by.
extension ReportDefinition {
    /// The columns a report shows when `report.NAME.columns` is not set.
    public static let defaultColumns: [Column] = [.id, .priority, .project, .due, .title, .tags]

    /// The columns the report shows: its own, else ``defaultColumns``.
    public var shownColumns: [Column] { columns ?? ReportDefinition.defaultColumns }

    /// The query of the todos the report shows before its order: those its filter and `filter`
    /// (the terms typed with the command, the active context's) both keep — pending ones unless
    /// one of them names a status — in the manual order, without a limit (``ordered(_:context:)``
    /// sorts them and ``limit`` applies after).
    ///
    /// - Parameter filter: More terms, each filter a group of its own.
    public func query(adding filter: TodoFilter = .everything) -> TodoQuery {
        let combined = (self.filter ?? .everything).and(filter)
        var query = TodoQuery(status: combined.mentionsStatus ? .all : .pending)
        query.filter = combined
        return query
    }

    /// `todos` in the report's order (``sort``; the given order when it has none), at most
    /// ``limit`` of them. A todo without the value a key sorts by comes after those with one,
    /// whatever the direction; ties keep the given order.
    ///
    /// - Parameters:
    ///   - todos: The todos the report selects (``query(adding:)``), in the manual order.
    ///   - context: The todos' derived facts (urgency, status).
    public func ordered(_ todos: [Todo], context: TodoContext) -> [Todo] {
        var result = todos
        if let sort, !sort.isEmpty {
            let urgency: [Int: Double] =
                sort.contains { $0.field == .urgency }
                ? Dictionary(todos.map { ($0.id, context.urgency(of: $0)) }, uniquingKeysWith: { first, _ in first })
                : [:]
            let index = Dictionary(todos.indices.map { (todos[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
            let today = context.today
            result.sort { left, right in
                for key in sort {
                    let order = ReportDefinition.compare(left, right, by: key.field, today: today, urgency: urgency)
                    switch order {
                    case .some(.orderedAscending): return key.ascending
                    case .some(.orderedDescending): return !key.ascending
                    case .some(.orderedSame): continue
                    case nil:
                        // One of them has no value: it comes last.
                        let leftMissing = ReportDefinition.isMissing(left, key.field)
                        let rightMissing = ReportDefinition.isMissing(right, key.field)
                        if leftMissing != rightMissing { return rightMissing }
                    }
                }
                return (index[left.id] ?? 0) < (index[right.id] ?? 0)
            }
        }
        if let limit, result.count > limit { result.removeSubrange(limit...) }
        return result
    }

    /// Whether `todo` has no value for `field`.
    private static func isMissing(_ todo: Todo, _ field: SortKey.Field) -> Bool {
        switch field {
        case .project: return todo.project == nil
        case .due: return todo.due == nil
        case .wait: return todo.wait == nil
        case .scheduled: return todo.scheduled == nil
        case .completed: return todo.completedAt == nil
        case .started: return todo.startedAt == nil
        case .id, .title, .status, .priority, .urgency, .created, .modified: return false
        }
    }

    /// How `left` compares with `right` by `field`; `nil` when one of them has no value.
    private static func compare(
        _ left: Todo, _ right: Todo, by field: SortKey.Field, today: CalendarDay, urgency: [Int: Double]
    ) -> ComparisonResult? {
        func order<T: Comparable>(_ a: T?, _ b: T?) -> ComparisonResult? {
            switch (a, b) {
            case (nil, nil): return .orderedSame
            case (nil, _), (_, nil): return nil
            case (let a?, let b?): return a < b ? .orderedAscending : b < a ? .orderedDescending : .orderedSame
            }
        }
        switch field {
        case .id: return order(left.id, right.id)
        case .title: return order(left.title.lowercased(), right.title.lowercased())
        case .status:
            let rank: [TodoStatus: Int] = [.pending: 0, .waiting: 1, .done: 2]
            return order(rank[left.status(today: today)], rank[right.status(today: today)])
        case .priority: return order(left.priority.rawValue, right.priority.rawValue)
        case .project: return order(left.project?.lowercased(), right.project?.lowercased())
        case .due: return order(left.due, right.due)
        case .wait: return order(left.wait, right.wait)
        case .scheduled: return order(left.scheduled, right.scheduled)
        case .urgency: return order(urgency[left.id] ?? 0, urgency[right.id] ?? 0)
        case .created: return order(left.createdAt, right.createdAt)
        case .modified: return order(left.updatedAt, right.updatedAt)
        case .completed: return order(left.completedAt, right.completedAt)
        case .started: return order(left.startedAt, right.startedAt)
        }
    }
}
