import TodoCore

/// `todo calendar`: month grids side by side, as many as the width holds, then a legend.
///
/// Each day takes four columns: `>` before today, the day, and after it `!` when todos due on it
/// are overdue, `*` when todos not done are due on it, `.` when only done ones are; with colour
/// on, today is also in reverse video, overdue days red, days with todos due yellow and days with
/// only done todos dim. Narrower than a month (28 columns), the days that are marked are listed
/// instead, one a line, with the ids due on them.
struct CalendarRenderer {
    /// The columns a line may take.
    var width: Int
    /// Colours, when they are on.
    var style: Style

    /// The columns one month takes, its last mark included.
    static let monthWidth = 28
    /// The columns between two months side by side.
    static let gap = 2

    /// The report as lines, each ending with a newline.
    func render(_ report: CalendarReport) -> String {
        var lines: [String] = []
        if width < CalendarRenderer.monthWidth {
            for (index, month) in report.months.enumerated() {
                if index > 0 { lines.append("") }
                lines += list(month)
            }
        } else {
            let perRow = max(1, (width + CalendarRenderer.gap) / (CalendarRenderer.monthWidth + CalendarRenderer.gap))
            var start = 0
            while start < report.months.count {
                if start > 0 { lines.append("") }
                let blocks = report.months[start..<min(start + perRow, report.months.count)].map {
                    grid($0, weekStart: report.weekStart)
                }
                let height = blocks.map(\.count).max() ?? 0
                for row in 0..<height {
                    var line = ""
                    for (index, block) in blocks.enumerated() {
                        let cell = row < block.count ? block[row] : (text: "", columns: 0)
                        if index > 0 { line += String(repeating: " ", count: CalendarRenderer.gap) }
                        line += cell.text
                        if index < blocks.count - 1 {
                            line += String(repeating: " ", count: max(0, CalendarRenderer.monthWidth - cell.columns))
                        }
                    }
                    lines.append(trimmed(line))
                }
                start += perRow
            }
        }
        lines.append("")
        let legend = [
            (">", "today", [Style.Code.reverse]), ("*", "due", [.yellow, .bold]), ("!", "overdue", [.red, .bold]),
            (".", "done", [.dim]),
        ]
        lines += ReportLegend.lines(legend.map { ($0.0, $0.1, $0.2) }, width: width, style: style)
        return lines.map { $0 + "\n" }.joined()
    }

    /// The lines of one month's grid: its name, the weekdays, its weeks.
    /// The lines of one month's grid (its name, the weekdays, its weeks), each with the columns
    /// it takes.
    private func grid(_ month: CalendarReport.Month, weekStart: Weekday) -> [(text: String, columns: Int)] {
        let title = CalendarRenderer.name(of: month.month)
        let indent = max(0, (CalendarRenderer.monthWidth - DisplayWidth.of(title)) / 2)
        var lines = [(String(repeating: " ", count: indent) + title, indent + DisplayWidth.of(title))]
        let start = Weekday.allCases.firstIndex(of: weekStart)!
        let days = (0..<7).map { Weekday.allCases[(start + $0) % 7] }
        lines.append((days.map { " " + CalendarRenderer.shortName(of: $0) + " " }.joined(), 28))
        for week in month.weeks {
            lines.append((week.map { $0.map(cell) ?? "    " }.joined(), 28))
        }
        return lines
    }

    /// Four columns: the today mark, the day, the due mark.
    private func cell(_ day: CalendarReport.Day) -> String {
        let number = ReportBar.right(String(day.day.day), 2)
        let (mark, codes) = CalendarRenderer.mark(of: day)
        var shownNumber = style.apply(number, codes)
        if day.isToday { shownNumber = style.apply(number, codes + [.reverse]) }
        return (day.isToday ? ">" : " ") + shownNumber + style.apply(mark, codes)
    }

    /// The mark after a day and its colours: `!` overdue, `*` due, `.` only done todos due.
    static func mark(of day: CalendarReport.Day) -> (String, [Style.Code]) {
        if day.isOverdue { return ("!", [.red, .bold]) }
        if !day.pending.isEmpty { return ("*", [.yellow, .bold]) }
        if !day.done.isEmpty { return (".", [.dim]) }
        return (" ", [])
    }

    /// A narrow terminal's month: its name, then each day marked or today, with the ids due.
    private func list(_ month: CalendarReport.Month) -> [String] {
        var lines = [DisplayWidth.truncate(CalendarRenderer.name(of: month.month), to: width)]
        for day in month.days where day.isToday || !day.due.isEmpty {
            let (mark, codes) = CalendarRenderer.mark(of: day)
            var text = ReportBar.right(String(day.day.day), 2) + " " + CalendarRenderer.shortName(of: day.day.weekday)
            text += (day.isToday ? " >" : "  ") + mark
            if !day.due.isEmpty { text += " " + day.due.map(String.init).joined(separator: ",") }
            text = DisplayWidth.truncate(trimmed(text), to: width)
            lines.append(style.apply(text, day.isToday ? codes + [.reverse] : codes))
        }
        return lines
    }

    /// `January 2030`.
    static func name(of month: CalendarMonth) -> String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(names[month.month - 1]) \(month.year)"
    }

    /// `Mo`, `Tu`, …
    static func shortName(of day: Weekday) -> String {
        String(day.rawValue.prefix(1)).uppercased() + String(day.rawValue.dropFirst().prefix(1))
    }

    /// `line` without the spaces that end it.
    private func trimmed(_ line: String) -> String {
        var line = line
        while line.last == " " { line.removeLast() }
        return line
    }
}
