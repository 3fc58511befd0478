#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A todo read from a file to import: what the file says, before the store gives it an id.
public struct ImportedTodo: Sendable, Hashable {
    /// The id in the file; kept when the store has never used it, else a new one is given.
    public var id: Int?
    /// The uuid in the file; a new one when `nil`. A todo with a uuid already in the store
    /// updates that todo when it is newer; one without a uuid is not added when the store has a
    /// todo with the same contents (``describes(_:utcOffset:)``).
    public var uuid: UUID?
    /// The title (trimmed; not blank).
    public var title: String
    /// The note.
    public var note: String?
    /// Whether it is done.
    public var isDone: Bool
    /// Its priority.
    public var priority: Priority
    /// Its due day.
    public var due: CalendarDay?
    /// Its tags.
    public var tags: Set<String>
    /// When it was created (the import's time when unknown).
    public var createdAt: Date?
    /// When it last changed (`createdAt` when unknown).
    public var updatedAt: Date?
    /// When it was completed.
    public var completedAt: Date?
    /// How it repeats.
    public var recurrence: Recurrence?
    /// How precisely the file gives it, which decides when it is a todo the store already has,
    /// if it has no uuid (see ``Precision``).
    public var precision: Precision
    /// Its project.
    public var project: String?
    /// The day it stops waiting.
    public var wait: CalendarDay?
    /// The earliest day to start it.
    public var scheduled: CalendarDay?
    /// The ids, *in the file*, of the todos it waits for: the import gives them the ids those
    /// todos get in the store (an id the file does not hold is kept when the store has it).
    public var depends: [Int]
    /// The uuids of the todos it waits for (Taskwarrior's `depends`): each names a todo of the
    /// file or of the store, and becomes that todo's id in the store. A uuid that names neither is
    /// kept in the note, as a last line `depends: <uuid>, <uuid>` (joining the note's last
    /// paragraph when that is made of `name: value` lines, as Taskwarrior imports write them).
    public var dependsOnUUIDs: [UUID]
    /// Its annotations, oldest first.
    public var annotations: [Annotation]
    /// When work on it started.
    public var startedAt: Date?
    /// The iCalendar lines to keep (``Todo/iCalendarLines``): an iCalendar import gives them
    /// (empty when it keeps none, which clears those of the todo it updates); `nil` from other
    /// formats, which leave a todo's lines as they are.
    public var iCalendarLines: String?

    /// ``iCalendarLines`` as the todo keeps them: `nil` when empty.
    var keptICalendarLines: String? {
        iCalendarLines.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Creates an imported todo.
    public init(
        id: Int? = nil, uuid: UUID? = nil, title: String, note: String? = nil, isDone: Bool = false,
        priority: Priority = .none, due: CalendarDay? = nil, tags: Set<String> = [], createdAt: Date? = nil,
        updatedAt: Date? = nil, completedAt: Date? = nil, recurrence: Recurrence? = nil, precision: Precision = .exact,
        project: String? = nil, wait: CalendarDay? = nil, scheduled: CalendarDay? = nil, depends: [Int] = [],
        annotations: [Annotation] = [], startedAt: Date? = nil, dependsOnUUIDs: [UUID] = [],
        iCalendarLines: String? = nil
    ) {
        self.iCalendarLines = iCalendarLines
        self.dependsOnUUIDs = dependsOnUUIDs
        self.project = project
        self.wait = wait
        self.scheduled = scheduled
        self.depends = depends
        self.annotations = annotations
        self.startedAt = startedAt
        self.id = id
        self.uuid = uuid
        self.title = title
        self.note = note
        self.isDone = isDone
        self.priority = priority
        self.due = due
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.completedAt = completedAt
        self.recurrence = recurrence
        self.precision = precision
    }

    /// The imported form of `todo` (our own JSON export), keeping its id and uuid.
    public init(_ todo: Todo) {
        self.init(
            id: todo.id, uuid: todo.uuid, title: todo.title, note: todo.note, isDone: todo.isDone,
            priority: todo.priority, due: todo.due, tags: todo.tags, createdAt: todo.createdAt,
            updatedAt: todo.updatedAt, completedAt: todo.completedAt, recurrence: todo.recurrence,
            project: todo.project, wait: todo.wait, scheduled: todo.scheduled, depends: todo.depends,
            annotations: todo.annotations, startedAt: todo.startedAt, iCalendarLines: todo.iCalendarLines)
    }
}

extension ImportedTodo {
    /// The note, ending with a `depends: <uuid>, <uuid>` line for `dependencies` (lower-case uuids,
    /// in that order): the uuids of todos it waits for that neither the file nor the store holds,
    /// kept so that nothing is lost (an export to Taskwarrior writes them back into `depends`).
    ///
    /// The line joins the note's last paragraph when that is made of `name: value` lines (as
    /// imports keep the attributes they have no field for); otherwise it starts a paragraph of
    /// its own, after an empty line. The note as it is when `dependencies` is empty.
    func noteKeeping(dependencies: [UUID]) -> String? {
        guard !dependencies.isEmpty else { return note }
        let line = "depends: " + dependencies.map { $0.uuidString.lowercased() }.joined(separator: ", ")
        guard let note = Todo.normalizedNote(note) else { return line }
        let lastLine = note.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        return note + (TaskwarriorNote.isAttributeLine(lastLine) ? "\n" : "\n\n") + line
    }
}
