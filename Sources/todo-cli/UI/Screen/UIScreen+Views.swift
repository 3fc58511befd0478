import TodoCore

extension UIScreen {
    /// The projects view: TodoCore's summary tree (``SummaryReport``), one project a line,
    /// indented under its parent, with its pending and done todos; `>` marks the selected one.
    func projectLines() -> [ScreenLine] {
        let width = input.size.columns
        let height = layout.bodyHeight
        var lines = [ScreenLine(DisplayWidth.pad(" Projects", to: max(width - 15, 0)) + "pending    done", .bold)]
        let projects = input.projects?.lines ?? []
        if projects.isEmpty {
            lines.append(ScreenLine(input.projects == nil ? " Loading…" : " No projects yet.", .dim))
        }
        let room = max(height - 1, 1)
        let selection = input.ui.projectSelection
        let start = max(0, min(selection - room + 1, projects.count - room))
        for (index, project) in projects.enumerated().dropFirst(start).prefix(room) {
            let selected = index == selection
            let counts = pad(String(project.pending), 7) + pad(String(project.done), 8)
            let name = String(repeating: "  ", count: project.depth) + project.name.terminalSafe
            var line = ScreenLine(selected ? ">" : " ", .bold)
            line.append(ScreenLine(name).fitted(to: max(width - 1 - 16, 1)))
            line.append(" " + counts)
            let fitted = line.fitted(to: width)
            lines.append(selected ? fitted.adding(.reverse) : fitted)
        }
        while lines.count < height { lines.append(ScreenLine()) }
        return lines.prefix(height).map { $0.fitted(to: width) }
    }

    /// The calendar view: this month as `todo calendar` draws it (``CalendarRenderer``).
    func calendarLines() -> [ScreenLine] {
        let width = input.size.columns
        var text: [Substring] = []
        if let report = input.calendar {
            text = CalendarRenderer(width: width, style: Style(isEnabled: false)).render(report).split(
                separator: "\n", omittingEmptySubsequences: false)
        }
        var lines = text.map { ScreenLine(" " + $0).fitted(to: width) }
        if input.calendar == nil { lines = [ScreenLine(" Loading…", .dim)] }
        while lines.count < layout.bodyHeight { lines.append(ScreenLine()) }
        return lines.prefix(layout.bodyHeight).map { $0.fitted(to: width) }
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(width - text.count, 0)) + text
    }
}
