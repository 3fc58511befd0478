import TodoCore
import TodoSync

/// The screen of `todo ui` as a pure function of the reactors' states, the terminal's size and
/// the UI's own state: the same input always gives the same lines.
///
/// Only what is visible is rendered: the list pane looks up its rows in the ``ListLayout``,
/// so 100,000 todos cost no more to draw than 20.
///
/// ```swift
/// let frame = UIScreen(input).render()
/// frame.text   // [" todo  all · by position", " Pending (2)", ">1 [ ] Buy milk", …]
/// ```
struct UIScreen {
    /// Everything the screen is drawn from.
    struct Input {
        /// The terminal's size.
        var size: TerminalSize
        /// The list reactor's state.
        var list: TodoListReactor.State
        /// The list's rows (from `list.todos`, built once per change).
        var layout: ListLayout
        /// The counts over the active context (`nil` until counted).
        var stats: TodoStats?
        /// The row reactor's state for the selected todo, if any.
        var detail: TodoRowReactor.State?
        /// The edit reactor's state while the form is open.
        var form: TodoEditReactor.State?
        /// The confirmation shown, if any.
        var alert: Alert?
        /// The UI's own state.
        var ui: UIState
        /// The clock, for the local times of the detail pane.
        var clock: TodoClock
        /// Which todos are blocked (for the `[b]` mark).
        var relations: TodoRelations = .none
        /// The active context's name (config `context`), shown in the status line.
        var contextName: String?
        /// The projects view's tree (TodoCore's summary of the todos in the context).
        var projects: SummaryReport?
        /// The calendar view's month.
        var calendar: CalendarReport?
        /// What the urgency column is worked out in: the store's relations now (the next view);
        /// `nil` for no urgency column.
        var urgency: TodoContext?
        /// Where the background sync stands, shown in the status line; `nil` without `sync.url`.
        var sync: SyncStatus?
    }

    /// What the screen is drawn from.
    let input: Input
    /// Where the parts go.
    let layout: UIScreenLayout

    /// A screen for `input`.
    init(_ input: Input) {
        self.input = input
        layout = UIScreenLayout(size: input.size)
    }

    /// Every line of the screen, and the cursor.
    func render() -> ScreenFrame {
        let size = input.size
        guard layout.fits else { return tooSmall() }
        var lines = [titleBar()]
        var cursor: ScreenFrame.Position?
        if case .form(let form) = input.ui.mode, let state = input.form {
            let body = formLines(form, state: state)
            lines += body.lines
            cursor = body.cursor
        } else {
            lines += bodyLines()
        }
        let message = messageLines()
        if message.lines.count > 1 {
            // A long message takes rows from the bottom of the body until the next key.
            lines.removeLast(min(message.lines.count - 1, max(lines.count - 1, 0)))
        }
        lines.append(statusLine())
        lines += message.lines
        if let column = message.cursorColumn { cursor = ScreenFrame.Position(row: layout.messageRow, column: column) }
        lines = lines.map { $0.fitted(to: size.columns) }
        if case .help(let scroll) = input.ui.mode {
            lines = overlay(helpBox(scroll: scroll), on: lines)
            cursor = nil
        }
        if let alert = input.alert {
            lines = overlay(alertBox(alert), on: lines)
            cursor = nil
        }
        return ScreenFrame(lines: lines.map { $0.fitted(to: size.columns) }, cursor: cursor)
    }

    /// The list and the detail pane, `bodyHeight` lines.
    private func bodyLines() -> [ScreenLine] {
        switch input.ui.view {
        case .list, .next: break
        case .projects: return projectLines()
        case .calendar: return calendarLines()
        }
        let list = listLines()
        switch layout.detail {
        case .hidden:
            return list
        case .below(_, let height):
            return list + detailLines(width: input.size.columns, height: height, rule: true)
        case .beside(_, let width):
            let detail = detailLines(width: width, height: layout.bodyHeight, rule: false)
            return zip(list, detail).map { left, right in
                var line = left.fitted(to: layout.listWidth)
                line.append("│", .dim)
                line.append(right)
                return line
            }
        }
    }

    /// `box` drawn over `lines`, centred across, from the top of the body.
    private func overlay(_ box: [ScreenLine], on lines: [ScreenLine]) -> [ScreenLine] {
        guard let width = box.first?.width else { return lines }
        let left = max((input.size.columns - width) / 2, 0)
        let top = layout.bodyTop + max((layout.bodyHeight - box.count) / 2, 0)
        var lines = lines
        for (offset, boxLine) in box.enumerated() where top + offset < lines.count {
            lines[top + offset] = lines[top + offset].overlaid(with: boxLine, at: left)
        }
        return lines
    }

    /// A note to grow the terminal.
    private func tooSmall() -> ScreenFrame {
        let size = input.size
        var lines = (0..<size.rows).map { _ in ScreenLine().fitted(to: size.columns) }
        if size.rows > 0 {
            lines[0] = ScreenLine("todo ui needs \(UIScreenLayout.minimum.columns)×\(UIScreenLayout.minimum.rows)")
                .fitted(to: size.columns)
        }
        if size.rows > 1 { lines[1] = ScreenLine("q quits").fitted(to: size.columns) }
        return ScreenFrame(lines: lines, cursor: nil)
    }
}
