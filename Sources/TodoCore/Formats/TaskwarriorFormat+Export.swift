#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writing todos as Taskwarrior tasks, for `task import`.
extension TaskwarriorFormat {
    /// The attribute that carries the recurrence of a todo Taskwarrior cannot repeat (one without
    /// a due day, or a done one), so that importing the tasks back restores it: `todorecur`.
    /// Taskwarrior keeps it as it keeps any attribute it does not know (a user-defined attribute
    /// without a definition), and shows it in `task info`.
    static let recurrenceKey = "todorecur"

    /// The tasks of `todos`, as `task export` writes them and `task import` (2.6) reads them: a
    /// JSON array, one task object per line.
    ///
    /// Each todo is one task, with its uuid; a todo that repeats (pending, with a due day) is an
    /// occurrence of a recurring series, and the series' template comes before it. The mapping
    /// is in ``TaskwarriorFormat``; ids are left out (Taskwarrior numbers its tasks itself), and
    /// so is the urgency (`task` computes it again).
    ///
    /// - Parameters:
    ///   - todos: The todos, in list order. A dependency on a todo that is not among them is
    ///     left out.
    ///   - context: Its clock's time zone makes the due, wait, scheduled and until days the
    ///     instants Taskwarrior keeps (local midnight, as `task add due:2030-01-08` does), and its
    ///     day says which todos are waiting.
    /// - Returns: UTF-8 JSON, ending with a new line.
    public static func export(_ todos: [Todo], context: TodoContext) -> [UInt8] {
        var uuidByID: [Int: UUID] = [:]
        for todo in todos { uuidByID[todo.id] = todo.uuid }
        let parts = todos.map { TaskwarriorNote.Parts(note: $0.note, of: $0) }
        let series = ExportedSeries(todos, parts: parts)
        var writer = TaskWriter(context: context, count: todos.count + series.templates.count)
        for (index, todo) in todos.enumerated() {
            if let template = series.templates[index] {
                writer.writeTemplate(of: todo, parts: parts[index], uuid: template.uuid, recur: template.recur)
            }
            writer.write(todo, parts: parts[index], occurrence: series.occurrences[index], uuidByID: uuidByID)
        }
        return writer.finish()
    }
}

/// Which exported todos are occurrences of a recurring series, and which of them write the
/// series' template.
///
/// A pending todo with a due day is an occurrence when it repeats: by its recurrence (its
/// template is its `parent:` note line, else ``TaskwarriorSeries/templateUUID(title:recurrence:)``
/// — or ``TaskwarriorSeries/templateUUID(occurrence:)`` when another series of the export has
/// that one), or by `recur:` and `parent:` note lines (a series whose `recur` we cannot repeat
/// by, as an import keeps it). Each template is written once: by the first todo repeating by its
/// recurrence, else by the one with note lines due last (ties: the last in the list), as an
/// import chooses the occurrence that carries a series.
private struct ExportedSeries {
    /// The series a todo belongs to: its template and its `recur` value.
    struct Occurrence {
        var template: UUID
        var recur: String
    }

    /// By the index of a todo: the occurrence it is, written with `parent`, `recur` and `imask`
    /// (only those repeating by their recurrence: the others' note lines say it).
    var occurrences: [Int: Occurrence] = [:]
    /// By the index of a todo: the template it writes before itself.
    var templates: [Int: (uuid: UUID, recur: String)] = [:]

    init(_ todos: [Todo], parts: [TaskwarriorNote.Parts]) {
        var written: Set<UUID> = []
        for (index, todo) in todos.enumerated() where !todo.isDone && todo.due != nil {
            guard let recurrence = todo.recurrence else { continue }
            var template = parts[index].value(of: "parent").flatMap(Todo.parseUUID)
            if template == nil {
                let derived = TaskwarriorSeries.templateUUID(title: todo.title, recurrence: recurrence)
                template = written.contains(derived) ? TaskwarriorSeries.templateUUID(occurrence: todo.uuid) : derived
            }
            guard let template else { continue }
            occurrences[index] = Occurrence(template: template, recur: recurrence.description)
            if written.insert(template).inserted { templates[index] = (template, recurrence.description) }
        }
        // Series kept in note lines, whose recur an import could not map (for one it could, the
        // occurrence that carried it has the recurrence): the occurrence due last writes the
        // template.
        var latest: [UUID: (index: Int, due: CalendarDay)] = [:]
        for (index, todo) in todos.enumerated() where !todo.isDone && todo.recurrence == nil {
            guard let due = todo.due, let recur = parts[index].value(of: "recur"),
                Recurrence(taskwarrior: recur) == nil,
                let template = parts[index].value(of: "parent").flatMap(Todo.parseUUID), !written.contains(template)
            else { continue }
            if let current = latest[template], due < current.due { continue }
            latest[template] = (index, due)
        }
        for (template, carrier) in latest {
            templates[carrier.index] = (template, parts[carrier.index].value(of: "recur") ?? "")
        }
    }
}

/// Writes task objects, one per line, in a JSON array.
private struct TaskWriter {
    let context: TodoContext
    var json: JSONWriter
    var isEmpty = true

    init(context: TodoContext, count: Int) {
        self.context = context
        json = JSONWriter(capacity: 16 + count * 400)
        json.beginArray()
        json.newline()
    }

    /// The array, closed.
    mutating func finish() -> [UInt8] {
        if !isEmpty { json.newline() }
        json.endArray()
        json.newline()
        return json.bytes
    }

    /// Starts a task object on a line of its own.
    private mutating func beginTask() {
        if !isEmpty {
            json.element()
            json.newline()
        }
        isEmpty = false
        json.beginObject()
    }

    /// The task of `todo`: its fields, its note's text as a `note: ` annotation and its note's
    /// attributes; `occurrence` when it is an occurrence of a series whose template the export
    /// writes.
    mutating func write(
        _ todo: Todo, parts: TaskwarriorNote.Parts, occurrence: ExportedSeries.Occurrence?, uuidByID: [Int: UUID]
    ) {
        beginTask()
        json.key("uuid")
        json.uuid(todo.uuid)
        json.key("description")
        json.string(todo.title)
        json.key("status")
        json.string(todo.isDone ? "completed" : "pending")
        time("entry", todo.createdAt)
        time("modified", todo.updatedAt)
        if todo.isDone { time("end", todo.completedAt ?? todo.updatedAt) }
        days(of: todo, parts: parts)
        if !todo.isDone, let startedAt = todo.startedAt { time("start", startedAt) }
        common(todo, parts: parts)
        var depends = todo.depends.compactMap { uuidByID[$0] }
        for uuid in parts.value(of: "depends").flatMap(TaskwarriorNote.Parts.uuids) ?? [] where !depends.contains(uuid)
        {
            depends.append(uuid)
        }
        depends.removeAll { $0 == todo.uuid }
        if !depends.isEmpty {
            json.key("depends")
            json.beginArray()
            for uuid in depends {
                json.element()
                json.uuid(uuid)
            }
            json.endArray()
        }
        annotations(of: todo, noteText: parts.text, includingTheTodos: true)
        if let occurrence {
            json.key("recur")
            json.string(occurrence.recur)
            json.key("parent")
            json.uuid(occurrence.template)
            json.key("imask")
            json.int(0)
            json.key("rtype")
            json.string("periodic")
        } else {
            if let recurrence = todo.recurrence {
                json.key(TaskwarriorFormat.recurrenceKey)
                json.string(recurrence.description)
            }
            if let recur = parts.value(of: "recur") {
                json.key("recur")
                json.string(recur)
            }
            if let parent = parts.value(of: "parent").flatMap(Todo.parseUUID) {
                json.key("parent")
                json.uuid(parent)
                if parts.value(of: "recur") != nil {
                    json.key("rtype")
                    json.string("periodic")
                }
            }
        }
        for (name, value) in parts.attributes where !Self.mappedNames.contains(name) {
            json.key(name)
            json.string(value)
        }
        json.endObject()
    }

    /// The note attributes ``write(_:parts:occurrence:uuidByID:)`` writes in their own way.
    private static let mappedNames: Set<String> = ["until", "depends", "recur", "parent", "priority"]

    /// The template of the series whose occurrence `todo` is: what the occurrence says (its note
    /// too, which Taskwarrior copies into the next occurrences, but not its annotations), with
    /// `status` `recurring` and the `mask` of one occurrence, pending (`-`) or waiting (`W`).
    mutating func writeTemplate(of todo: Todo, parts: TaskwarriorNote.Parts, uuid: UUID, recur: String) {
        beginTask()
        json.key("uuid")
        json.uuid(uuid)
        json.key("description")
        json.string(todo.title)
        json.key("status")
        json.string("recurring")
        time("entry", todo.createdAt)
        time("modified", todo.updatedAt)
        days(of: todo, parts: parts)
        common(todo, parts: parts)
        annotations(of: todo, noteText: parts.text, includingTheTodos: false)
        json.key("recur")
        json.string(recur)
        json.key("mask")
        json.string(todo.isWaiting(today: context.today) ? "W" : "-")
        json.key("rtype")
        json.string("periodic")
        json.endObject()
    }

    /// `due`, `wait`, `scheduled` and `until` (from the note), each the local midnight starting
    /// its day.
    private mutating func days(of todo: Todo, parts: TaskwarriorNote.Parts) {
        let utcOffset = context.clock.utcOffset
        if let due = todo.due { time("due", due.start(utcOffset: utcOffset)) }
        if let wait = todo.wait { time("wait", wait.start(utcOffset: utcOffset)) }
        if let scheduled = todo.scheduled { time("scheduled", scheduled.start(utcOffset: utcOffset)) }
        if let until = parts.value(of: "until").flatMap({ try? CalendarDay(parsing: $0) }) {
            time("until", until.start(utcOffset: utcOffset))
        }
    }

    /// `priority` (the todo's, or its note's), `project` and `tags`.
    private mutating func common(_ todo: Todo, parts: TaskwarriorNote.Parts) {
        let letter: String? =
            switch todo.priority {
            case .high: "H"
            case .medium: "M"
            case .low: "L"
            case .none: parts.value(of: "priority")
            }
        if let letter {
            json.key("priority")
            json.string(letter)
        }
        if let project = todo.project {
            json.key("project")
            json.string(project)
        }
        if !todo.tags.isEmpty {
            json.key("tags")
            json.beginArray()
            for tag in todo.sortedTags {
                json.element()
                json.string(tag)
            }
            json.endArray()
        }
    }

    /// `annotations`: the note's text first (`note: …`, at the todo's creation, or the nearest
    /// second before it that no annotation has), then, when `includingTheTodos`, the todo's
    /// annotations, each at its own second (one that another has already moves a second later,
    /// as `task` does).
    private mutating func annotations(of todo: Todo, noteText: String?, includingTheTodos: Bool) {
        guard noteText != nil || includingTheTodos && !todo.annotations.isEmpty else { return }
        var taken = Set<Int>()
        var seconds: [Int] = []
        for annotation in todo.annotations {
            var second = Timestamp.seconds(annotation.at)
            while !taken.insert(second).inserted { second += 1 }
            seconds.append(second)
        }
        json.key("annotations")
        json.beginArray()
        if let noteText {
            var second = Timestamp.seconds(todo.createdAt)
            while taken.contains(second) { second -= 1 }
            annotation(at: second, TaskwarriorNote.annotationPrefix + noteText)
        }
        for (annotation, second) in zip(todo.annotations, seconds) where includingTheTodos {
            self.annotation(at: second, annotation.text)
        }
        json.endArray()
    }

    /// One annotation object.
    private mutating func annotation(at second: Int, _ text: String) {
        json.element()
        json.beginObject()
        time("entry", Date(timeIntervalSince1970: Double(second)))
        json.key("description")
        json.string(text)
        json.endObject()
    }

    /// The member `key` holding `date` as Taskwarrior writes times: `20300107T093000Z` (UTC).
    private mutating func time(_ key: StaticString, _ date: Date) {
        json.key(key)
        let seconds = Timestamp.seconds(date)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let day = CalendarDay(daysSinceEpoch: days)
        var text = [UInt8](repeating: UInt8(ascii: "0"), count: 18)
        text[0] = UInt8(ascii: "\"")
        CalendarDay.write(day.year, width: 4, into: &text, at: 1)
        CalendarDay.write(day.month, width: 2, into: &text, at: 5)
        CalendarDay.write(day.day, width: 2, into: &text, at: 7)
        text[9] = UInt8(ascii: "T")
        CalendarDay.write(secondOfDay / 3600, width: 2, into: &text, at: 10)
        CalendarDay.write(secondOfDay / 60 % 60, width: 2, into: &text, at: 12)
        CalendarDay.write(secondOfDay % 60, width: 2, into: &text, at: 14)
        text[16] = UInt8(ascii: "Z")
        text[17] = UInt8(ascii: "\"")
        json.raw(text)
    }
}
