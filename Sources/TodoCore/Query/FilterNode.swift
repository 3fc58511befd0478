/// A filter with its dates resolved, as a tree whose children are sorted cheapest first;
/// ``FilterProgram`` lays it out for evaluation.
indirect enum FilterNode: Sendable {
    /// Always this answer.
    case constant(Bool)
    /// Every node keeps the todo.
    case all([FilterNode])
    /// One of the nodes keeps the todo.
    case any([FilterNode])
    /// The node leaves the todo out.
    case not(FilterNode)
    /// The id is in one of these sorted, disjoint ranges.
    case ids([ClosedRange<Int>])
    /// A tag is this text, in any case.
    case tag(FoldedText)
    /// Whether the todo has a project.
    case hasProject(Bool)
    /// The project is this one or below it, in any case.
    case projectUnder(FoldedText)
    /// The project is this one, in any case.
    case projectExactly(FoldedText)
    /// The project's name contains this text, in any case.
    case projectContaining(FoldedText)
    /// The priority's raw value is in this range.
    case priority(ClosedRange<Int>)
    /// The status is one of those flagged.
    case status(pending: Bool, waiting: Bool, done: Bool)
    /// Whether the todo has a day in this field.
    case hasDay(FilterDayField, Bool)
    /// The todo has a day in this field, from `from` through `through` (`nil`: no bound).
    case day(FilterDayField, from: CalendarDay?, through: CalendarDay?)
    /// The creation time is at or after `from` and before `before` (seconds since 1970).
    case createdAt(from: Double?, before: Double?)
    /// Whether the todo has a completion time.
    case hasCompletedAt(Bool)
    /// The todo has a completion time at or after `from` and before `before`.
    case completedAt(from: Double?, before: Double?)
    /// ``FilterableTodo/isOverdue(today:)``.
    case overdue
    /// ``FilterableTodo/isBlocked``.
    case blocked
    /// ``FilterableTodo/isBlocking``.
    case blocking
    /// ``FilterableTodo/isWaiting(today:)``.
    case waiting
    /// ``FilterableTodo/isActive``.
    case active
    /// ``FilterableTodo/isRecurring``.
    case recurring
    /// The text appears in the title, the note, a tag, the project or an annotation.
    case text(FoldedText)

    /// A rough cost of evaluating the node, to test cheap nodes first.
    var cost: Int {
        switch self {
        case .constant: return 0
        case .ids, .priority, .status, .hasDay, .day, .createdAt, .hasCompletedAt, .completedAt, .hasProject: return 1
        case .overdue, .blocked, .blocking, .waiting, .active, .recurring: return 2
        case .projectUnder, .projectExactly: return 3
        case .tag, .projectContaining: return 4
        case .text: return 10
        case .not(let inner): return inner.cost
        case .all(let nodes), .any(let nodes): return nodes.reduce(0) { $0 + $1.cost }
        }
    }
}

/// The fields of a todo holding a day.
@usableFromInline
enum FilterDayField: Sendable {
    case due
    case wait
    case scheduled

    init?(_ field: DateField) {
        switch field {
        case .due: self = .due
        case .wait: self = .wait
        case .scheduled: self = .scheduled
        case .created, .completed: return nil
        }
    }
}
