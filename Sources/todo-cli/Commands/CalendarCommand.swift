import TodoCore

/// `todo calendar`: the calendar report of the todos the filter selects, from a month on,
/// rendered as month grids.
struct CalendarCommand {
    /// The first month shown; `nil` for the month holding today.
    var month: CalendarMonth?
    /// How many months.
    var months: Int
    /// The filter terms before and after the command (the month left out).
    var filter: TodoFilter
}

extension CalendarCommand: TodoSubcommand {
    /// `todo calendar [<YYYY-MM>] [<filter> ...] [--months <count>]`
    static let spec = CommandSpec(
        name: "calendar",
        aliases: ["cal"],
        overview: "Show months with the days todos are due.",
        discussion: """
            Shows the month holding today, or the month given first as YYYY-MM, and with \
            --months the months after it, side by side as the width allows. Weeks start on \
            the configured day (week.start, Monday by default). Today is marked with >, a day \
            with todos due with *, overdue with !, only done todos with a dot. --json prints, \
            for each day, the ids of the todos due on it. A filter narrows the todos marked.

            Examples:
              todo calendar
              todo calendar 2030-02 --months 3
              todo +work calendar
            """,
        arguments: [.monthAndFilter],
        options: [.months],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        var words = values.words(of: .monthAndFilter)
        if let first = words.first, let month = CalendarMonth(parsing: first) {
            self.month = month
            words.removeFirst()
        } else if let first = words.first, first.count == 7, first.dropFirst(4).first == "-",
            first.prefix(4).allSatisfy(\.isNumber)
        {
            throw ArgumentProblem("'\(first.shownOnOneLine)' is not a month: write it YYYY-MM, from 0001-01 to 9999-12")
        }
        months = max(values.value(of: .months)?.integer ?? 1, 1)
        filter = try Selection.filter(before: values.filterBefore, after: words)
    }

    func run(in context: CommandContext) -> ExitCode {
        let todos: [Todo]
        switch context.reportTodos(filter, report: Self.spec.name) {
        case .success(let read): todos = read
        case .failure(let error): return context.fail(error, command: "calendar")
        }
        let today = context.today
        let report = CalendarReport(
            todos: todos, from: month ?? CalendarMonth(containing: today), months: months, today: today,
            weekStart: context.weekStart)
        if context.options.json {
            context.printJSON(TodoJSONOutput.calendar(report))
            return .success
        }
        guard !context.options.quiet else { return .success }
        context.output.out(CalendarRenderer(width: context.width, style: context.style).render(report))
        return .success
    }
}
