import TodoCore

extension UIScreen {
    /// The detail pane: the row reactor's todo as `todo show` prints it (but its uuid),
    /// `height` lines of `width` columns, below a rule when `rule`; the note wrapped, the rest
    /// cut.
    func detailLines(width: Int, height: Int, rule: Bool) -> [ScreenLine] {
        var lines: [ScreenLine] = []
        if rule { lines.append(ScreenLine(String(repeating: "─", count: width), .dim)) }
        var content: [ScreenLine] = []
        if let detail = input.detail, let todo = detail.todo {
            let renderer = TodoDetailRenderer(
                today: input.list.today, clock: input.clock, style: Style(isEnabled: false))
            var inNote = false
            for (index, text) in renderer.render(todo).split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast().enumerated()
            {
                if index == 0 {
                    content.append(ScreenLine(" " + String(text), .bold).truncated(to: width))
                } else if text.isEmpty {
                    inNote = true
                    content.append(ScreenLine())
                } else if !inNote, String(text).trimmingCharacters(in: " ").hasPrefix("uuid ") {
                    continue
                } else if inNote {
                    let indent = String(repeating: " ", count: String(todo.id).count + 3)
                    for part in TextWrap.lines(String(text).trimmingCharacters(in: " "), width: width - indent.count) {
                        content.append(ScreenLine(indent + part))
                    }
                } else {
                    content.append(ScreenLine(" " + String(text)).truncated(to: width))
                }
            }
        } else if input.detail?.isDeleted == true {
            content.append(ScreenLine(" This todo was deleted.", .dim))
        } else {
            content.append(ScreenLine(" Nothing selected.", .dim))
        }
        lines += content.prefix(max(height - lines.count, 0))
        while lines.count < height { lines.append(ScreenLine()) }
        return lines.map { $0.fitted(to: width) }
    }
}
