import TodoCore

/// What an action did, in words, as `todo` and `todo ui` both say it: "Completed 3: Buy milk",
/// "Undid deleting 3: Buy milk".
enum OutcomeText {
    /// `3: Buy milk`.
    static func label(_ todo: Todo) -> String {
        "\(todo.id): \(todo.title.shownOnOneLine)"
    }

    /// What undoing `result` did: `Undid completing 3: Buy milk`.
    static func undo(_ result: TodoUndoResult) -> String {
        let verb = description(of: result.undoneKind)
        let count = result.restored.count + result.removed.count
        if count == 1, let todo = result.restored.first ?? result.removed.first {
            return "Undid \(verb) \(label(todo))"
        } else if result.undoneKind == .markedDone, result.restored.count == 1 {
            let next = result.removed.map { String($0.id) }.joined(separator: ", ")
            return "Undid \(verb) \(label(result.restored[0])) (removed its next occurrence \(next))"
        }
        return "Undid \(verb) \(count) todos"
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
        }
    }
}
