import TodoCore

/// `todo move`: the list reactor's `move`.
enum MoveCommand {
    static func run(id: Int, position: Int, in context: CommandContext) -> ExitCode {
        let list = context.make { TodoListReactor(provider: $0) }
        list.send(.move(id: id, to: position))
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "move") }
        guard case .moved(let todo)? = state.outcome else { return context.fail(.unknownTodos([id])) }
        if context.options.json {
            context.printJSON(TodoJSONOutput.object(todo, context: context.todoContext))
        } else {
            context.say(
                OutcomeText.line(
                    "Moved \(todo.id) to position \(position): ", title: todo.title.shownOnOneLine, width: context.width
                ))
        }
        return .success
    }
}
