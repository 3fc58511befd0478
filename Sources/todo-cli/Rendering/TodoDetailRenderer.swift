import TodoCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The detail of one todo, for `todo show`: every field, times in local time; fitted to a
/// width when given (the title, values and note wrapped; under 12 columns for a value, each
/// value goes under its name; a line still too wide, at a few columns, is cut with `…`).
///
/// ```text
/// 3  Buy milk
///    status     pending
///    priority   high
///    due        2030-01-08 (tomorrow)
///    tags       shop home
///    created    2030-01-07 10:30
///    uuid       1c7e…
///
///    Two litres, the organic one.
/// ```
struct TodoDetailRenderer {
    /// Today, for "tomorrow" and "overdue".
    var today: CalendarDay
    /// The local time zone, for times.
    var clock: TodoClock
    /// The colours.
    var style: Style
    /// The columns to fit in, or `nil` for no limit.
    var width: Int? = nil
    /// How days are shown (the config's `date.format`).
    var dateFormat: DateDisplayFormat = .iso

    /// The detail, ending with a line break; with `facts`, the status says waiting, blocked or
    /// blocking, and the urgency is shown.
    func render(_ todo: Todo, facts: TodoFacts? = nil) -> String {
        let indent = String(repeating: " ", count: String(todo.id).count + 2)
        var lines: [String] = []
        let titleLines = wrap(todo.title.shownOnOneLine, width: width.map { $0 - indent.count })
        for (index, line) in titleLines.enumerated() {
            lines.append((index == 0 ? style.apply(String(todo.id), .bold) + "  " : indent) + style.apply(line, .bold))
        }
        /// `name` and `value` in two columns; wrapped in the value's column, or under the name
        /// when that column is narrow. `codes` style the value.
        func field(_ name: String, _ value: String, _ codes: [Style.Code] = []) {
            let valueColumn = indent.count + 11
            guard let width, DisplayWidth.of(value) > width - valueColumn else {
                lines.append(indent + DisplayWidth.pad(name, to: 11) + style.apply(value, codes))
                return
            }
            if width - valueColumn >= 12 {
                for (index, line) in wrap(value, width: width - valueColumn).enumerated() {
                    lines.append(
                        (index == 0 ? indent + DisplayWidth.pad(name, to: 11) : pad(valueColumn))
                            + style.apply(line, codes))
                }
            } else {
                lines.append(indent + name)
                for line in wrap(value, width: width - indent.count - 2) {
                    lines.append(pad(indent.count + 2) + style.apply(line, codes))
                }
            }
        }
        if todo.isDone {
            field("status", "done", [.green])
        } else {
            var status = todo.isWaiting(today: today) ? "waiting" : "pending"
            if todo.isActive { status += ", active" }
            if facts?.isBlocked == true { status += ", blocked" }
            if facts?.isBlocking == true { status += ", blocking" }
            field("status", status)
        }
        if todo.priority != .none { field("priority", todo.priority.name) }
        if let project = todo.project { field("project", project.shownOnOneLine) }
        if let due = todo.due {
            let relative = relative(due, isDone: todo.isDone)
            let day = dateFormat.format(due)
            if let width, DisplayWidth.of(day + relative.text) > width - indent.count - 11 {
                // Wrapped: the whole value in the relative part's colour.
                field("due", day + relative.text, relative.codes)
            } else {
                lines.append(
                    indent + DisplayWidth.pad("due", to: 11) + day
                        + style.apply(relative.text, relative.codes))
            }
        }
        if !todo.tags.isEmpty { field("tags", todo.sortedTags.joined(separator: " ").shownOnOneLine) }
        if let recurrence = todo.recurrence {
            field("repeats", recurrence.description)
        } else if let rule = ICalendarFormat.keptRecurrenceRule(of: todo) {
            field("repeats", rule.shownOnOneLine + " (an iCalendar rule todo does not repeat; kept as it is)")
        }
        if let wait = todo.wait {
            field("wait", dateFormat.format(wait) + (todo.isWaiting(today: today) ? " (hidden until then)" : ""))
        }
        if let scheduled = todo.scheduled { field("scheduled", dateFormat.format(scheduled)) }
        if !todo.depends.isEmpty { field("depends on", todo.depends.map(String.init).joined(separator: " ")) }
        if let started = todo.startedAt, !todo.isDone { field("started", local(started)) }
        if let urgency = facts?.urgency { field("urgency", TodoDetailRenderer.format(urgency: urgency)) }
        field("created", local(todo.createdAt))
        if todo.updatedAt != todo.createdAt { field("updated", local(todo.updatedAt)) }
        if let completed = todo.completedAt { field("completed", local(completed)) }
        field("uuid", todo.uuid.uuidString.lowercased())
        if !todo.annotations.isEmpty {
            lines.append("")
            for annotation in todo.annotations {
                let head = local(annotation.at) + "  "
                if let width, width - indent.count - head.count < 12 {
                    // Narrow: the time on a line of its own, the text under it.
                    lines.append(
                        indent
                            + style.apply(DisplayWidth.truncate(local(annotation.at), to: width - indent.count), .dim))
                    for line in annotation.text.shownOnLines.split(separator: "\n", omittingEmptySubsequences: false) {
                        for text in wrap(String(line), width: width - indent.count - 2) {
                            lines.append(pad(indent.count + 2) + text)
                        }
                    }
                    continue
                }
                for (index, line) in annotation.text.shownOnLines.split(
                    separator: "\n", omittingEmptySubsequences: false
                )
                .enumerated() {
                    let prefix = index == 0 ? style.apply(head, .dim) : String(repeating: " ", count: head.count)
                    let room = width.map { $0 - indent.count - head.count }
                    for (part, text) in wrap(String(line), width: room).enumerated() {
                        lines.append(indent + (part == 0 ? prefix : String(repeating: " ", count: head.count)) + text)
                    }
                }
            }
        }
        if let note = todo.note {
            lines.append("")
            for line in note.shownOnLines.split(separator: "\n", omittingEmptySubsequences: false) {
                guard !line.isEmpty else {
                    lines.append("")
                    continue
                }
                guard let width else {
                    lines.append(indent + line)
                    continue
                }
                // Tabs measured as the terminal shows them (to the next multiple of 8); kept
                // when the line fits, else spaces in the wrapped lines.
                let expanded = expandingTabs(String(line), from: indent.count)
                if DisplayWidth.of(expanded) <= width - indent.count {
                    lines.append(indent + line)
                    continue
                }
                for part in wrap(expanded, width: width - indent.count) { lines.append(indent + part) }
            }
        }
        if let width {
            // Too narrow for a name and its value (under 12 columns or so): lines cut with `…`.
            lines = lines.map { DisplayWidth.truncateStyled($0, to: width) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An urgency with one decimal, as Taskwarrior's reports show it (`8.8`, `-3.0`).
    static func format(urgency: Double) -> String {
        let tenths = urgency.isFinite ? Int((urgency * 10).rounded()) : 0
        return (tenths < 0 ? "-" : "") + "\(abs(tenths) / 10).\(abs(tenths) % 10)"
    }

    /// ` (tomorrow)`, ` (overdue by 3 days)` in red…
    private func relative(_ due: CalendarDay, isDone: Bool) -> (text: String, codes: [Style.Code]) {
        let days = today.days(to: due)
        switch days {
        case 0: return (" (today)", [])
        case 1: return (" (tomorrow)", [])
        case -1: return isDone ? (" (yesterday)", []) : (" (overdue: yesterday)", [.red])
        case ..<0: return isDone ? (" (\(-days) days ago)", []) : (" (overdue by \(-days) days)", [.red])
        default: return (" (in \(days) days)", [])
        }
    }

    /// `text` wrapped to `width` columns (one line without a width, or with less than one).
    private func wrap(_ text: String, width: Int?) -> [String] {
        guard let width, width >= 1, DisplayWidth.of(text) > width else { return [text] }
        return TextWrap.lines(text, width: width)
    }

    private func pad(_ columns: Int) -> String {
        String(repeating: " ", count: columns)
    }

    /// `text` with each tab replaced by the spaces up to the next multiple of 8 columns, counted
    /// from `column` (where the text starts on the screen).
    private func expandingTabs(_ text: String, from column: Int) -> String {
        guard text.contains("\t") else { return text }
        var result = ""
        var at = column
        for character in text {
            if character == "\t" {
                let spaces = 8 - at % 8
                result += String(repeating: " ", count: spaces)
                at += spaces
            } else {
                result.append(character)
                at += DisplayWidth.of(character)
            }
        }
        return result
    }

    private func local(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + clock.utcOffset(date)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let hours = secondOfDay / 3600
        let minutes = secondOfDay / 60 % 60
        return CalendarDay(daysSinceEpoch: days).description + " " + (hours < 10 ? "0" : "") + String(hours) + ":"
            + (minutes < 10 ? "0" : "") + String(minutes)
    }
}
