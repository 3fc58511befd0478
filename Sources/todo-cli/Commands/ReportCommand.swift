import TodoCore

/// `todo NAME` for a custom report of the config file (`report.NAME.filter`, `.sort`,
/// `.columns`, `.limit`, `.description`): the list reactor with the report's query narrowed by
/// the active context and the typed filter, in the report's order (TodoCore's
/// `ReportDefinition`), rendered as a table (``ReportRenderer``) or as todo objects with `--json`.
///
/// It is not in ``CommandCatalog``: the parser makes it from ``ConfigCommands``.
struct ReportCommand: ParsedCommand {
    /// The report, as the config defines it.
    var report: ReportDefinition
    /// The filter terms before and after the name.
    var filter: TodoFilter
    /// `--limit`, instead of the report's.
    var limit: Int?

    /// The command with the values the parser read against ``ConfigCommands/spec(for:)``.
    init(_ values: ParsedValues, report: ReportDefinition) throws(ArgumentProblem) {
        self.report = report
        filter = try Selection.filter(before: values.filterBefore, after: values.words(of: .filterTerms))
        limit = values.value(of: .pageLimit)?.integer
    }

    func run(in context: CommandContext) -> ExitCode {
        let query = report.query(adding: context.narrowedByContext(filter))
        let list = context.make { TodoListReactor(provider: $0, query: query) }
        list.send(.refresh)
        let state = list.currentState
        if let error = state.error { return context.fail(error) }
        var definition = report
        if let limit { definition.limit = limit }
        let facts = context.todoContext
        let todos = definition.ordered(state.todos, context: facts)
        if context.options.json {
            context.printJSON(bytes: TodoJSONOutput.arrayBytes(todos, context: facts))
            return .success
        }
        guard !context.options.quiet else { return .success }
        let renderer = ReportRenderer(
            today: context.today, now: facts.now, width: context.width, style: context.style,
            dateFormat: context.config.dateFormat, context: facts)
        context.output.out(renderer.render(todos, columns: report.shownColumns))
        if context.terminal.outputIsTerminal || todos.isEmpty {
            let total = state.todos.count
            let summary =
                total == 0
                ? "No todos in the report \(report.name)."
                : todos.count < total
                    ? "showing \(todos.count) of \(total) todos" : "\(total) todo\(total == 1 ? "" : "s")"
            for line in TextWrap.lines(summary, width: context.width) {
                context.output.out(context.style.apply(line, .dim) + "\n")
            }
        }
        return .success
    }
}
