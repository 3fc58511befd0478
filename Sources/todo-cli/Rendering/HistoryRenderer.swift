import TodoCore

/// `todo history`: a line per period, oldest first — its first day (or month), the todos
/// added and completed in it, and a bar of both (`+` added, `X` completed; red and green when
/// colour is on) scaled to the busiest period — then the totals.
struct HistoryRenderer {
    /// The columns a line may take.
    var width: Int
    /// Colours, when they are on.
    var style: Style

    /// The report as lines, each ending with a newline.
    func render(_ report: HistoryReport) -> String {
        let label = ReportLabel(period: report.period)
        let addedWidth = max("added".count, String(report.counts.map(\.added).max() ?? 0).count)
        let completedWidth = max("completed".count, String(report.counts.map(\.completed).max() ?? 0).count)
        let barWidth = width - label.width - 1 - addedWidth - 1 - completedWidth - 1
        let maximum = report.counts.map { $0.added + $0.completed }.max() ?? 0
        func columns(_ period: String, _ added: String, _ completed: String) -> String {
            DisplayWidth.pad(period, to: label.width) + " " + ReportBar.right(added, addedWidth) + " "
                + ReportBar.right(completed, completedWidth)
        }
        var lines = [style.apply(DisplayWidth.truncate(columns(label.heading, "added", "completed"), to: width), .bold)]
        for period in report.counts {
            var line = columns(label.text(period.start), String(period.added), String(period.completed))
            if DisplayWidth.of(line) > width {
                line = DisplayWidth.truncate(line, to: width)
            } else if barWidth >= 4 {
                let bar = ReportBar.render(
                    [
                        .init(count: period.added, glyph: "+", color: .red),
                        .init(count: period.completed, glyph: "X", color: .green),
                    ], maximum: maximum, width: barWidth, style: style)
                if !bar.isEmpty { line += " " + bar }
            }
            lines.append(line)
        }
        lines.append("")
        lines += ReportLegend.lines([("+", "added", [.red]), ("X", "completed", [.green])], width: width, style: style)
        lines += TextWrap.lines(
            "Total: \(report.added) added, \(report.completed) completed, net \(report.added - report.completed).",
            width: width)
        return lines.map { $0 + "\n" }.joined()
    }
}
