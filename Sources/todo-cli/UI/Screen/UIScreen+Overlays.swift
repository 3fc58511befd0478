import TodoCore

extension UIScreen {
    /// The help overlay: every section of ``UIKeymap``, in a box, from line `scroll`.
    func helpBox(scroll: Int) -> [ScreenLine] {
        let width = UIScreen.helpWidth(columns: input.size.columns)
        let content = UIScreen.helpContent(innerWidth: width - 4)
        let height = UIScreen.helpHeight(contentCount: content.count, bodyHeight: layout.bodyHeight)
        let start = max(0, min(scroll, content.count - height))
        let footer = content.count > height ? " ↑↓ scroll · other keys close " : " any key closes "
        return box(
            title: " Keys ", footer: footer, content: Array(content[start..<(start + height)]), width: width)
    }

    /// How far the help overlay scrolls on a terminal of `size`.
    static func helpMaxScroll(size: TerminalSize) -> Int {
        let count = helpContent(innerWidth: helpWidth(columns: size.columns) - 4).count
        return max(count - helpHeight(contentCount: count, bodyHeight: UIScreenLayout(size: size).bodyHeight), 0)
    }

    private static func helpWidth(columns: Int) -> Int { max(min(columns - 2, 72), 20) }

    private static func helpHeight(contentCount: Int, bodyHeight: Int) -> Int {
        max(min(contentCount, bodyHeight - 2), 1)
    }

    /// The lines of help, `innerWidth` columns wide: section titles, then keys and what they
    /// do (wrapped; under the keys when the box is narrow).
    static func helpContent(innerWidth: Int) -> [ScreenLine] {
        let sections = UIKeymap.sections
        let keysWidth = min(
            sections.flatMap(\.entries).map { DisplayWidth.of($0.keys.joined(separator: " ")) }.max() ?? 0, 16)
        let descriptionWidth = innerWidth - keysWidth - 2
        var lines: [ScreenLine] = []
        for section in sections {
            if !lines.isEmpty { lines.append(ScreenLine()) }
            lines.append(ScreenLine(section.title, .bold))
            for entry in section.entries {
                let keys = entry.keys.joined(separator: " ")
                if descriptionWidth >= 16, DisplayWidth.of(keys) <= keysWidth {
                    for (index, part) in TextWrap.lines(entry.description, width: descriptionWidth).enumerated() {
                        var line = ScreenLine(DisplayWidth.pad(index == 0 ? keys : "", to: keysWidth + 2), .cyan)
                        line.append(part)
                        lines.append(line)
                    }
                } else {
                    lines.append(ScreenLine(keys, .cyan))
                    for part in TextWrap.lines(entry.description, width: innerWidth - 2) {
                        lines.append(ScreenLine("  " + part))
                    }
                }
            }
        }
        return lines.map { $0.fitted(to: innerWidth) }
    }

    /// The confirmation: its question and message in a box, and its answers, the chosen one
    /// in brackets, each with the key that gives it.
    func alertBox(_ alert: Alert) -> [ScreenLine] {
        let columns = input.size.columns
        let buttons = alertButtons(alert)
        let longest = max(DisplayWidth.of(alert.title), DisplayWidth.of(alert.message ?? ""), buttons.width, 24)
        let inner = max(min(longest, columns - 6), 1)
        var content = TextWrap.lines(alert.title, width: inner).map { ScreenLine($0, .bold) }
        if let message = alert.message { content += TextWrap.lines(message, width: inner).map { ScreenLine($0) } }
        content.append(ScreenLine())
        if buttons.width <= inner {
            content.append(buttons)
        } else {
            content += alertButtonLines(alert)  // one answer per line
        }
        return box(title: "", footer: "", content: content.map { $0.fitted(to: inner) }, width: inner + 4)
    }

    /// `[ Delete (y) ]   Cancel (n)  `: each answer with its key, the chosen one bracketed.
    private func alertButtons(_ alert: Alert) -> ScreenLine {
        var line = ScreenLine()
        for (index, button) in alertButtonLines(alert).enumerated() {
            if index > 0 { line.append(" ") }
            line.append(button)
        }
        return line
    }

    /// Each answer with its key (`y` for the destructive one, `n` for the cancelling one,
    /// else its first letter), the chosen one bracketed.
    private func alertButtonLines(_ alert: Alert) -> [ScreenLine] {
        alert.actions.enumerated().map { index, action in
            let key: String
            switch action.style {
            case .destructive: key = "y"
            case .cancel: key = "n"
            case .default: key = action.title.prefix(1).lowercased()
            }
            let label = "\(action.title) (\(key))"
            return index == input.ui.alertChoice
                ? ScreenLine("[ \(label) ]", .reverse, .bold) : ScreenLine("  \(label)  ")
        }
    }

    /// `content` in a frame `width` columns wide, `title` in the top rule, `footer` in the
    /// bottom one.
    private func box(title: String, footer: String, content: [ScreenLine], width: Int) -> [ScreenLine] {
        func rule(_ left: String, _ label: String, _ right: String) -> ScreenLine {
            let label = DisplayWidth.truncate(label, to: max(width - 4, 0))
            let fill = max(width - 3 - DisplayWidth.of(label), 0)
            return ScreenLine(left + "─" + label + String(repeating: "─", count: fill) + right)
        }
        var lines = [rule("┌", title, "┐")]
        for line in content {
            var framed = ScreenLine("│ ")
            framed.append(line.fitted(to: width - 4))
            framed.append(" │")
            lines.append(framed)
        }
        lines.append(rule("└", footer, "┘"))
        return lines
    }
}
