import TodoCore

/// `todo denotate`: the list reactor's `denotate`.
struct DenotateCommand {
    /// The todo whose annotation to remove.
    var id: Int
    /// The annotation: its number from 1, or its text.
    var annotation: String
}

extension DenotateCommand: TodoSubcommand {
    /// `todo denotate <id> <annotation> ...`
    static let spec = CommandSpec(
        name: "denotate",
        overview: "Remove an annotation of a todo.",
        discussion: """
            Examples:
              todo denotate 3 1
              todo denotate 3 no answer
            """,
        arguments: [.id, .annotationReference],
        filterBefore: .firstArgument)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        id = values.value(of: .id)?.integer ?? 0
        annotation = values.words(of: .annotationReference).joined(separator: " ")
    }

    func run(in context: CommandContext) -> ExitCode {
        let list = context.make { TodoListReactor(provider: $0) }
        list.send(.denotate(id: id, annotation: annotation))
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "denotate") }
        guard case .denotated(let todo)? = state.outcome else { return context.fail(.unknownTodos([id])) }
        if context.options.json {
            context.printJSON(TodoJSONOutput.object(todo, context: context.todoContext))
        } else {
            let left = todo.annotations.count
            context.say(
                context.line(
                    "Removed an annotation of ", todo,
                    " (\(left == 0 ? "none" : String(left)) left)"))
        }
        return .success
    }
}
