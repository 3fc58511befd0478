import TodoCore

/// `todo projects`: each project of the hierarchy, indented two spaces a level below its
/// parent, with its pending and done todos (those of the projects below it included).
struct ProjectsRenderer {
    /// The columns a line may take.
    var width: Int
    /// Colours, when they are on.
    var style: Style

    /// The report as lines, each ending with a newline; a sentence when there is no todo.
    func render(_ report: SummaryReport) -> String {
        guard !report.lines.isEmpty else {
            return TextWrap.lines("No todos.", width: width).map { $0 + "\n" }.joined()
        }
        let rows = report.lines.map {
            CountTable.Row(
                name: String(repeating: "  ", count: $0.depth) + $0.name.shownOnOneLine, pending: $0.pending,
                done: $0.done)
        }
        return CountTable(heading: "project", rows: rows).render(width: width, style: style)
    }
}
