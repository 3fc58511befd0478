import TodoCore

/// `todo rm`: the list reactor's `delete`, which asks through the alert service before
/// deleting several unless `--yes`.
enum RemoveCommand {
    static func run(ids: [Int], confirmed: Bool, in context: CommandContext) -> ExitCode {
        let list = context.make { TodoListReactor(provider: $0) }
        list.send(.delete(ids: ids, confirmed: confirmed))
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "rm") }
        switch state.outcome {
        case .deleted(let todos)?:
            if context.options.json {
                context.printJSON(
                    ids.count == 1 && todos.count == 1
                        ? TodoJSONOutput.object(todos[0], context: context.todoContext)
                        : TodoJSONOutput.array(todos, context: context.todoContext))
            } else {
                context.say(todos.map { context.line("Deleted ", $0) }.joined(separator: "\n"))
            }
            return .success
        case .cancelled?:
            context.output.err("Nothing was deleted.\n")
            return .failure
        default:
            return context.fail(.unknownTodos(ids))
        }
    }
}
