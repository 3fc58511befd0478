import TodoCore

/// `todo summary`: the summary report of the todos the filter selects, rendered as a table.
struct SummaryCommand {
    /// The filter terms before and after the command.
    var filter: TodoFilter
}

extension SummaryCommand: TodoSubcommand {
    /// `todo summary [<filter> ...]`
    static let spec = CommandSpec(
        name: "summary",
        overview: "Sum up the projects: todos left, age, % done.",
        discussion: """
            A line per project, each followed by the projects below it (Home.Garden under \
            Home, indented), then (none) for the todos without a project: the todos remaining \
            (not done), their average age, and the part done, in percent and as a bar. A \
            project counts the todos of the projects below it. A filter narrows the todos \
            counted; --json prints the data.

            Examples:
              todo summary
              todo +work summary
            """,
        arguments: [.filterTerms],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        filter = try Selection.filter(before: values.filterBefore, after: values.words(of: .filterTerms))
    }

    func run(in context: CommandContext) -> ExitCode {
        let todos: [Todo]
        switch context.reportTodos(filter, report: Self.spec.name) {
        case .success(let read): todos = read
        case .failure(let error): return context.fail(error, command: "summary")
        }
        let report = SummaryReport(todos: todos, now: context.provider.clock.now())
        if context.options.json {
            context.printJSON(TodoJSONOutput.summary(report))
            return .success
        }
        guard !context.options.quiet else { return .success }
        context.output.out(SummaryRenderer(width: context.width, style: context.style).render(report))
        return .success
    }
}
