#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Taskwarrior task as a todo to import (the mapping is ``TaskwarriorFormat``'s).
extension TaskwarriorTask {
    /// The todo to import for this pending, waiting or completed task.
    ///
    /// Its note is the annotations, then (after an empty line when there are both) one
    /// `name: value` line for each attribute that has no field here, in this order: `wait`,
    /// `scheduled`, `until` (local days), `start` (ISO 8601 UTC), `depends` (uuids, comma
    /// separated), `recur` (when the todo does not carry it as its recurrence), `priority` (one
    /// that is not H, M or L), then the other attributes in the file's order.
    ///
    /// - Parameters:
    ///   - recur: The series' `recur` value when this task carries it (``TaskwarriorSeries``).
    ///   - file: The file's name or path, for error messages.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant.
    /// - Throws: ``TodoError/invalidImport(file:line:problem:)`` for a missing or blank
    ///   description, a malformed uuid or date.
    func importedTodo(
        recurrence recur: String?, file: String, utcOffset: (Date) -> Int
    ) throws(TodoError)
        -> ImportedTodo
    {
        /// The error for `problem` on the task's line.
        func invalid(_ problem: String) -> TodoError {
            .invalidImport(file: file, line: line, problem: problem)
        }
        /// The instant `text` (the value of `key`) names.
        func date(_ key: String, _ text: String?) throws(TodoError) -> Date? {
            guard let text else { return nil }
            guard let date = Timestamp.parse(text) else {
                throw invalid(
                    "'\(key)' is '\(Self.shortened(text))', not a Taskwarrior date (YYYYMMDDTHHMMSSZ); \(TaskwarriorFormat.hint)"
                )
            }
            return date
        }
        guard let title = try? Todo.validTitle(description ?? "") else {
            throw invalid(
                "a task without a description; give it one in Taskwarrior (`task ID modify …`) and export again")
        }
        var parsedUUID: UUID?
        if let uuid {
            guard let value = Todo.parseUUID(uuid) else {
                throw invalid("'uuid' is '\(Self.shortened(uuid))', not a uuid; \(TaskwarriorFormat.hint)")
            }
            parsedUUID = value
        }
        var priority = Priority.none
        var otherPriority: String?
        switch self.priority?.uppercased() {
        case "H": priority = .high
        case "M": priority = .medium
        case "L": priority = .low
        case nil, "": break
        case .some: otherPriority = self.priority
        }
        var tags = Set(self.tags.compactMap(ImportedTag.make))
        if let project, let tag = ImportedTag.make(project) { tags.insert(tag) }
        let due = try date("due", self.due).map { CalendarDay(localDayOf: $0, utcOffset: utcOffset) }
        let isDone = status == "completed"
        let createdAt = try date("entry", entry)
        let updatedAt = try date("modified", modified)
        let completedAt = try date("end", end)
        var annotationLines: [String] = []
        for annotation in annotations {
            let text = annotation.description.trimmingSpaces()
            guard !text.isEmpty else { continue }
            if let day = try date("annotations", annotation.entry).map({
                CalendarDay(localDayOf: $0, utcOffset: utcOffset)
            }) {
                annotationLines.append("\(day): \(text)")
            } else {
                annotationLines.append(text)
            }
        }
        let recurrence = recur.flatMap { Recurrence(taskwarrior: $0) }
        // The attributes that have no field, one `name: value` line each, in a fixed order.
        var attributeLines: [String] = []
        for (key, text) in [("wait", wait), ("scheduled", scheduled), ("until", until)] {
            if let day = try date(key, text).map({ CalendarDay(localDayOf: $0, utcOffset: utcOffset) }) {
                attributeLines.append("\(key): \(day)")
            }
        }
        if let start = try date("start", start) { attributeLines.append("start: \(Timestamp.format(start))") }
        let dependencies = depends.map { $0.trimmingSpaces().lowercased() }.filter { !$0.isEmpty }
        if !dependencies.isEmpty { attributeLines.append("depends: " + dependencies.joined(separator: ", ")) }
        // The series' recur when this task carries it but it does not map, else the task's own.
        if recurrence == nil, let series = recur ?? self.recur, !series.trimmingSpaces().isEmpty {
            attributeLines.append("recur: \(series)")
        }
        if let otherPriority { attributeLines.append("priority: \(otherPriority)") }
        for (key, value) in otherAttributes { attributeLines.append("\(key): \(value)") }
        var noteLines = annotationLines
        if !annotationLines.isEmpty && !attributeLines.isEmpty { noteLines.append("") }
        noteLines += attributeLines
        return ImportedTodo(
            uuid: parsedUUID, title: title, note: noteLines.isEmpty ? nil : noteLines.joined(separator: "\n"),
            isDone: isDone, priority: priority, due: due, tags: tags, createdAt: createdAt, updatedAt: updatedAt,
            completedAt: isDone ? completedAt : nil, recurrence: recurrence)
    }

    /// `text`, cut to 40 characters, for messages.
    private static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}
