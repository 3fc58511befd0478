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
        let subject = result.restored.first ?? result.removed.first
        let count = result.restored.count + result.removed.count
        let what = subject.map { context.label($0) + (count > 1 ? " and \(count - 1) more" : "") } ?? "nothing"
        context.say("Undid \(description(of: result.undoneKind)) \(what)")
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
