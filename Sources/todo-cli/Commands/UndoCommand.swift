import TodoCore

/// `todo undo`: the list reactor's `undo`.
enum UndoCommand {
    static func run(in context: CommandContext) -> ExitCode {
        let list = context.make { TodoListReactor(provider: $0) }
        list.send(.undo)
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "undo") }
        guard case .undone(let result)? = state.outcome else { return .failure }
        if context.options.json {
            context.printJSON(TodoJSONOutput.undo(result))
            return .success
        }
        let verb = description(of: result.undoneKind)
        let count = result.restored.count + result.removed.count
        if count == 1, let todo = result.restored.first ?? result.removed.first {
            context.say("Undid \(verb) \(context.label(todo))")
        } else if result.undoneKind == .markedDone, result.restored.count == 1 {
            let next = result.removed.map { String($0.id) }.joined(separator: ", ")
            context.say("Undid \(verb) \(context.label(result.restored[0])) (removed its next occurrence \(next))")
        } else {
            context.say("Undid \(verb) \(count) todos")
        }
        return .success
    }

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
