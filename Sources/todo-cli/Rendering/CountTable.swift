/// A table of names with their pending and done counts (`todo projects`, `todo tags`): the name
/// column as wide as the longest name, at most 30 columns and never so wide that the counts do
/// not fit (names then cut with `…`).
struct CountTable {
    /// One row: the name as shown (indent included) and its counts.
    struct Row {
        var name: String
        var pending: Int
        var done: Int
    }

    /// The heading of the name column.
    var heading: String
    /// The rows, in order.
    var rows: [Row]

    /// The table as lines, each ending with a newline; the heading bold when colour is on.
    func render(width: Int, style: Style) -> String {
        let pendingWidth = max("pending".count, String(rows.map(\.pending).max() ?? 0).count)
        let doneWidth = max("done".count, String(rows.map(\.done).max() ?? 0).count)
        let room = max(width - 2 - pendingWidth - 2 - doneWidth, 4)
        let nameWidth = min(max(rows.map { DisplayWidth.of($0.name) }.max() ?? 0, heading.count), 30, room)
        func line(_ name: String, _ pending: String, _ done: String) -> String {
            let text =
                DisplayWidth.pad(DisplayWidth.truncate(name, to: nameWidth), to: nameWidth) + "  "
                + ReportBar.right(pending, pendingWidth) + "  " + ReportBar.right(done, doneWidth)
            return DisplayWidth.truncate(text, to: width)
        }
        var lines = [style.apply(line(heading, "pending", "done"), .bold)]
        for row in rows {
            lines.append(line(row.name, String(row.pending), String(row.done)))
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
