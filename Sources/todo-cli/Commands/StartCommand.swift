import TodoCore

/// `todo start`: the list reactor's `start`, all or nothing (``Marking``).
struct StartCommand {
    /// The todos to start.
    var selection: Selection
    /// Whether `--yes` was given.
    var confirmed: Bool
}

extension StartCommand: TodoSubcommand {
    /// `todo start <filter> ... [--yes]`
    static let spec = CommandSpec(
        name: "start",
        overview: "Start work on todos (they become active).",
        discussion: """
            A done todo, or one started already, is left as it is. A filter selects among the \
            todos not done, unless it names a status.
            """,
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
            among: .notDone, asking: .init(verb: "Start"), confirmed: confirmed, command: "start", in: context)
        {
        case .success(let value): resolved = value
        case .failure(let stop): return stop.code
        }
        resolved.list.send(.start(ids: resolved.ids))
        let state = resolved.list.currentState
        if let error = state.error { return context.fail(error, command: "start") }
        guard case .started(let result)? = state.outcome else { return context.fail(.unknownTodos(resolved.ids)) }
        let asArray = !selection.isOneID || result.todos.count != 1
        return Marking.report(result, asArray: asArray, completing: false, in: context) { todo, changed in
            changed ? "Started " : todo.isDone ? "Already done " : "Already started "
        }
    }
}
