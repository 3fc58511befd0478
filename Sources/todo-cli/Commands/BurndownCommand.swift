import TodoCore

/// `todo burndown`: the burndown report of the todos the filter selects, rendered as a bar
/// chart with the rates and the estimate.
struct BurndownCommand {
    /// What each line counts by.
    var period: ReportPeriod
    /// The filter terms before and after the command.
    var filter: TodoFilter
}

extension BurndownCommand: TodoSubcommand {
    /// `todo burndown [<filter> ...] [--by <period>]`
    static let spec = CommandSpec(
        name: "burndown",
        overview: "Chart pending, active and done todos over time.",
        discussion: """
            A line per day, week or month (--by), from the earliest todo's to the current one \
            (on a terminal, as many of the latest as fit its height): how many todos were \
            pending, active and done at its end, as numbers and a stacked bar. Under it, the \
            rates at which todos were added and completed lately, and the day none would be \
            pending at that pace, or "not converging". A filter narrows the todos counted; \
            --json prints the data (see Docs/Reports.md).

            Examples:
              todo burndown
              todo burndown --by week
              todo project:Work burndown --by month
            """,
        arguments: [.filterTerms],
        options: [.burndownPeriod],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        period = values.value(of: .burndownPeriod)?.text.flatMap(ReportPeriod.init(rawValue:)) ?? .day
        filter = try Selection.filter(before: values.filterBefore, after: values.words(of: .filterTerms))
    }

    func run(in context: CommandContext) -> ExitCode {
        let todos: [Todo]
        switch context.reportTodos(filter, report: Self.spec.name) {
        case .success(let read): todos = read
        case .failure(let error): return context.fail(error, command: "burndown")
        }
        // On a terminal, the latest periods that fit its height with the lines around them.
        var periods: Int?
        if !context.options.json, context.terminal.outputIsTerminal, let height = context.terminal.pageHeight {
            periods = max(height - 8, 3)
        }
        let report = BurndownReport(
            todos: todos, context: context.todoContextWithoutRelations, period: period, weekStart: context.weekStart,
            periods: periods)
        if context.options.json {
            context.printJSON(TodoJSONOutput.burndown(report))
            return .success
        }
        guard !context.options.quiet else { return .success }
        context.output.out(BurndownRenderer(width: context.width, style: context.style).render(report))
        return .success
    }
}
