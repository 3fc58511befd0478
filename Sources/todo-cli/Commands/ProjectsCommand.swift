import TodoCore

/// `todo projects`: the projects of the todos the filter selects, with their counts.
struct ProjectsCommand {
    /// The filter terms before and after the command.
    var filter: TodoFilter
}

extension ProjectsCommand: TodoSubcommand {
    /// `todo projects [<filter> ...]`
    static let spec = CommandSpec(
        name: "projects",
        overview: "List the projects with their todo counts.",
        discussion: """
            A line per project, each followed by the projects below it, indented, then (none) \
            for the todos without a project; a project counts the todos of the projects below \
            it. A filter narrows the todos counted; --json prints the data.

            Examples:
              todo projects
              todo projects status:pending
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
        case .failure(let error): return context.fail(error, command: "projects")
        }
        let report = SummaryReport(todos: todos, now: context.provider.clock.now())
        if context.options.json {
            context.printJSON(TodoJSONOutput.projects(report))
            return .success
        }
        guard !context.options.quiet else { return .success }
        context.output.out(ProjectsRenderer(width: context.width, style: context.style).render(report))
        return .success
    }
}
