import TodoCore

/// The aligned listing of `todo list` and `todo next`: id, status mark, urgency (`next`),
/// priority, due date, project, title and tags, fitted to the width: no line is wider. Titles
/// are cut with `…`, tags shown whole or left out; when the title would keep fewer than 12
/// columns the priority shrinks to one letter and the dates to `MM-DD` (when all are in this
/// year), then the project to 8 columns, then the project column goes, then the priority
/// column, then the due column. Overdue dates and priorities are in colour when colour is on;
/// done todos are dim, the whole line, without the priority's colour.
///
/// The mark says the todo's state: `[x]` done, `[*]` active (started), `[w]` waiting, `[b]`
/// blocked (waiting for a todo not done), `[ ]` pending; the first of these that holds.
///
/// ```text
///  3 [ ] high 2030-01-08 Home Buy milk             +shop
///  4 [*]      -          Work Write the report
/// 12 [x]      -               Call mum
/// ```
struct TodoListRenderer {
    /// The day overdue is measured from.
    var today: CalendarDay
    /// The columns available, or `nil` for no limit.
    var width: Int?
    /// The colours.
    var style: Style
    /// Which todos are blocked (for their mark).
    var relations: TodoRelations = .none
    /// The urgency of each todo, by id, shown after the mark (`todo next`); `nil` for no such
    /// column.
    var urgency: [Int: Double]?
    /// How due days show (the config's `date.format`); `Y-M-D` by default.
    var dateFormat: DateDisplayFormat = .iso

    /// The columns of one listing, chosen once for all its lines.
    struct Columns: Hashable {
        /// How a column shows.
        enum Form: Hashable {
            /// Left out.
            case hidden
            /// In full: `high`, `2030-01-08`.
            case full
            /// Shortened: `H`, `01-08`.
            case short
        }

        /// The digits of the largest id.
        var idWidth: Int
        /// The priority column.
        var priority: Form
        /// The due column.
        var due: Form
        /// The project column.
        var project: Form = .hidden
        /// The width of the project column in full (at most ``TodoListRenderer/projectWidth``).
        var projectWidth = 0
        /// The width of the urgency column, 0 when there is none.
        var urgencyWidth = 0
        /// The width of a due day in full: 10 for `Y-M-D`, else the widest the format shows.
        var dueTextWidth = 10

        /// The columns the project takes, without the space after it.
        var shownProjectWidth: Int {
            switch project {
            case .hidden: return 0
            case .full: return projectWidth
            case .short: return min(projectWidth, TodoListRenderer.shortProjectWidth)
            }
        }

        /// The columns before the title: id, mark, urgency, priority, date, project and the
        /// spaces between.
        var prefixWidth: Int {
            let priorityWidth = priority == .hidden ? 0 : priority == .full ? 5 : 2
            let dueWidth = due == .hidden ? 0 : due == .full ? dueTextWidth + 1 : 6
            let urgency = urgencyWidth == 0 ? 0 : urgencyWidth + 1
            let project = self.project == .hidden ? 0 : shownProjectWidth + 1
            return idWidth + 4 + urgency + priorityWidth + dueWidth + project + 1
        }
    }

    /// The fewest columns a title keeps before other columns shrink (when it needs them).
    static let minimumTitleWidth = 12
    /// The widest the project column is; longer projects are cut with `…`.
    static let projectWidth = 16
    /// The widest the project column is once shortened.
    static let shortProjectWidth = 8

    /// The columns for `todos` at this width (see the type's description).
    func columns(for todos: [Todo]) -> Columns {
        var maxID = 0
        var hasPriority = false
        var hasDue = false
        var dueThisYear = true
        var projectWidth = 0
        var urgencyWidth = 0
        var dueTextWidth = 10
        let formatted = dateFormat != .iso
        if formatted { dueTextWidth = 1 }
        for todo in todos {
            if todo.id > maxID { maxID = todo.id }
            if todo.priority != .none { hasPriority = true }
            if let due = todo.due {
                hasDue = true
                if due.year != today.year || formatted { dueThisYear = false }
                if formatted { dueTextWidth = max(dueTextWidth, DisplayWidth.of(dateFormat.format(due))) }
            }
            if let project = todo.project {
                projectWidth = max(projectWidth, min(DisplayWidth.of(project.shownOnOneLine), Self.projectWidth))
            }
            if let urgency {
                urgencyWidth = max(urgencyWidth, Self.urgencyText(urgency[todo.id] ?? 0).utf8.count)
            }
        }
        let project: Columns.Form = projectWidth > 0 ? .full : .hidden
        func columns(_ priority: Columns.Form, _ due: Columns.Form, _ project: Columns.Form) -> Columns {
            Columns(
                idWidth: digits(maxID), priority: priority, due: due, project: project, projectWidth: projectWidth,
                urgencyWidth: urgencyWidth, dueTextWidth: dueTextWidth)
        }
        let full = columns(hasPriority ? .full : .hidden, hasDue ? .full : .hidden, project)
        guard let width, width - full.prefixWidth < TodoListRenderer.minimumTitleWidth else { return full }
        // Narrow: shrink only as far as the longest title needs.
        let longest = todos.reduce(0) { max($0, DisplayWidth.of($1.title.shownOnOneLine)) }
        let need = min(longest, TodoListRenderer.minimumTitleWidth)
        let shortDue: Columns.Form = hasDue ? (dueThisYear ? .short : .full) : .hidden
        let shortPriority: Columns.Form = hasPriority ? .short : .hidden
        let candidates = [
            full,
            columns(shortPriority, shortDue, project),
            columns(shortPriority, shortDue, project == .hidden ? .hidden : .short),
            columns(shortPriority, shortDue, .hidden),
            columns(.hidden, shortDue, .hidden),
            columns(.hidden, .hidden, .hidden),
        ]
        return candidates.first { width - $0.prefixWidth >= need } ?? candidates[candidates.count - 1]
    }

    /// The listing as UTF-8 bytes, one line per todo (empty for no todos), built without
    /// intermediate strings where it can (100,000 lines take a few milliseconds).
    func renderBytes(_ todos: [Todo]) -> [UInt8] {
        guard !todos.isEmpty else { return [] }
        let columns = columns(for: todos)
        var out: [UInt8] = []
        out.reserveCapacity(todos.count * 72)
        if let width, width <= columns.prefixWidth {
            // Not even the id and the mark fit with a title: each line cut as plain text.
            var plain = self
            (plain.width, plain.style) = (nil, Style(isEnabled: false))
            for todo in todos {
                var bytes: [UInt8] = []
                plain.append(todo, columns: columns, to: &bytes)
                let cut = Array(
                    DisplayWidth.truncate(String(decoding: bytes.dropLast(), as: UTF8.self), to: width).utf8)
                if todo.isDone { appendStyled(cut, "2", to: &out) } else { out.append(contentsOf: cut) }
                out.append(0x0A)
            }
            return out
        }
        for todo in todos { append(todo, columns: columns, to: &out) }
        return out
    }

    /// Appends the line of `todo`.
    private func append(_ todo: Todo, columns: Columns, to out: inout [UInt8]) {
        // A done todo is dim, the whole line, and nothing in it is coloured.
        let dim = todo.isDone && style.isEnabled
        if dim { out.append(contentsOf: TodoListRenderer.dimStart) }
        let line = dim ? TodoListRenderer(today: today, width: width, style: Style(isEnabled: false)) : self
        // The id, right-aligned.
        let count = digits(todo.id)
        for _ in count..<max(columns.idWidth, count) { out.append(0x20) }
        var value = todo.id
        for _ in 0..<count { out.append(0x30) }
        for index in stride(from: out.count - 1, through: out.count - count, by: -1) {
            out[index] = 0x30 + UInt8(value % 10)
            value /= 10
        }
        out.append(contentsOf: mark(of: todo))
        if columns.urgencyWidth > 0 {
            let text = TodoListRenderer.urgencyText(urgency?[todo.id] ?? 0)
            out.append(0x20)
            for _ in text.utf8.count..<columns.urgencyWidth { out.append(0x20) }
            out.append(contentsOf: text.utf8)
        }
        if columns.priority != .hidden {
            out.append(0x20)
            line.append(priority: todo.priority, short: columns.priority == .short, to: &out)
        }
        if columns.due != .hidden {
            out.append(0x20)
            if let due = todo.due, dateFormat != .iso {
                let text = Array(DisplayWidth.pad(dateFormat.format(due), to: columns.dueTextWidth).utf8)
                if todo.isOverdue(today: today) {
                    line.appendStyled(text, "31;1", to: &out)
                } else {
                    out.append(contentsOf: text)
                }
            } else if let due = todo.due {
                var text = TodoListRenderer.digits(of: due)
                if columns.due == .short { text.removeFirst(5) }
                if todo.isOverdue(today: today) {
                    line.appendStyled(text, "31;1", to: &out)
                } else {
                    out.append(contentsOf: text)
                }
            } else if columns.due == .full && columns.dueTextWidth != 10 {
                out.append(contentsOf: DisplayWidth.pad("-", to: columns.dueTextWidth).utf8)
            } else {
                out.append(contentsOf: columns.due == .short ? TodoListRenderer.noShortDue : TodoListRenderer.noDue)
            }
        }
        if columns.project != .hidden {
            out.append(0x20)
            let shown = columns.shownProjectWidth
            let project = DisplayWidth.truncate(todo.project?.shownOnOneLine ?? "", to: shown)
            out.append(contentsOf: DisplayWidth.pad(project, to: shown).utf8)
        }
        out.append(0x20)
        var title = todo.title.shownOnOneLine
        var tags = TitleAndTags.tags(of: todo)
        if let width {
            (title, tags) = TitleAndTags.fit(title: title, tags: tags, columns: width - columns.prefixWidth)
        }
        out.append(contentsOf: title.utf8)
        if !tags.isEmpty {
            out.append(0x20)
            out.append(0x20)
            line.appendStyled(Array(tags.utf8), "36", to: &out)
        }
        if dim { out.append(contentsOf: TodoListRenderer.styleEnd) }
        out.append(0x0A)
    }

    /// `YYYY-MM-DD` as bytes.
    private static func digits(of day: CalendarDay) -> [UInt8] {
        var bytes: [UInt8] = [0x30, 0x30, 0x30, 0x30, 0x2D, 0x30, 0x30, 0x2D, 0x30, 0x30]
        var year = day.year
        for index in stride(from: 3, through: 0, by: -1) {
            bytes[index] = 0x30 + UInt8(year % 10)
            year /= 10
        }
        bytes[5] = 0x30 + UInt8(day.month / 10)
        bytes[6] = 0x30 + UInt8(day.month % 10)
        bytes[8] = 0x30 + UInt8(day.day / 10)
        bytes[9] = 0x30 + UInt8(day.day % 10)
        return bytes
    }

    private static let doneMark = Array(" [x]".utf8)
    private static let pendingMark = Array(" [ ]".utf8)
    private static let activeMark = Array(" [*]".utf8)
    private static let waitingMark = Array(" [w]".utf8)
    private static let blockedMark = Array(" [b]".utf8)

    /// ` [x]` done, ` [*]` active, ` [w]` waiting, ` [b]` blocked, ` [ ]` pending: the first that
    /// holds (see ``TodoMark``).
    private func mark(of todo: Todo) -> [UInt8] {
        switch TodoMark(todo, today: today, relations: relations) {
        case .done: return TodoListRenderer.doneMark
        case .active: return TodoListRenderer.activeMark
        case .waiting: return TodoListRenderer.waitingMark
        case .blocked: return TodoListRenderer.blockedMark
        case .pending: return TodoListRenderer.pendingMark
        }
    }

    /// An urgency as `next` shows it, to one decimal: `12.3`, `-2.0`.
    static func urgencyText(_ urgency: Double) -> String {
        let tenths = urgency.isFinite ? Int((urgency * 10).rounded()) : 0
        let magnitude = abs(tenths)
        return (tenths < 0 ? "-" : "") + "\(magnitude / 10).\(magnitude % 10)"
    }
    private static let noDue = Array("-         ".utf8)
    private static let noShortDue = Array("-    ".utf8)
    private static let dimStart: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "2"), UInt8(ascii: "m")]
    private static let styleEnd: [UInt8] = [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")]
    private static let priorityLabels: [[UInt8]] = [
        Array("    ".utf8), Array("low ".utf8), Array("med ".utf8), Array("high".utf8),
    ]
    private static let priorityLetters: [[UInt8]] = [
        Array(" ".utf8), Array("L".utf8), Array("M".utf8), Array("H".utf8),
    ]

    private func append(priority: Priority, short: Bool, to out: inout [UInt8]) {
        let label = (short ? TodoListRenderer.priorityLetters : TodoListRenderer.priorityLabels)[priority.rawValue]
        switch priority {
        case .high: appendStyled(label, "31;1", to: &out)
        case .medium: appendStyled(label, "33", to: &out)
        case .low: appendStyled(label, "34", to: &out)
        case .none: out.append(contentsOf: label)
        }
    }

    /// `text` wrapped in the escape for `codes` when colour is on.
    private func appendStyled(_ text: [UInt8], _ codes: StaticString, to out: inout [UInt8]) {
        guard style.isEnabled, !text.isEmpty else {
            out.append(contentsOf: text)
            return
        }
        out.append(0x1B)
        out.append(UInt8(ascii: "["))
        out.append(contentsOf: UnsafeBufferPointer(start: codes.utf8Start, count: codes.utf8CodeUnitCount))
        out.append(UInt8(ascii: "m"))
        out.append(contentsOf: text)
        out.append(contentsOf: TodoListRenderer.styleEnd)
    }

    private func digits(_ value: Int) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}
