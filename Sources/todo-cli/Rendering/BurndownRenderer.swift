import TodoCore

/// `todo burndown`: a line per period, oldest first — its first day, how many todos were
/// pending, active and done at its end, and a bar of the three stacked (`+` pending, `>`
/// active, `X` done, coloured red, yellow and green when colour is on) scaled to the largest
/// total — then the rates and the day the open count would reach zero.
struct BurndownRenderer {
    /// The columns a line may take.
    var width: Int
    /// Colours, when they are on.
    var style: Style

    /// The report as lines, each ending with a newline.
    func render(_ report: BurndownReport) -> String {
        let counts = report.counts
        let label = ReportLabel(period: report.period)
        let digits = [
            "pending".count, String(counts.map(\.pending).max() ?? 0).count,
        ].max()!
        let activeDigits = max("active".count, String(counts.map(\.active).max() ?? 0).count)
        let doneDigits = max("done".count, String(counts.map(\.done).max() ?? 0).count)
        let numbers = digits + 1 + activeDigits + 1 + doneDigits
        let barWidth = width - label.width - 1 - numbers - 1
        let maximum = counts.map { $0.pending + $0.active + $0.done }.max() ?? 0
        var lines: [String] = []
        let header =
            DisplayWidth.pad(label.heading, to: label.width) + " " + ReportBar.right("pending", digits) + " "
            + ReportBar.right("active", activeDigits) + " " + ReportBar.right("done", doneDigits)
        lines.append(style.apply(DisplayWidth.truncate(header, to: width), .bold))
        for period in counts {
            var line =
                label.text(period.start) + " " + ReportBar.right(String(period.pending), digits) + " "
                + ReportBar.right(String(period.active), activeDigits) + " "
                + ReportBar.right(String(period.done), doneDigits)
            if DisplayWidth.of(line) > width {
                line = DisplayWidth.truncate(line, to: width)
            } else if barWidth >= 4 {
                let bar = ReportBar.render(
                    [
                        .init(count: period.done, glyph: "X", color: .green),
                        .init(count: period.active, glyph: ">", color: .yellow),
                        .init(count: period.pending, glyph: "+", color: .red),
                    ], maximum: maximum, width: barWidth, style: style)
                if !bar.isEmpty { line += " " + bar }
            }
            lines.append(line)
        }
        lines.append("")
        lines += ReportLegend.lines(
            [("X", "done", [.green]), (">", "active", [.yellow]), ("+", "pending", [.red])], width: width, style: style)
        for sentence in BurndownRenderer.sentences(report) {
            lines += TextWrap.lines(sentence, width: width)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// The rates and the estimate in words.
    static func sentences(_ report: BurndownReport) -> [String] {
        var sentences: [String] = []
        let unit = report.period.rawValue
        if let rates = report.rates {
            let periods = rates.window == 1 ? "the last \(unit)" : "the last \(rates.window) \(unit)s"
            sentences.append(
                "Over \(periods): \(number(rates.addedPerPeriod)) added and \(number(rates.completedPerPeriod)) "
                    + "completed a \(unit): "
                    + (rates.netPerDay >= 0
                        ? "\(number(rates.netPerDay)) fewer open a day."
                        : "\(number(-rates.netPerDay)) more open a day."))
        }
        switch report.estimate {
        case .zeroOn(let day):
            sentences.append("At that pace, none pending by \(day) (estimate).")
        case .notConverging:
            sentences.append("Not converging: todos are added as fast as they are completed, or faster.")
        case .nothingOpen:
            sentences.append("Nothing is pending.")
        case .noHistory:
            sentences.append("Too little history to estimate when none will be pending.")
        }
        return sentences
    }

    /// `3`, `0.5`, `-1.25`: at most two decimals.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100
        let fraction = abs(hundredths) % 100
        if fraction == 0 { return sign + String(whole) }
        let decimals = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return sign + String(whole) + "." + decimals
    }
}

/// The label of a report's period: `2030-01-07` for a day or a week (its first day), `2030-01`
/// for a month.
struct ReportLabel {
    /// What the rows count by.
    var period: ReportPeriod

    /// The columns a label takes.
    var width: Int { period == .month ? 7 : 10 }

    /// The column's heading.
    var heading: String { period.rawValue }

    /// The label of the period starting on `day`.
    func text(_ day: CalendarDay) -> String {
        period == .month ? String(day.description.prefix(7)) : day.description
    }
}
