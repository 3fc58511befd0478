import TodoCore

/// `todo summary`: a line per project of the hierarchy, indented two spaces a level below its
/// parent, with its remaining (pending) todos, their average age, and how much of it is done, in
/// percent and as a bar (`#` done, `.` to do; green and dim when colour is on).
struct SummaryRenderer {
    /// The columns a line may take.
    var width: Int
    /// Colours, when they are on.
    var style: Style

    /// The report as lines, each ending with a newline; a sentence when there is no todo.
    func render(_ report: SummaryReport) -> String {
        guard !report.lines.isEmpty else {
            return TextWrap.lines("No todos.", width: width).map { $0 + "\n" }.joined()
        }
        let names = report.lines.map { String(repeating: "  ", count: $0.depth) + $0.name.shownOnOneLine }
        let remainingWidth = max("remaining".count, String(report.lines.map(\.pending).max() ?? 0).count)
        let ageWidth = "avg age".count
        let percentWidth = "complete".count
        let numbers = 2 + remainingWidth + 2 + ageWidth + 2 + percentWidth
        let longest = max(names.map { DisplayWidth.of($0) }.max() ?? 0, "project".count)
        let nameWidth = min(longest, 30, max(width - numbers, 4))
        // The bar: what is left after the columns, 5 to 20 columns, or none.
        let barWidth = min(20, width - nameWidth - numbers - 1)

        func columns(_ name: String, _ remaining: String, _ age: String, _ percent: String) -> String {
            DisplayWidth.pad(DisplayWidth.truncate(name, to: nameWidth), to: nameWidth) + "  "
                + ReportBar.right(remaining, remainingWidth) + "  " + ReportBar.right(age, ageWidth) + "  "
                + ReportBar.right(percent, percentWidth)
        }
        var lines = [
            style.apply(DisplayWidth.truncate(columns("project", "remaining", "avg age", "complete"), to: width), .bold)
        ]
        for (line, name) in zip(report.lines, names) {
            var text = columns(
                name, String(line.pending), line.averageAge.map(SummaryRenderer.age) ?? "-",
                "\(line.percentComplete)%")
            if DisplayWidth.of(text) > width {
                text = DisplayWidth.truncate(text, to: width)
            } else if barWidth >= 5 {
                let done = line.total == 0 ? 0 : line.done * barWidth / line.total
                text +=
                    " " + style.apply(String(repeating: "#", count: done), .green)
                    + style.apply(String(repeating: ".", count: barWidth - done), .dim)
            }
            lines.append(text)
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// An age in the largest unit that keeps it a whole number above 1: `40s`, `12min`, `5h`,
    /// `3d`, `6w`, `4mo`, `2y`.
    static func age(_ seconds: Double) -> String {
        let seconds = Int(seconds.rounded())
        let day = 86_400
        switch seconds {
        case ..<60: return "\(max(seconds, 0))s"
        case ..<3_600: return "\(seconds / 60)min"
        case ..<day: return "\(seconds / 3_600)h"
        case ..<(14 * day): return "\(seconds / day)d"
        case ..<(61 * day): return "\(seconds / (7 * day))w"
        case ..<(365 * day): return "\(seconds / (30 * day))mo"
        default: return "\(seconds / (365 * day))y"
        }
    }
}
