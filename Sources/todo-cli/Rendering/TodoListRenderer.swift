import TodoCore

/// The aligned listing of `todo list`: id, done mark, priority, due date, title and tags,
/// fitted to the width: no line is wider. Titles are cut with `…`, tags shown whole or left
/// out; when the title would keep fewer than 12 columns the priority shrinks to one letter and
/// the dates to `MM-DD` (when all are in this year), then the priority column goes, then the
/// due column. Overdue dates and priorities are in colour when colour is on; done todos are
/// dim, the whole line, without the priority's colour.
///
/// ```text
///  3 [ ] high 2030-01-08 Buy milk             +shop
/// 12 [x]      -          Call mum
/// ```
struct TodoListRenderer {
    /// The day overdue is measured from.
    var today: CalendarDay
    /// The columns available, or `nil` for no limit.
    var width: Int?
    /// The colours.
    var style: Style

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

        /// The columns before the title: id, mark, priority, date and the spaces between.
        var prefixWidth: Int {
            let priorityWidth = priority == .hidden ? 0 : priority == .full ? 5 : 2
            let dueWidth = due == .hidden ? 0 : due == .full ? 11 : 6
            return idWidth + 4 + priorityWidth + dueWidth + 1
        }
    }

    /// The fewest columns a title keeps before other columns shrink (when it needs them).
    static let minimumTitleWidth = 12

    /// The columns for `todos` at this width (see the type's description).
    func columns(for todos: [Todo]) -> Columns {
        var maxID = 0
        var hasPriority = false
        var hasDue = false
        var dueThisYear = true
        for todo in todos {
            if todo.id > maxID { maxID = todo.id }
            if todo.priority != .none { hasPriority = true }
            if let due = todo.due {
                hasDue = true
                if due.year != today.year { dueThisYear = false }
            }
        }
        let full = Columns(
            idWidth: digits(maxID), priority: hasPriority ? .full : .hidden, due: hasDue ? .full : .hidden)
        guard let width, width - full.prefixWidth < TodoListRenderer.minimumTitleWidth else { return full }
        // Narrow: shrink only as far as the longest title needs.
        let longest = todos.reduce(0) { max($0, DisplayWidth.of($1.title.shownOnOneLine)) }
        let need = min(longest, TodoListRenderer.minimumTitleWidth)
        let shortDue: Columns.Form = hasDue ? (dueThisYear ? .short : .full) : .hidden
        let candidates = [
            full,
            Columns(idWidth: full.idWidth, priority: hasPriority ? .short : .hidden, due: shortDue),
            Columns(idWidth: full.idWidth, priority: .hidden, due: shortDue),
            Columns(idWidth: full.idWidth, priority: .hidden, due: .hidden),
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
            let plain = TodoListRenderer(today: today, width: nil, style: Style(isEnabled: false))
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
        out.append(contentsOf: todo.isDone ? TodoListRenderer.doneMark : TodoListRenderer.pendingMark)
        if columns.priority != .hidden {
            out.append(0x20)
            line.append(priority: todo.priority, short: columns.priority == .short, to: &out)
        }
        if columns.due != .hidden {
            out.append(0x20)
            if let due = todo.due {
                var text = TodoListRenderer.digits(of: due)
                if columns.due == .short { text.removeFirst(5) }
                if todo.isOverdue(today: today) {
                    line.appendStyled(text, "31;1", to: &out)
                } else {
                    out.append(contentsOf: text)
                }
            } else {
                out.append(contentsOf: columns.due == .short ? TodoListRenderer.noShortDue : TodoListRenderer.noDue)
            }
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
