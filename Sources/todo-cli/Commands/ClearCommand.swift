import TodoCore

/// `todo clear`: the list reactor's `clearCompleted`, confirmed through the alert service
/// unless `--yes`.
struct ClearCommand {
    /// Whether `--yes` was given.
    var confirmed: Bool
}

extension ClearCommand: TodoSubcommand {
    /// `todo clear [--yes]`
    static let spec = CommandSpec(
        name: "clear",
        overview: "Delete every done todo.",
        discussion: "Asks for confirmation when standard input is a terminal; otherwise it needs --yes.",
        options: [.yes])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        confirmed = values.isSet(.yes)
    }

    func run(in context: CommandContext) -> ExitCode {
        let list = context.make { TodoListReactor(provider: $0) }
        list.send(.clearCompleted(confirmed: confirmed))
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "clear") }
        switch state.outcome {
        case .cleared(let todos)?:
            if context.options.json {
                context.printJSON(TodoJSONOutput.array(todos, context: context.todoContext))
            } else if todos.isEmpty {
                context.say("No done todos to clear.")
            } else {
                context.say(
                    todos.count == 1
                        ? "Deleted 1 done todo (undo brings it back)."
                        : "Deleted \(todos.count) done todos (undo brings them back).")
            }
            return .success
        case .cancelled?:
            context.output.err("Nothing was deleted.\n")
            return .failure
        default:
            return .failure
        }
    }
}
