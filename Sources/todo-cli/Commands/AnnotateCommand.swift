import TodoCore

/// `todo annotate`: the list reactor's `annotate`, all or nothing (``Marking``).
struct AnnotateCommand {
    /// The todos to annotate.
    var selection: Selection
    /// The annotation's text.
    var text: String
    /// Whether `--yes` was given.
    var confirmed: Bool
}

extension AnnotateCommand: TodoSubcommand {
    /// `todo annotate <filter> <text> ... [--yes]`
    static let spec = CommandSpec(
        name: "annotate",
        overview: "Add a note with the time to todos.",
        discussion: """
            A todo keeps every annotation, oldest first ('todo show' lists them, 'todo denotate' \
            removes one). A filter selects among every todo.

            Examples:
              todo annotate 3 Called, no answer
              todo +sales project:Work annotate Prices go up in March --yes
            """,
        arguments: [.target, .annotationText],
        options: [.yes],
        filterBefore: .firstArgument)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        selection = try Selection(before: [], after: values.words(of: .target))
        text = values.words(of: .annotationText).joined(separator: " ")
        confirmed = values.isSet(.yes)
    }

    func run(in context: CommandContext) -> ExitCode {
        let resolved: Selection.Resolved
        switch selection.resolve(
            among: .all, asking: .init(verb: "Annotate"), confirmed: confirmed, command: "annotate", in: context)
        {
        case .success(let value): resolved = value
        case .failure(let stop): return stop.code
        }
        resolved.list.send(.annotate(ids: resolved.ids, text: text))
        let state = resolved.list.currentState
        if let error = state.error { return context.fail(error, command: "annotate") }
        guard case .annotated(let result)? = state.outcome else { return context.fail(.unknownTodos(resolved.ids)) }
        let asArray = !selection.isOneID || result.todos.count != 1
        return Marking.report(result, asArray: asArray, completing: false, in: context) { _, _ in "Annotated " }
    }
}
