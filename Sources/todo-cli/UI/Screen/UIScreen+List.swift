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
        let first = list.todoCount == 0 ? list.rowCount : input.ui.scroll
        let urgencies = urgencyTexts(rows: first..<first + layout.listHeight)
        let urgencyWidth = urgencies.values.map(\.count).max() ?? 0
        var index = first
        while lines.count < layout.listHeight {
            switch list.row(at: index) {
            case .heading(let kind, let count)?:
                let title = kind == .pending ? "Pending" : "Done"
                lines.append(ScreenLine(" \(title) (\(count))", .bold).fitted(to: width))
            case .todo(let todo, let selection)?:
                let urgency = urgencies[todo.id].map { String(repeating: " ", count: urgencyWidth - $0.count) + $0 }
                lines.append(row(todo, selected: selection == input.ui.selection, width: width, urgency: urgency))
            case nil:
                lines.append(ScreenLine().fitted(to: width))
            }
            index += 1
        }
        return lines
    }

    /// The urgency of each todo on `rows`, as `todo next` shows it (``TodoListRenderer``), by id;
    /// none without an urgency column. Only the rows shown are worked out.
    private func urgencyTexts(rows: Range<Int>) -> [Int: String] {
        guard let context = input.urgency else { return [:] }
        var texts: [Int: String] = [:]
        for index in rows {
            guard case .todo(let todo, _)? = input.layout.row(at: index) else { continue }
            texts[todo.id] = TodoListRenderer.urgencyText(context.urgency(of: todo))
        }
        return texts
    }

    /// What an empty list says.
    private func emptyText() -> String {
        let query = input.list.query
        if !input.list.isLoaded { return "Loading…" }
        let filtered = !query.search.isEmpty || query.tag != nil || !input.ui.filterText.isEmpty
        if filtered { return "No todo matches. Esc clears the filters." }
        switch query.status {
        case .pending: return "No pending todos. v shows the others, a adds one."
        case .done: return "No done todos. v shows the others."
        case .waiting: return "No waiting todos. v shows the others."
        case .all: return "No todos yet. Press a to add one."
        }
    }

    /// One todo: `> 12 [ ] high 2030-01-08 Buy milk  +shop`, with `todo list`'s mark
    /// (``TodoMark``: `[x]`, `[*]`, `[w]`, `[b]`, `[ ]`) and then `urgency` when given (the next
    /// view: `> 12 [ ] 8.9 high …`), fitted to `width`; narrow panes (under 60 columns) show the
    /// priority as one letter, and the dates as `01-08` when all are in this year. A done todo is
    /// dim, the whole row, without the priority's colour.
    func row(_ todo: Todo, selected: Bool, width: Int, urgency: String? = nil) -> ScreenLine {
        let columns = input.layout.columns
        let narrow = width < 60
        let today = input.list.today
        let shortDates = narrow && columns.dueYears.map { $0 == today.year...today.year } ?? true
        let done = todo.isDone
        func codes(_ codes: [Style.Code]) -> [Style.Code] { done ? [.dim] : codes }
        var line = ScreenLine(selected ? ">" : " ", .bold)
        let id = String(todo.id)
        line.append(String(repeating: " ", count: max(columns.idWidth - id.count, 0)) + id + " ", .dim)
        line.append(TodoMark(todo, today: today, relations: input.relations).text, codes([]))
        if let urgency {
            line.append(" ", codes([]))
            line.append(urgency, codes([.bold]))
        }
        if columns.hasPriority {
            line.append(" ", codes([]))
            line.append(priorityLabel(todo.priority, narrow: narrow), codes(priorityCodes(todo.priority)))
        }
        if columns.hasDue {
            line.append(" ", codes([]))
            if let due = todo.due {
                let text = shortDates ? String(due.description.dropFirst(5)) : due.description
                line.append(text, codes(todo.isOverdue(today: today) ? [.red, .bold] : []))
            } else {
                line.append(shortDates ? "-    " : "-         ", codes([]))
            }
        }
        line.append(" ", codes([]))
        let prefix = line.width
        let (title, tags) = TitleAndTags.fit(
            title: todo.title.terminalSafe, tags: TitleAndTags.tags(of: todo).terminalSafe,
            columns: max(width - prefix, 0))
        line.append(title, codes([]))
        if !tags.isEmpty {
            line.append("  ", codes([]))
            line.append(tags, codes([.cyan]))
        }
        let fitted = line.fitted(to: width, padCodes: codes([]))
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
}
