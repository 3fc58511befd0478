import TodoCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The detail of one todo, for `todo show`: every field, times in local time.
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

    /// The detail, ending with a line break.
    func render(_ todo: Todo) -> String {
        let indent = String(repeating: " ", count: String(todo.id).count + 2)
        var lines = ["\(style.apply(String(todo.id), .bold))  \(style.apply(todo.title.shownOnOneLine, .bold))"]
        func field(_ name: String, _ value: String) {
            lines.append(indent + DisplayWidth.pad(name, to: 11) + value)
        }
        field("status", todo.isDone ? style.apply("done", .green) : "pending")
        if todo.priority != .none { field("priority", todo.priority.name) }
        if let due = todo.due { field("due", due.description + relative(due, isDone: todo.isDone)) }
        if !todo.tags.isEmpty { field("tags", todo.sortedTags.joined(separator: " ").shownOnOneLine) }
        if let recurrence = todo.recurrence { field("repeats", recurrence.description) }
        field("created", local(todo.createdAt))
        if todo.updatedAt != todo.createdAt { field("updated", local(todo.updatedAt)) }
        if let completed = todo.completedAt { field("completed", local(completed)) }
        field("uuid", todo.uuid.uuidString.lowercased())
        if let note = todo.note {
            lines.append("")
            for line in note.shownOnLines.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(line.isEmpty ? "" : indent + line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func relative(_ due: CalendarDay, isDone: Bool) -> String {
        let days = today.days(to: due)
        switch days {
        case 0: return " (today)"
        case 1: return " (tomorrow)"
        case -1: return isDone ? " (yesterday)" : style.apply(" (overdue: yesterday)", .red)
        case ..<0: return isDone ? " (\(-days) days ago)" : style.apply(" (overdue by \(-days) days)", .red)
        default: return " (in \(days) days)"
        }
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
