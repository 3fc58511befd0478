import TodoCore

/// `todo history`: the todos added and completed period by period, rendered as a bar chart.
struct HistoryCommand {
    /// What each line counts by.
    var period: ReportPeriod
    /// The filter terms before and after the command.
    var filter: TodoFilter
}

extension HistoryCommand: TodoSubcommand {
    /// `todo history [<filter> ...] [--by <period>]`
    static let spec = CommandSpec(
        name: "history",
        overview: "Chart the todos added and completed over time.",
        discussion: """
            A line per month, or per week with --by week, from the earliest todo's to the \
            current one: how many todos were added and completed in it, as numbers and a bar; \
            then the totals. A filter narrows the todos counted; --json prints the data.

            Examples:
              todo history
              todo +work history --by week
            """,
        arguments: [.filterTerms],
        options: [.historyPeriod],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        period = values.value(of: .historyPeriod)?.text.flatMap(ReportPeriod.init(rawValue:)) ?? .month
        filter = try Selection.filter(before: values.filterBefore, after: values.words(of: .filterTerms))
    }

    func run(in context: CommandContext) -> ExitCode {
        let todos: [Todo]
        switch context.reportTodos(filter, report: Self.spec.name) {
        case .success(let read): todos = read
        case .failure(let error): return context.fail(error, command: "history")
        }
        let report = HistoryReport(
            todos: todos, context: context.todoContextWithoutRelations, period: period, weekStart: context.weekStart)
        if context.options.json {
            context.printJSON(TodoJSONOutput.history(report))
            return .success
        }
        guard !context.options.quiet else { return .success }
        context.output.out(HistoryRenderer(width: context.width, style: context.style).render(report))
        return .success
    }
}
