import TodoCore

/// The aligned listing of `todo list`: id, done mark, priority, due date, title and tags,
/// fitted to the terminal's width (titles are cut with `…`); overdue dates and priorities in
/// colour when colour is on.
///
/// ```text
///  3 [ ] high 2030-01-08 Buy milk             +shop
/// 12 [x]      -          Call mum
/// ```
struct TodoListRenderer {
    /// The day overdue is measured from.
    var today: CalendarDay
    /// The columns available, or `nil` for no limit (output that is not a terminal).
    var width: Int?
    /// The colours.
    var style: Style

    /// The listing as UTF-8 bytes, one line per todo (empty for no todos), built without
    /// intermediate strings (100,000 lines take a few milliseconds).
    func renderBytes(_ todos: [Todo]) -> [UInt8] {
        guard !todos.isEmpty else { return [] }
        var maxID = 0
        var hasPriority = false
        var hasDue = false
        for todo in todos {
            if todo.id > maxID { maxID = todo.id }
            if todo.priority != .none { hasPriority = true }
            if todo.due != nil { hasDue = true }
        }
        let idWidth = digits(maxID)
        var out: [UInt8] = []
        out.reserveCapacity(todos.count * 72)
        var idDigits = [UInt8](repeating: 0, count: 20)
        for todo in todos {
            // id, right-aligned
            var value = todo.id
            var count = 0
            repeat {
                idDigits[count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0
            for _ in count..<idWidth { out.append(0x20) }
            for index in stride(from: count - 1, through: 0, by: -1) { out.append(idDigits[index]) }
            out.append(contentsOf: todo.isDone ? TodoListRenderer.doneMark : TodoListRenderer.pendingMark)
            var prefixWidth = idWidth + 4
            if hasPriority {
                out.append(0x20)
                append(priority: todo.priority, to: &out)
                prefixWidth += 5
            }
            if hasDue {
                out.append(0x20)
                if let due = todo.due {
                    let text = TodoListRenderer.digits(of: due)
                    if todo.isOverdue(today: today) {
                        appendStyled(text, "31;1", to: &out)
                    } else {
                        out.append(contentsOf: text)
                    }
                } else {
                    out.append(contentsOf: TodoListRenderer.noDue)
                }
                prefixWidth += 11
            }
            out.append(0x20)
            prefixWidth += 1
            let tags =
                todo.tags.isEmpty ? "" : todo.sortedTags.map { "+" + $0 }.joined(separator: " ").shownOnOneLine
            var title = todo.title.shownOnOneLine
            var titleWidth = -1
            if let width {
                let tagWidth = tags.isEmpty ? 0 : DisplayWidth.of(tags) + 2
                let room = max(width - prefixWidth - tagWidth, 12)
                titleWidth = DisplayWidth.of(title)
                if titleWidth > room {
                    title = DisplayWidth.truncate(title, to: room)
                    titleWidth = DisplayWidth.of(title)
                }
            }
            if todo.isDone {
                appendStyled(Array(title.utf8), "2", to: &out)
            } else {
                out.append(contentsOf: title.utf8)
            }
            if !tags.isEmpty {
                var shownTags = tags
                if let width {
                    shownTags = DisplayWidth.truncate(tags, to: max(width - prefixWidth - titleWidth - 2, 0))
                }
                if !shownTags.isEmpty {
                    out.append(0x20)
                    out.append(0x20)
                    appendStyled(Array(shownTags.utf8), "36", to: &out)
                }
            }
            out.append(0x0A)
        }
        return out
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
    private static let priorityLabels: [[UInt8]] = [
        Array("    ".utf8), Array("low ".utf8), Array("med ".utf8), Array("high".utf8),
    ]

    private func append(priority: Priority, to out: inout [UInt8]) {
        let label = TodoListRenderer.priorityLabels[priority.rawValue]
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
        out.append(contentsOf: [0x1B, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")])
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
