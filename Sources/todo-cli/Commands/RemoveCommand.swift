import TodoCore

/// `todo rm`: the list reactor's `delete`, which asks through the alert service before deleting
/// several unless `--yes`; a filter of anything but ids is looked up first, and asked about with
/// the todos it selects listed (``Selection``).
struct RemoveCommand {
    /// The todos to delete.
    var selection: Selection
    /// Whether `--yes` was given.
    var confirmed: Bool
}

extension RemoveCommand: TodoSubcommand {
    /// `todo rm <filter> ... [--yes]` (alias `delete`)
    static let spec = CommandSpec(
        name: "rm",
        aliases: ["delete"],
        overview: "Delete todos.",
        discussion: """
            Deleting several todos asks for confirmation when standard input is a terminal; \
            otherwise it needs --yes. A filter selects among every todo.
            """,
        arguments: [.anyFilter],
        options: [.yes],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        selection = try Selection(before: values.filterBefore, after: values.words(of: .anyFilter))
        confirmed = values.isSet(.yes)
    }

    func run(in context: CommandContext) -> ExitCode {
        let question = Selection.Question(
            verb: "Delete", message: "They can be brought back with undo.", declined: "Nothing was deleted.")
        let resolved: Selection.Resolved
        switch selection.resolve(among: .all, asking: question, confirmed: confirmed, command: "rm", in: context) {
        case .success(let value): resolved = value
        case .failure(let stop): return stop.code
        }
        // Ids are asked about by the list reactor, as ever; a filter was asked about already.
        let list = resolved.list
        list.send(.delete(ids: resolved.ids, confirmed: confirmed || selection.typedIDs == nil))
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "rm") }
        switch state.outcome {
        case .deleted(let todos)?:
            if context.options.json {
                context.printJSON(
                    selection.isOneID && todos.count == 1
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
            return context.fail(.unknownTodos(resolved.ids))
        }
    }
}
