import TodoCore

/// `todo stop`: the list reactor's `stop`, all or nothing (``Marking``).
struct StopCommand {
    /// The todos to stop.
    var selection: Selection
    /// Whether `--yes` was given.
    var confirmed: Bool
}

extension StopCommand: TodoSubcommand {
    /// `todo stop <filter> ... [--yes]`
    static let spec = CommandSpec(
        name: "stop",
        overview: "Stop work on todos (they are no longer active).",
        discussion: "A filter selects among the todos not done, unless it names a status.",
        arguments: [.pendingFilter],
        options: [.yes],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        selection = try Selection(before: values.filterBefore, after: values.words(of: .pendingFilter))
        confirmed = values.isSet(.yes)
    }

    func run(in context: CommandContext) -> ExitCode {
        let resolved: Selection.Resolved
        switch selection.resolve(
            among: .notDone, asking: .init(verb: "Stop"), confirmed: confirmed, command: "stop", in: context)
        {
        case .success(let value): resolved = value
        case .failure(let stop): return stop.code
        }
        resolved.list.send(.stop(ids: resolved.ids))
        let state = resolved.list.currentState
        if let error = state.error { return context.fail(error, command: "stop") }
        guard case .stopped(let result)? = state.outcome else { return context.fail(.unknownTodos(resolved.ids)) }
        let asArray = !selection.isOneID || result.todos.count != 1
        return Marking.report(result, asArray: asArray, completing: false, in: context) { _, changed in
            changed ? "Stopped " : "Not started "
        }
    }
}
