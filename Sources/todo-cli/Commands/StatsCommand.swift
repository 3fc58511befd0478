import TodoCore

/// `todo stats`: the stats reactor, refreshed, rendered.
struct StatsCommand {}

extension StatsCommand: TodoSubcommand {
    /// `todo stats`
    static let spec = CommandSpec(
        name: "stats",
        overview: "Count the todos: pending, done, overdue, by tag.")

    init(_ values: ParsedValues) {}

    func run(in context: CommandContext) -> ExitCode {
        let reactor = context.make { TodoStatsReactor(provider: $0) }
        reactor.send(.refresh)
        let state = reactor.currentState
        if let error = state.error { return context.fail(error, command: "stats") }
        let stats = state.stats ?? TodoStats()
        if context.options.json {
            context.printJSON(TodoJSONOutput.stats(stats))
            return .success
        }
        guard !context.options.quiet else { return .success }
        let style = context.style
        let width = context.width
        // Every line fits the width, cut with `…` when it is narrower than the line.
        func fitted(_ line: String) -> String { DisplayWidth.truncate(line, to: width) }
        let overdue = "overdue    \(stats.overdue)"
        var lines = [
            fitted("pending    \(stats.pending)"),
            fitted("done       \(stats.done)"),
            stats.overdue > 0 && DisplayWidth.of(overdue) <= width
                ? "overdue    " + style.apply(String(stats.overdue), .red, .bold) : fitted(overdue),
            fitted("due today  \(stats.dueToday)"),
            fitted("total      \(stats.total)"),
        ]
        if !stats.tags.isEmpty {
            lines.append("")
            // The tag column: as wide as the longest tag (at most 30), narrower when the
            // terminal is (tags then cut with `…`); the counts after it take 11 columns and done's
            // (under 19 columns, the lines are cut too).
            let doneWidth = max(String(stats.tags.values.map(\.done).max() ?? 0).count, 4)
            let room = max(width - 11 - doneWidth, 4)
            let tagWidth = min(
                max(stats.tags.keys.map { DisplayWidth.of($0.shownOnOneLine) + 1 }.max() ?? 0, 4), 30, room)
            lines.append(fitted(DisplayWidth.pad("tag", to: tagWidth) + "  pending  done"))
            for tag in stats.tags.keys.sorted() {
                let count = stats.tags[tag]!
                let name = DisplayWidth.pad(DisplayWidth.truncate("+" + tag.shownOnOneLine, to: tagWidth), to: tagWidth)
                lines.append(fitted(name + "  " + DisplayWidth.pad(String(count.pending), to: 7) + "  \(count.done)"))
            }
        }
        context.output.out(lines.joined(separator: "\n") + "\n")
        return .success
    }
}
