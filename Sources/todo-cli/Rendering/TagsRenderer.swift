import TodoCore

/// `todo tags`: each tag (`+work`) with its pending and done todos.
struct TagsRenderer {
    /// The columns a line may take.
    var width: Int
    /// Colours, when they are on.
    var style: Style

    /// The report as lines, each ending with a newline; a sentence when no todo has a tag.
    func render(_ report: TagsReport) -> String {
        guard !report.lines.isEmpty else {
            return TextWrap.lines("No tags.", width: width).map { $0 + "\n" }.joined()
        }
        let rows = report.lines.map {
            CountTable.Row(name: "+" + $0.tag.shownOnOneLine, pending: $0.pending, done: $0.done)
        }
        return CountTable(heading: "tag", rows: rows).render(width: width, style: style)
    }
}
