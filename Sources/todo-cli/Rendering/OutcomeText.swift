import TodoCore

/// What an action did, in words, as `todo` and `todo ui` both say it: "Completed 3: Buy milk",
/// "Undid deleting 3: Buy milk".
enum OutcomeText {
    /// `3: Buy milk`.
    static func label(_ todo: Todo) -> String {
        "\(todo.id): \(todo.title.shownOnOneLine)"
    }

    /// `prefix`, `3: Buy milk` and `suffix` on one line of at most `width` columns (no limit
    /// when `nil`): the title cut with `…` to fit, keeping at least a few of its columns.
    static func line(_ prefix: String, _ todo: Todo, _ suffix: String = "", width: Int?) -> String {
        line(prefix + "\(todo.id): ", title: todo.title.shownOnOneLine, suffix, width: width)
    }

    /// `prefix`, `title` and `suffix` on one line of at most `width` columns (no limit when
    /// `nil`): the title cut with `…` to fit. When that would leave the title fewer than 4
    /// columns, the title is cut to fit after `prefix` alone, and the suffix goes past `width`
    /// (``CommandContext/say(_:)`` wraps it to the next line).
    static func line(_ prefix: String, title: String, _ suffix: String = "", width: Int?) -> String {
        guard let width else { return prefix + title + suffix }
        let titleWidth = DisplayWidth.of(title)
        let afterPrefix = width - DisplayWidth.of(prefix)
        let room = afterPrefix - DisplayWidth.of(suffix)
        if titleWidth <= room { return prefix + title + suffix }
        let keep = min(titleWidth, 4)
        let cut = room >= keep ? room : max(afterPrefix, keep)
        return prefix + DisplayWidth.truncate(title, to: cut) + suffix
    }

    /// What undoing `result` did, naming what the user had done: `Undid completing 3: Buy
    /// milk`, `Undid completing 2 todos (removed the next occurrence 5)`, `Undid moving 4: Call
    /// mum` (not the todos renumbered to make room); on one line of at most `width` columns when
    /// it names one todo.
    static func undo(_ result: TodoUndoResult, width: Int? = nil) -> String {
        let kind = result.undoneKind
        let verb = description(of: kind)
        let subjects = result.subjects
        var details = ""
        switch kind {
        case .markedDone where !result.removed.isEmpty:
            let ids = result.removed.map { String($0.id) }.joined(separator: ", ")
            if result.removed.count > 1 {
                details = " (removed the next occurrences \(ids))"
            } else {
                details = " (removed \(subjects.count == 1 ? "its" : "the") next occurrence \(ids))"
            }
        case .imported where !result.removed.isEmpty && !result.restored.isEmpty:
            let earlier = result.restored.count == 1 ? "an earlier version" : "earlier versions"
            details = " (removed \(result.removed.count), \(result.restored.count) back to \(earlier))"
        default:
            break
        }
        if subjects.count == 1 { return line("Undid \(verb) ", subjects[0], details, width: width) }
        let noun = kind == .cleared ? "done todos" : "todos"
        return "Undid \(verb) \(subjects.count) \(noun)" + details
    }

    /// One line for a list action's outcome, for the message line of `todo ui`.
    static func summary(_ outcome: TodoListOutcome) -> String {
        switch outcome {
        case .completed(let result):
            let next = result.next.first.map { " · next: \(label($0))" + ($0.due.map { " (due \($0))" } ?? "") } ?? ""
            return marked("Completed", "Already done", result) + next
        case .reopened(let result):
            return marked("Reopened", "Already pending", result)
        case .deleted(let todos):
            return (todos.count == 1 ? "Deleted \(label(todos[0]))" : "Deleted \(todos.count) todos") + " (u undoes)"
        case .moved(let todo):
            return "Moved \(label(todo))"
        case .cleared(let todos):
            return todos.isEmpty
                ? "No done todos to clear."
                : "Deleted \(todos.count) done todo\(todos.count == 1 ? "" : "s") (u undoes)"
        case .undone(let result):
            return undo(result)
        case .imported(let result):
            return "Imported \(result.created.count + result.updated.count) todos"
        case .cancelled:
            return "Nothing was deleted."
        case .created(let todo):
            return "Added \(label(todo))"
        case .updated(let result):
            return marked("Updated", "Unchanged", result)
        case .annotated(let result):
            return marked("Annotated", "Annotated", result)
        case .denotated(let todo):
            return "Removed an annotation of \(label(todo))"
        case .started(let result):
            return marked("Started", "Already started", result)
        case .stopped(let result):
            return marked("Stopped", "Not started", result)
        }
    }

    private static func marked(_ verb: String, _ unchanged: String, _ result: TodoMarkResult) -> String {
        guard result.todos.count == 1, let todo = result.todos.first else {
            return "\(verb) \(result.todos.count) todos"
        }
        return (result.changedIDs.isEmpty ? unchanged : verb) + " " + label(todo)
    }

    /// `completing`, `deleting`…: the change undone, as a verb.
    private static func description(of kind: TodoChange.Kind) -> String {
        switch kind {
        case .created: return "adding"
        case .updated: return "editing"
        case .deleted: return "deleting"
        case .moved: return "moving"
        case .markedDone: return "completing"
        case .markedUndone: return "reopening"
        case .cleared: return "clearing"
        case .imported: return "importing"
        case .undone: return "undoing"
        case .annotated: return "annotating"
        case .denotated: return "removing an annotation of"
        case .started: return "starting"
        case .stopped: return "stopping"
        }
    }
}
