#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Taskwarrior task as a todo to import (the mapping is ``TaskwarriorFormat``'s).
extension TaskwarriorTask {
    /// The todo to import for this pending, waiting or completed task.
    ///
    /// Its note is the text of its first `note: ` annotation, then (after an empty line when
    /// there are both) one `name: value` line for each attribute that has no field here, in this
    /// order: `until` (a local day), `recur` (when the todo does not carry it as its recurrence),
    /// `parent` (unless it is the template our export makes for this todo), `priority` (one that
    /// is not H, M or L), `todorecur` (one that is not a recurrence), then the other attributes in
    /// the file's order (see ``TaskwarriorNote``).
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
        /// The local day of the instant `text` (the value of `key`) names.
        func day(_ key: String, _ text: String?) throws(TodoError) -> CalendarDay? {
            try date(key, text).map { CalendarDay(localDayOf: $0, utcOffset: utcOffset) }
        }
        /// The uuid `text` (the value of `key`, or one of its values) is.
        func uuid(_ key: String, _ text: String) throws(TodoError) -> UUID {
            guard let value = Todo.parseUUID(text.trimmingSpaces()) else {
                let verb = key == "depends" ? "holds" : "is"
                throw invalid("'\(key)' \(verb) '\(Self.shortened(text))', not a uuid; \(TaskwarriorFormat.hint)")
            }
            return value
        }
        guard let title = try? Todo.validTitle(description ?? "") else {
            throw invalid(
                "a task without a description; give it one in Taskwarrior (`task ID modify …`) and export again")
        }
        let parsedUUID = try self.uuid.map { text throws(TodoError) in try uuid("uuid", text) }
        var priority = Priority.none
        var otherPriority: String?
        switch self.priority?.uppercased() {
        case "H": priority = .high
        case "M": priority = .medium
        case "L": priority = .low
        case nil, "": break
        case .some: otherPriority = self.priority
        }
        let isDone = status == "completed"
        let createdAt = try date("entry", entry)
        let updatedAt = try date("modified", modified)
        let completedAt = try date("end", end)
        var noteText: String?
        var undatedAnnotations: [String] = []
        var annotations: [Annotation] = []
        for annotation in self.annotations {
            let text = annotation.description.trimmingSpaces()
            guard !text.isEmpty else { continue }
            if noteText == nil, text.hasPrefix(TaskwarriorNote.annotationPrefix) {
                noteText = String(text.dropFirst(TaskwarriorNote.annotationPrefix.count))
            } else if let at = try date("annotations", annotation.entry) ?? createdAt ?? updatedAt {
                annotations.append(Annotation(at: at, text: text))
            } else {
                undatedAnnotations.append(text)
            }
        }
        let dependencies = try depends.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
            .map { text throws(TodoError) in try uuid("depends", text) }
        let seriesRecurrence = recur.flatMap { Recurrence(taskwarrior: $0) }
        var recurrence = seriesRecurrence
        var otherRecurrence: String?
        if let todoRecur, !todoRecur.trimmingSpaces().isEmpty {
            if recurrence == nil, let value = try? Recurrence(parsing: todoRecur.trimmingSpaces()) {
                recurrence = value
            } else {
                otherRecurrence = todoRecur
            }
        }
        // The attributes that have no field, one `name: value` line each, in a fixed order.
        var attributeLines: [String] = []
        if let until = try day("until", until) { attributeLines.append("until: \(until)") }
        // The series' recur when this task carries it but it does not map, else the task's own.
        if seriesRecurrence == nil, let series = recur ?? self.recur, !series.trimmingSpaces().isEmpty {
            attributeLines.append("recur: \(series)")
        }
        if let parent = try parent.map({ text throws(TodoError) in try uuid("parent", text) }),
            !Self.isOwnTemplate(parent, title: title, recurrence: seriesRecurrence, uuid: parsedUUID)
        {
            attributeLines.append("parent: \(parent.uuidString.lowercased())")
        }
        if let otherPriority { attributeLines.append("priority: \(otherPriority)") }
        if let otherRecurrence { attributeLines.append("\(TaskwarriorFormat.recurrenceKey): \(otherRecurrence)") }
        for (key, value) in otherAttributes { attributeLines.append("\(key): \(value)") }
        let text = ([noteText].compactMap { $0 } + undatedAnnotations).joined(separator: "\n")
        let due = try day("due", due)
        let wait = try day("wait", wait)
        let scheduled = try day("scheduled", scheduled)
        let startedAt = try date("start", start)
        return ImportedTodo(
            uuid: parsedUUID, title: title,
            note: TaskwarriorNote.compose(text: text, attributeLines: attributeLines), isDone: isDone,
            priority: priority, due: due, tags: Set(tags.compactMap(ImportedTag.make)), createdAt: createdAt,
            updatedAt: updatedAt, completedAt: isDone ? completedAt : nil, recurrence: recurrence,
            project: project.flatMap(ImportedProject.make), wait: wait, scheduled: scheduled,
            annotations: annotations, startedAt: isDone ? nil : startedAt, dependsOnUUIDs: dependencies)
    }

    /// Whether `parent` is the template our export makes for a todo with `title` that carries
    /// `recurrence` (``TaskwarriorSeries/templateUUID(title:recurrence:)``, or
    /// ``TaskwarriorSeries/templateUUID(occurrence:)`` of `uuid`): then it says nothing the todo
    /// does not say, and is not kept.
    private static func isOwnTemplate(_ parent: UUID, title: String, recurrence: Recurrence?, uuid: UUID?) -> Bool {
        guard let recurrence else { return false }
        return parent == TaskwarriorSeries.templateUUID(title: title, recurrence: recurrence)
            || uuid.map { parent == TaskwarriorSeries.templateUUID(occurrence: $0) } == true
    }

    /// `text`, cut to 40 characters, for messages.
    private static func shortened(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}
