import TodoCore

/// The state mark of a todo in a listing (`todo list`, `todo next`, `todo ui`): `[x]` done,
/// `[*]` active (started), `[w]` waiting, `[b]` blocked (waiting for a todo not done), `[ ]`
/// pending; the first of these that holds.
enum TodoMark: Hashable, Sendable {
    case done, active, waiting, blocked, pending

    /// The mark of `todo` on `today`, knowing which todos are blocked.
    init(_ todo: Todo, today: CalendarDay, relations: TodoRelations) {
        if todo.isDone {
            self = .done
        } else if todo.isActive {
            self = .active
        } else if todo.isWaiting(today: today) {
            self = .waiting
        } else if relations.isBlocked(todo.id) {
            self = .blocked
        } else {
            self = .pending
        }
    }

    /// `[x]`, `[*]`, `[w]`, `[b]` or `[ ]`.
    var text: String {
        switch self {
        case .done: return "[x]"
        case .active: return "[*]"
        case .waiting: return "[w]"
        case .blocked: return "[b]"
        case .pending: return "[ ]"
        }
    }
}
