import TodoCore

/// `todo undo`: the list reactor's `undo`.
struct UndoCommand {}

extension UndoCommand: TodoSubcommand {
    /// `todo undo`
    static let spec = CommandSpec(
        name: "undo",
        overview: "Undo the last change to the todos.")

    init(_ values: ParsedValues) {}

    func run(in context: CommandContext) -> ExitCode {
        let list = context.make { TodoListReactor(provider: $0) }
        list.send(.undo)
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "undo") }
        guard case .undone(let result)? = state.outcome else { return .failure }
        if context.options.json {
            context.printJSON(TodoJSONOutput.undo(result, context: context.todoContext))
            return .success
        }
        context.say(OutcomeText.undo(result, width: context.width))
        return .success
    }
}
