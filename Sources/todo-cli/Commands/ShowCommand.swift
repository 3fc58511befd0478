import TodoCore

/// `todo show`: a row reactor, loaded, rendered in detail.
struct ShowCommand {
    /// The todo to show.
    var id: Int
}

extension ShowCommand: TodoSubcommand {
    /// `todo show <id>`
    static let spec = CommandSpec(
        name: "show",
        overview: "Show a todo with all its details.",
        arguments: [.id],
        filterBefore: .firstArgument)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        id = values.value(of: .id)?.integer ?? 0
    }

    func run(in context: CommandContext) -> ExitCode {
        let row = context.make { TodoRowReactor(provider: $0, id: id) }
        row.send(.load)
        let state = row.currentState
        if let error = state.error { return context.fail(error, command: "show") }
        guard let todo = state.todo else { return context.fail(.unknownTodos([id])) }
        let todoContext = context.todoContext
        if let error = context.todoContextError { return context.fail(error) }
        if context.options.json {
            context.printJSON(TodoJSONOutput.object(todo, context: todoContext))
        } else if !context.options.quiet {
            let renderer = TodoDetailRenderer(
                today: context.today, clock: context.provider.clock, style: context.style, width: context.width,
                dateFormat: context.config.dateFormat)
            context.output.out(renderer.render(todo, facts: todoContext.facts(for: todo)))
        }
        return .success
    }
}
