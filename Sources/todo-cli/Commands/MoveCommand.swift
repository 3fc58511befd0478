import TodoCore

/// `todo move`: the list reactor's `move`.
struct MoveCommand {
    /// The todo to move.
    var id: Int
    /// Its new place, from 1.
    var position: Int
}

extension MoveCommand: TodoSubcommand {
    /// `todo move <id> <position>`
    static let spec = CommandSpec(
        name: "move",
        overview: "Move a todo to another place in the list.",
        arguments: [.id, .position],
        filterBefore: .firstArgument)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        id = values.value(of: .id)?.integer ?? 0
        position = values.value(of: .position)?.integer ?? 0
    }

    func run(in context: CommandContext) -> ExitCode {
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
