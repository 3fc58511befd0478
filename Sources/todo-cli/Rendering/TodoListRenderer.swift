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

    /// The listing, one line per todo (empty for no todos).
    func render(_ todos: [Todo]) -> String {
        guard !todos.isEmpty else { return "" }
        let idWidth = String(todos.map(\.id).max() ?? 0).count
        let hasPriority = todos.contains { $0.priority != .none }
        let hasDue = todos.contains { $0.due != nil }
        var text = ""
        text.reserveCapacity(todos.count * 64)
        for todo in todos {
            var prefix = String(repeating: " ", count: idWidth - digits(todo.id)) + String(todo.id)
            var plainPrefixWidth = prefix.count
            prefix += todo.isDone ? " [x]" : " [ ]"
            plainPrefixWidth += 4
            if hasPriority {
                let name = TodoListRenderer.priorityLabel(todo.priority)
                prefix += " " + styled(priority: todo.priority, DisplayWidth.pad(name, to: 4))
                plainPrefixWidth += 5
            }
            if hasDue {
                let due = todo.due?.description ?? "-"
                let padded = DisplayWidth.pad(due, to: 10)
                prefix += " " + (todo.isOverdue(today: today) ? style.apply(padded, .red, .bold) : padded)
                plainPrefixWidth += 11
            }
            let tags = todo.tags.isEmpty ? "" : todo.sortedTags.map { "+" + $0 }.joined(separator: " ")
            var title = todo.title.contains("\n") ? todo.title.replacingNewlines() : todo.title
            if let width {
                let tagWidth = tags.isEmpty ? 0 : DisplayWidth.of(tags) + 2
                let room = max(width - plainPrefixWidth - 1 - tagWidth, 12)
                title = DisplayWidth.truncate(title, to: room)
            }
            var line = prefix + " " + (todo.isDone ? style.apply(title, .dim) : title)
            if !tags.isEmpty {
                var shownTags = tags
                if let width {
                    let used = plainPrefixWidth + 1 + DisplayWidth.of(title) + 2
                    shownTags = DisplayWidth.truncate(tags, to: max(width - used, 0))
                }
                if !shownTags.isEmpty { line += "  " + style.apply(shownTags, .cyan) }
            }
            text += line
            text += "\n"
        }
        return text
    }

    /// `high`, `med`, `low`, or nothing.
    static func priorityLabel(_ priority: Priority) -> String {
        switch priority {
        case .high: return "high"
        case .medium: return "med"
        case .low: return "low"
        case .none: return ""
        }
    }

    private func styled(priority: Priority, _ text: String) -> String {
        switch priority {
        case .high: return style.apply(text, .red, .bold)
        case .medium: return style.apply(text, .yellow)
        case .low: return style.apply(text, .blue)
        case .none: return text
        }
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

extension String {
    /// The text on one line: line breaks and tabs as spaces.
    func replacingNewlines() -> String {
        String(map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
