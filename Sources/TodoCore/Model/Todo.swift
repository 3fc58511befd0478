#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One todo: what to do, and everything known about it.
///
/// Todos are values; the todo service creates and changes them in the store, and publishes
/// each change on its bus. The `id` is what users type (`todo done 3`): a small positive
/// integer, stable for the todo's life and never given to another todo, not after a delete,
/// a clear or an undo. The `uuid` identifies the todo across stores, for import and export.
public struct Todo: Sendable, Hashable, Identifiable {
    /// The todo's number in its store, from 1; never reused.
    public var id: Int
    /// The todo's identity across stores.
    public var uuid: UUID
    /// What to do: never blank, without leading or trailing white space.
    public var title: String
    /// Details, possibly several lines; `nil` when there are none.
    public var note: String?
    /// Whether it is done.
    public var isDone: Bool
    /// How important it is.
    public var priority: Priority
    /// The day it is due.
    public var due: CalendarDay?
    /// Words to group and filter todos by.
    public var tags: Set<String>
    /// When it was created (to the second).
    public var createdAt: Date
    /// When it last changed (to the second).
    public var updatedAt: Date
    /// When it was last marked done; `nil` while pending.
    public var completedAt: Date?
    /// Its place in the manual order: todos sort by `position`, smallest first (ties by `id`).
    /// Values are spaced apart, not consecutive; the 1-based place in the list is what users
    /// see and what ``TodoServiceType/move(id:to:)`` takes.
    public var position: Int
    /// How it repeats; completing a recurring todo creates its next occurrence.
    public var recurrence: Recurrence?
    /// The project it belongs to: a dotted hierarchy (`Home.Garden` is part of `Home`).
    public var project: String? {
        get { extras.project }
        set { extras.change { $0.project = newValue } }
    }
    /// The day it stops waiting: before it, the todo is *waiting* (hidden from `list` by default).
    public var wait: CalendarDay? {
        get { extras.wait }
        set { extras.change { $0.wait = newValue } }
    }
    /// The earliest day to start it.
    public var scheduled: CalendarDay? {
        get { extras.scheduled }
        set { extras.change { $0.scheduled = newValue } }
    }
    /// The ids of the todos it waits for, ascending: while one of them is not done, it is *blocked*.
    public var depends: [Int] {
        get { extras.depends }
        set { extras.change { $0.depends = newValue } }
    }
    /// Timestamped notes, oldest first.
    public var annotations: [Annotation] {
        get { extras.annotations }
        set { extras.change { $0.annotations = newValue } }
    }
    /// When work on it started (`todo start`); `nil` when it is not active. Cleared when it is done.
    public var startedAt: Date? {
        get { extras.startedAt }
        set { extras.change { $0.startedAt = newValue } }
    }
    /// The lines of its iCalendar form that `todo` keeps and writes back unchanged: properties,
    /// parameters and components it has no field for, the original form of those it reads with
    /// a loss (a `DUE` with a time, a `PRIORITY` of 3, an `RRULE` it cannot repeat, a `UID` that
    /// is not its uuid), and the `VTIMEZONE`s they use; unfolded content lines, one per line
    /// (see ``ICalendarFormat``). `nil` for a todo that never came from iCalendar.
    public var iCalendarLines: String? {
        get { extras.iCalendarLines }
        set { extras.change { $0.iCalendarLines = newValue } }
    }
    /// The fields most todos leave empty, kept apart: a todo without any of them carries one
    /// empty reference, which copying does not retain (100,000 todos are copied when listed).
    private var extras = TodoExtras()

    /// Creates a todo with every field given; the service creates todos for users.
    public init(
        id: Int, uuid: UUID, title: String, note: String? = nil, isDone: Bool = false, priority: Priority = .none,
        due: CalendarDay? = nil, tags: Set<String> = [], createdAt: Date, updatedAt: Date? = nil,
        completedAt: Date? = nil, position: Int, recurrence: Recurrence? = nil, project: String? = nil,
        wait: CalendarDay? = nil, scheduled: CalendarDay? = nil, depends: [Int] = [], annotations: [Annotation] = [],
        startedAt: Date? = nil, iCalendarLines: String? = nil
    ) {
        self.id = id
        self.uuid = uuid
        self.title = title
        self.note = note
        self.isDone = isDone
        self.priority = priority
        self.due = due
        self.tags = tags
        self.createdAt = createdAt
        self.updatedAt = updatedAt ?? createdAt
        self.completedAt = completedAt
        self.position = position
        self.recurrence = recurrence
        if project != nil || wait != nil || scheduled != nil || !depends.isEmpty || !annotations.isEmpty
            || startedAt != nil || iCalendarLines != nil
        {
            extras = TodoExtras(
                TodoExtras.Fields(
                    project: project, wait: wait, scheduled: scheduled, depends: depends, annotations: annotations,
                    startedAt: startedAt, iCalendarLines: iCalendarLines))
        }
    }

    /// Whether it is pending and due before `today`.
    public func isOverdue(today: CalendarDay) -> Bool {
        guard !isDone, let due else { return false }
        return due < today
    }

    /// The tags, sorted.
    public var sortedTags: [String] { tags.sorted() }

    /// Whether it is not done and its `wait` day is after `today`.
    public func isWaiting(today: CalendarDay) -> Bool {
        guard !isDone, let wait else { return false }
        return today < wait
    }

    /// Where it stands on `today`: done, waiting, or pending.
    public func status(today: CalendarDay) -> TodoStatus {
        isDone ? .done : isWaiting(today: today) ? .waiting : .pending
    }

    /// Whether work on it has started and it is not done (`todo start`).
    public var isActive: Bool { startedAt != nil && !isDone }

    /// The largest id a todo can have: 9,000,000,000,000,000,000 (nineteen digits). A store
    /// or an import with a larger id is refused; once a store has used every id up to it, no
    /// todo can be added there (ids are never reused).
    public static let maximumID = 9_000_000_000_000_000_000
}

extension Todo {
    /// Trims `title` and checks that something is left.
    ///
    /// - Throws: ``TodoError/blankTitle``.
    public static func validTitle(_ title: String) throws(TodoError) -> String {
        let trimmed = title.trimmingSpaces()
        guard !trimmed.isEmpty else { throw .blankTitle }
        return trimmed
    }

    /// Trims `tag` (and one leading `+` or `#`) and checks it is one word (no white space, no
    /// comma, not starting with another `+` or `#`).
    ///
    /// - Throws: ``TodoError/invalidTag(_:)``.
    public static func validTag(_ tag: String) throws(TodoError) -> String {
        var trimmed = tag.trimmingSpaces()
        if trimmed.first == "+" || trimmed.first == "#" { trimmed.removeFirst() }
        guard !trimmed.isEmpty, trimmed.first != "+", trimmed.first != "#",
            !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0 == "," || $0.value < 0x20 })
        else { throw .invalidTag(tag) }
        return trimmed
    }

    /// Trims `project` and checks it: one or more names joined by dots (`Home.Garden`), each
    /// without white space, commas or control characters; `nil` for a blank one (no project).
    ///
    /// - Throws: ``TodoError/invalidProject(_:)``.
    public static func validProject(_ project: String) throws(TodoError) -> String? {
        if let valid = validASCIIProject(project) { return valid }
        let trimmed = project.trimmingSpaces()
        guard !trimmed.isEmpty else { return nil }
        let parts = trimmed.split(separator: ".", omittingEmptySubsequences: false)
        guard
            parts.allSatisfy({ part in
                !part.isEmpty
                    && !part.unicodeScalars.contains {
                        $0.properties.isWhitespace || $0 == "," || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                    }
            })
        else { throw .invalidProject(project) }
        return trimmed
    }

    /// The fast path of ``validProject(_:)`` (every store read checks every project): `project`
    /// itself when it is ASCII with nothing to trim and nothing to refuse, else `nil` (and the
    /// general check decides).
    private static func validASCIIProject(_ project: String) -> String? {
        var previous = UInt8(ascii: ".")  // a part may not be empty: no leading dot
        for byte in project.utf8 {
            // Controls, space, DEL, ',' and every byte of a non-ASCII character go the slow way.
            if byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: ",")
                || (byte == UInt8(ascii: ".") && previous == UInt8(ascii: "."))
            {
                return nil
            }
            previous = byte
        }
        return project.isEmpty || previous == UInt8(ascii: ".") ? nil : project
    }

    /// Trims an annotation's text and checks that something is left.
    ///
    /// - Throws: ``TodoError/blankAnnotation``.
    public static func validAnnotation(_ text: String) throws(TodoError) -> String {
        guard let text = normalizedNote(text) else { throw .blankAnnotation }
        return text.trimmingSpaces()
    }

    /// `nil` for a note that is empty once trimmed, else the note without trailing white space.
    public static func normalizedNote(_ note: String?) -> String? {
        guard let note, !note.trimmingSpaces().isEmpty else { return nil }
        var scalars = Substring(note).unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
