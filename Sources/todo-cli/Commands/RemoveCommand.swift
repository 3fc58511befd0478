import TodoCore

/// `todo rm`: the list reactor's `delete`, which asks through the alert service before
/// deleting several unless `--yes`.
struct RemoveCommand {
    /// The todos to delete.
    var ids: [Int]
    /// Whether `--yes` was given.
    var confirmed: Bool
}

extension RemoveCommand: TodoSubcommand {
    /// `todo rm <id> ... [--yes]` (alias `delete`)
    static let spec = CommandSpec(
        name: "rm",
        aliases: ["delete"],
        overview: "Delete todos.",
        discussion: """
            Deleting several todos asks for confirmation when standard input is a terminal; \
            otherwise it needs --yes.
            """,
        arguments: [.ids],
        options: [.yes])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        ids = values.values(of: .ids).compactMap(\.integer)
        confirmed = values.isSet(.yes)
    }

    func run(in context: CommandContext) -> ExitCode {
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
