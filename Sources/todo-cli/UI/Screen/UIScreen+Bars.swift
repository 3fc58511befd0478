import TodoCore
import TodoSync

extension UIScreen {
    /// The first line: what the list shows (status, sort, search, tag).
    func titleBar() -> ScreenLine {
        let query = input.list.query
        var line = ScreenLine(" todo ", .bold, .reverse)
        switch input.ui.view {
        case .projects:
            line.append(" projects · Enter shows a project's todos", .bold)
            return line.fitted(to: input.size.columns)
        case .calendar:
            line.append(" calendar · " + input.list.today.description.prefix(7), .bold)
            return line.fitted(to: input.size.columns)
        case .list, .next: break
        }
        var view: [String] = input.ui.view == .next ? ["next"] : []
        view += [query.status == .all ? "all" : query.status.rawValue, "by " + sortName(query.sort)]
        if !input.ui.filterText.isEmpty {
            view.append("/" + input.ui.filterText)
        } else if !query.search.isEmpty {
            view.append("/" + query.search.joined(separator: " "))
        }
        if let tag = query.tag { view.append("+" + tag) }
        line.append(" " + view.joined(separator: " · "), .bold)
        if input.list.isLoading { line.append("  loading…", .dim) }
        return line.fitted(to: input.size.columns)
    }

    /// The status line: the active context, the stats reactor's counts, where the background
    /// sync stands, and where help is (or, while the search's words do not parse, why).
    func statusLine() -> ScreenLine {
        let columns = input.size.columns
        if let error = input.ui.filterError {
            return ScreenLine(" filter: " + error, .red, .bold, .reverse).fitted(to: columns, padCodes: [.reverse])
        }
        var text: String
        if let stats = input.stats {
            var parts = input.contextName.map { ["context: " + $0.terminalSafe] } ?? []
            parts += ["\(stats.pending) pending", "\(stats.done) done"]
            if stats.overdue > 0 { parts.append("\(stats.overdue) overdue") }
            if stats.dueToday > 0 { parts.append("\(stats.dueToday) due today") }
            text = " " + parts.joined(separator: " · ")
        } else {
            text = " " + (input.contextName.map { "context: " + $0.terminalSafe + " · " } ?? "") + "counting…"
        }
        let help = "? help "
        var line = ScreenLine()
        if DisplayWidth.of(text) + DisplayWidth.of(help) + 1 <= columns {
            var right = ScreenLine(help, .reverse)
            if let sync = syncText() {
                // As much of the sync's status as fits between the counts and the help.
                let room = columns - DisplayWidth.of(text) - DisplayWidth.of(help) - 4
                if room >= 12 {
                    let shown = ScreenLine(sync.text, sync.codes).fitted(to: min(room, DisplayWidth.of(sync.text)))
                    right = shown
                    right.append(" · " + help, .reverse)
                }
            }
            line.append(DisplayWidth.pad(text, to: columns - right.width), .reverse)
            line.append(right)
        } else {
            line.append(text, .reverse)
        }
        return line.fitted(to: columns, padCodes: [.reverse])
    }

    /// The background sync's status as the status line shows it (a failure in bold), or `nil`.
    private func syncText() -> (text: String, codes: [Style.Code])? {
        guard let status = input.sync, let text = SyncStatusText.short(status, now: input.clock.now()) else {
            return nil
        }
        if case .failed = status { return (text.terminalSafe, [.reverse, .bold]) }
        return (text.terminalSafe, [.reverse])
    }

    /// The message line: the prompt being typed, else the latest message (wrapped on up to
    /// three lines), else the keys that matter most here; and where the cursor goes when a
    /// prompt has it.
    func messageLines() -> (lines: [ScreenLine], cursorColumn: Int?) {
        let columns = input.size.columns
        switch input.ui.mode {
        case .search(let field):
            let line = prompt("/", field, hint: "", columns: columns)
            return ([line.line], line.cursorColumn)
        case .tagPrompt(let field, _):
            let line = prompt("tag: ", field, hint: "  Tab completes, Enter filters", columns: columns)
            return ([line.line], line.cursorColumn)
        default:
            break
        }
        if let message = input.ui.message {
            let codes: [Style.Code] = message.isError ? [.red, .bold] : []
            let maximum = max(min(3, layout.bodyHeight / 2), 1)
            var parts = TextWrap.lines(message.text, width: max(columns - 1, 1))
            if parts.count > maximum {
                parts = Array(parts.prefix(maximum))
                parts[maximum - 1] += " " + String(repeating: "x", count: columns)  // cut with …
            }
            return (parts.map { ScreenLine(" " + $0, codes).fitted(to: columns) }, nil)
        }
        let hints: [String]
        switch input.ui.mode {
        case .form: hints = ["Enter save", "Esc cancel", "Tab next field", "↑↓ fields"]
        case .help: hints = ["↑↓ scroll", "any other key closes"]
        default:
            switch input.ui.view {
            case .projects: hints = ["Enter its todos", "↑↓ choose", "Tab next view", "1 list", "? help", "q quit"]
            case .calendar: hints = ["Tab next view", "1 list", "? help", "q quit"]
            case .list, .next:
                hints = ["a add", "space done", "? help", "q quit", "e edit", "d delete", "/ search", "t tag"]
            }
        }
        // As many hints as fit, in the order above (the most useful first).
        var shown = hints.count
        while shown > 1, DisplayWidth.of(" " + hints.prefix(shown).joined(separator: " · ")) > columns { shown -= 1 }
        return ([ScreenLine(" " + hints.prefix(shown).joined(separator: " · "), .dim).fitted(to: columns)], nil)
    }

    /// `label` then the field's text, scrolled to keep the cursor in view.
    private func prompt(
        _ label: String, _ field: TextField, hint: String, columns: Int
    ) -> (line: ScreenLine, cursorColumn: Int?) {
        let start = DisplayWidth.of(label)
        let room = max(columns - start - (field.text.isEmpty ? DisplayWidth.of(hint) : 0), 1)
        let (shown, cursor) = field.visible(width: room)
        var line = ScreenLine(label, .bold)
        line.append(shown)
        if field.text.isEmpty { line.append(hint, .dim) }
        return (line.fitted(to: columns), min(start + cursor, columns - 1))
    }

    /// `position`, `due`, `priority`, `created`.
    func sortName(_ sort: TodoQuery.Sort) -> String {
        sort.rawValue
    }
}
