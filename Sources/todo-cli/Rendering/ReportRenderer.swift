import TodoCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The table of a custom report (`report.NAME.columns`): a header line, then one line per todo,
/// the columns in the report's order, fitted to the width — no line is wider. The title takes
/// the room the other columns leave (at least 12 columns when it can); when even that does not
/// fit, columns are left out from the right, the id and the title last.
///
/// ```text
/// ID Due        Project Title           Urg
///  3 2030-01-08 Home    Buy milk        8.2
/// ```
struct ReportRenderer {
    /// The day dates and ages are measured from.
    var today: CalendarDay
    /// The time ages are measured from.
    var now: Date
    /// The columns available.
    var width: Int
    /// The colours.
    var style: Style
    /// How days show (`date.format`).
    var dateFormat: DateDisplayFormat
    /// The todos' derived facts (urgency).
    var context: TodoContext

    /// The fewest columns the title keeps before other columns are left out.
    static let minimumTitleWidth = 12

    /// The header of `column`.
    static func header(of column: ReportDefinition.Column) -> String {
        switch column {
        case .id: return "ID"
        case .status: return "Status"
        case .priority: return "Pri"
        case .project: return "Project"
        case .due: return "Due"
        case .wait: return "Wait"
        case .scheduled: return "Scheduled"
        case .title: return "Title"
        case .tags: return "Tags"
        case .urgency: return "Urg"
        case .age: return "Age"
        case .annotations: return "Notes"
        }
    }

    /// What `column` shows of `todo`, on one line.
    func cell(_ column: ReportDefinition.Column, of todo: Todo) -> String {
        switch column {
        case .id: return String(todo.id)
        case .status: return todo.status(today: today).rawValue
        case .priority: return todo.priority == .none ? "" : todo.priority.name
        case .project: return todo.project?.shownOnOneLine ?? ""
        case .due: return todo.due.map(dateFormat.format) ?? ""
        case .wait: return todo.wait.map(dateFormat.format) ?? ""
        case .scheduled: return todo.scheduled.map(dateFormat.format) ?? ""
        case .title: return todo.title.shownOnOneLine
        case .tags: return TitleAndTags.tags(of: todo)
        case .urgency: return TodoListRenderer.urgencyText(context.urgency(of: todo))
        case .age: return ReportRenderer.age(from: todo.createdAt, to: now)
        case .annotations:
            return todo.annotations.isEmpty ? "" : String(todo.annotations.count)
        }
    }

    /// `5d`, `3w`, `4mo`, `2y`: how long ago `date` was.
    static func age(from date: Date, to now: Date) -> String {
        let days = max(0, Int(now.timeIntervalSince(date) / 86_400))
        if days < 14 { return "\(days)d" }
        if days < 70 { return "\(days / 7)w" }
        if days < 730 { return "\(days / 30)mo" }
        return "\(days / 365)y"
    }

    /// The table: a header line and one line per todo; empty for no todos.
    func render(_ todos: [Todo], columns wanted: [ReportDefinition.Column]) -> String {
        guard !todos.isEmpty else { return "" }
        var columns = wanted
        var cells = todos.map { todo in columns.map { cell($0, of: todo) } }
        var widths = columns.indices.map { index in
            cells.reduce(DisplayWidth.of(ReportRenderer.header(of: columns[index]))) {
                max($0, DisplayWidth.of($1[index]))
            }
        }
        // Leave out columns from the right (the id and the title last) until the title keeps its room.
        func titleRoom() -> Int {
            let others = columns.indices.filter { columns[$0] != .title }.reduce(0) { $0 + widths[$1] }
            return width - others - max(columns.count - 1, 0)
        }
        let needed = min(
            ReportRenderer.minimumTitleWidth, columns.firstIndex(of: .title).map { widths[$0] } ?? 0)
        while columns.count > 1, titleRoom() < needed,
            let drop = columns.lastIndex(where: { $0 != .title && $0 != .id })
        {
            columns.remove(at: drop)
            widths.remove(at: drop)
            for row in cells.indices { cells[row].remove(at: drop) }
        }
        if let title = columns.firstIndex(of: .title) {
            widths[title] = max(1, min(widths[title], titleRoom()))
        }
        var lines: [String] = []
        func line(_ texts: [String], header: Bool) -> String {
            var parts: [String] = []
            for index in columns.indices {
                let text = DisplayWidth.truncate(texts[index], to: widths[index])
                let rightAligned = !header && (columns[index] == .id || columns[index] == .urgency)
                let padding = String(repeating: " ", count: max(0, widths[index] - DisplayWidth.of(text)))
                parts.append(rightAligned ? padding + text : text + padding)
            }
            var joined = parts.joined(separator: " ")
            while joined.hasSuffix(" ") { joined.removeLast() }
            return DisplayWidth.truncate(joined, to: width)
        }
        lines.append(style.apply(line(columns.map(ReportRenderer.header(of:)), header: true), .underline))
        for (row, todo) in todos.enumerated() {
            let text = line(cells[row], header: false)
            lines.append(todo.isDone ? style.apply(text, .dim) : text)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
