import TodoCore

extension UIScreen {
    /// The list pane: `listHeight` lines from the ``UIState/scroll`` row, each of
    /// `listWidth` columns. Only these rows are looked at.
    func listLines() -> [ScreenLine] {
        let width = layout.listWidth
        let list = input.layout
        var lines: [ScreenLine] = []
        lines.reserveCapacity(layout.listHeight)
        if list.todoCount == 0 {
            lines.append(ScreenLine())
            lines.append(ScreenLine(" " + emptyText(), .dim).fitted(to: width))
        }
        var index = list.todoCount == 0 ? list.rowCount : input.ui.scroll
        while lines.count < layout.listHeight {
            switch list.row(at: index) {
            case .heading(let kind, let count)?:
                let title = kind == .pending ? "Pending" : "Done"
                lines.append(ScreenLine(" \(title) (\(count))", .bold).fitted(to: width))
            case .todo(let todo, let selection)?:
                lines.append(row(todo, selected: selection == input.ui.selection, width: width))
            case nil:
                lines.append(ScreenLine().fitted(to: width))
            }
            index += 1
        }
        return lines
    }

    /// What an empty list says.
    private func emptyText() -> String {
        let query = input.list.query
        if !input.list.isLoaded { return "Loading…" }
        if !query.search.isEmpty || query.tag != nil { return "No todo matches. Esc clears the filters." }
        switch query.status {
        case .pending: return "No pending todos. v shows the others, a adds one."
        case .done: return "No done todos. v shows the others."
        case .all: return "No todos yet. Press a to add one."
        }
    }

    /// One todo: `> 12 [ ] high 2030-01-08 Buy milk  +shop`, fitted to `width`; narrow
    /// panes (under 60 columns) show the priority as one letter and the date without its year.
    func row(_ todo: Todo, selected: Bool, width: Int) -> ScreenLine {
        let columns = input.layout.columns
        let narrow = width < 60
        var line = ScreenLine(selected ? ">" : " ", .bold)
        let id = String(todo.id)
        line.append(String(repeating: " ", count: max(columns.idWidth - id.count, 0)) + id + " ", .dim)
        line.append(todo.isDone ? "[x]" : "[ ]", todo.isDone ? [.green] : [])
        if columns.hasPriority {
            line.append(" ")
            line.append(priorityLabel(todo.priority, narrow: narrow), priorityCodes(todo.priority))
        }
        if columns.hasDue {
            line.append(" ")
            if let due = todo.due {
                let text = narrow ? shortDate(due) : due.description
                line.append(text, todo.isOverdue(today: input.list.today) ? [.red, .bold] : [])
            } else {
                line.append(narrow ? "-    " : "-         ")
            }
        }
        line.append(" ")
        let title = todo.title.terminalSafe
        let tags = todo.tags.isEmpty ? "" : todo.sortedTags.map { "+" + $0 }.joined(separator: " ").terminalSafe
        let prefix = line.width
        let tagWidth = tags.isEmpty ? 0 : DisplayWidth.of(tags) + 2
        let room = max(width - prefix - tagWidth, min(12, width - prefix))
        let shownTitle = DisplayWidth.truncate(title, to: max(room, 0))
        line.append(shownTitle, todo.isDone ? [.dim] : [])
        let left = width - prefix - DisplayWidth.of(shownTitle) - 2
        if !tags.isEmpty, left > 0 {
            line.append("  ")
            line.append(DisplayWidth.truncate(tags, to: left), .cyan)
        }
        let fitted = line.fitted(to: width)
        return selected ? fitted.adding(.reverse) : fitted
    }

    /// `high`, `med `, `low `, or blank; one letter when narrow.
    private func priorityLabel(_ priority: Priority, narrow: Bool) -> String {
        switch priority {
        case .high: return narrow ? "H" : "high"
        case .medium: return narrow ? "M" : "med "
        case .low: return narrow ? "L" : "low "
        case .none: return narrow ? " " : "    "
        }
    }

    private func priorityCodes(_ priority: Priority) -> [Style.Code] {
        switch priority {
        case .high: return [.red, .bold]
        case .medium: return [.yellow]
        case .low: return [.blue]
        case .none: return []
        }
    }

    /// `01-08` in today's year, else the year with a blank.
    private func shortDate(_ day: CalendarDay) -> String {
        let text = day.description
        return day.year == input.list.today.year ? String(text.dropFirst(5)) : String(text.prefix(4)) + " "
    }
}
