import TodoCore

/// `todo next`: the list reactor with the pending todos, most urgent first, as many as fit the
/// terminal's height, rendered with their urgency.
struct NextCommand {
    /// The filter terms before and after the command.
    var filter: TodoFilter
    /// `--limit`, or `nil` for as many as fit the terminal.
    var limit: Int?
}

extension NextCommand: TodoSubcommand {
    /// `todo next [<filter> ...] [--limit <count>]`
    static let spec = CommandSpec(
        name: "next",
        overview: "List the most urgent pending todos.",
        discussion: """
            Lists the pending todos (never the waiting or done ones) by urgency, highest first, \
            with it in a column: Taskwarrior's formula (see Docs/Urgency.md). On a terminal, as \
            many as fit its height; --json prints them all, in that order. A filter narrows them.

            Examples:
              todo next
              todo project:Home due.before:eow next
            """,
        arguments: [.filterTerms],
        options: [.pageLimit],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        filter = try Selection.filter(before: values.filterBefore, after: values.words(of: .filterTerms))
        limit = values.value(of: .pageLimit)?.integer
    }

    func run(in context: CommandContext) -> ExitCode {
        var query = TodoQuery(status: .pending, sort: .urgency, limit: limit ?? context.reportLimit("next"))
        query.filter = context.reportFilter("next", typed: filter)
        if query.limit == nil, !context.options.json, let height = context.terminal.pageHeight {
            // The listing, the summary under it, and the prompt after.
            query.limit = max(height - 2, 1)
        }
        let list = context.make { TodoListReactor(provider: $0, query: query) }
        list.send(.refresh)
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "next") }
        if context.options.json {
            context.printJSON(bytes: TodoJSONOutput.arrayBytes(state.todos, context: context.todoContext))
            return .success
        }
        guard !context.options.quiet else { return .success }
        let facts = context.todoContext
        var renderer = context.listRenderer(for: [])
        renderer.relations = facts.relations
        renderer.urgency = Dictionary(uniqueKeysWithValues: state.todos.map { ($0.id, facts.urgency(of: $0)) })
        context.output.out(bytes: renderer.renderBytes(state.todos))
        if context.terminal.outputIsTerminal {
            let summary =
                state.todos.isEmpty ? ListCommand.summary(state) : ListCommand.summary(state) + ", most urgent first"
            for line in TextWrap.lines(summary, width: context.width) {
                context.output.out(context.style.apply(line, .dim) + "\n")
            }
        }
        return .success
    }
}
