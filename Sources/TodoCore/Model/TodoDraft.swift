/// What a user gives to create a todo: the service validates it and adds the rest (id, uuid,
/// dates, position).
///
/// ```swift
/// var draft = TodoDraft(title: "Buy milk")
/// draft.due = .tomorrow
/// draft.tags = ["shop"]
/// todoService.create(draft)
/// ```
public struct TodoDraft: Sendable, Hashable {
    /// The title; trimmed, must not be blank.
    public var title: String
    /// Details, possibly several lines.
    public var note: String?
    /// How important it is.
    public var priority: Priority
    /// When it is due, as typed; resolved against the service clock's today.
    public var due: DateInput?
    /// Tags; each trimmed (a leading `+` or `#` dropped), one word each.
    public var tags: Set<String>
    /// How it repeats.
    public var recurrence: Recurrence?
    /// The project (a dotted hierarchy, `Home.Garden`).
    public var project: String?
    /// The day it stops waiting, as typed.
    public var wait: DateInput?
    /// The earliest day to start it, as typed.
    public var scheduled: DateInput?
    /// The ids of the todos it waits for; each must exist.
    public var depends: Set<Int>
    /// Whether it is created done (`todo log`: something already done, recorded); such a todo
    /// cannot repeat.
    public var isDone: Bool

    /// Creates a draft.
    public init(
        title: String, note: String? = nil, priority: Priority = .none, due: DateInput? = nil, tags: Set<String> = [],
        recurrence: Recurrence? = nil, project: String? = nil, wait: DateInput? = nil, scheduled: DateInput? = nil,
        depends: Set<Int> = [], isDone: Bool = false
    ) {
        self.project = project
        self.wait = wait
        self.scheduled = scheduled
        self.depends = depends
        self.isDone = isDone
        self.title = title
        self.note = note
        self.priority = priority
        self.due = due
        self.tags = tags
        self.recurrence = recurrence
    }
}

/// A change to some fields of a todo; `nil` fields stay as they are.
///
/// ```swift
/// var patch = TodoPatch()
/// patch.title = "Buy oat milk"
/// patch.due = .clear
/// patch.addTags = ["shop"]
/// todoService.update(id: 3, patch)
/// ```
public struct TodoPatch: Sendable, Hashable {
    /// A new title (trimmed, not blank).
    public var title: String?
    /// A new note, or `.clear` to remove it.
    public var note: FieldChange<String>?
    /// A new priority (`.none` removes it).
    public var priority: Priority?
    /// A new due date, or `.clear`.
    public var due: FieldChange<DateInput>?
    /// Tags to add.
    public var addTags: Set<String>
    /// Tags to remove (applied before `addTags`).
    public var removeTags: Set<String>
    /// A new recurrence, or `.clear`.
    public var recurrence: FieldChange<Recurrence>?
    /// A new project, or `.clear`.
    public var project: FieldChange<String>?
    /// A new wait day, or `.clear`.
    public var wait: FieldChange<DateInput>?
    /// A new scheduled day, or `.clear`.
    public var scheduled: FieldChange<DateInput>?
    /// Ids of todos to wait for (each must exist; no todo may end up waiting for itself).
    public var addDepends: Set<Int>
    /// Ids to wait for no more (applied before `addDepends`); `clearDepends` removes them all.
    public var removeDepends: Set<Int>
    /// Whether to remove every dependency first.
    public var clearDepends: Bool

    /// Creates a patch; with no arguments, it changes nothing.
    public init(
        title: String? = nil, note: FieldChange<String>? = nil, priority: Priority? = nil,
        due: FieldChange<DateInput>? = nil, addTags: Set<String> = [], removeTags: Set<String> = [],
        recurrence: FieldChange<Recurrence>? = nil, project: FieldChange<String>? = nil,
        wait: FieldChange<DateInput>? = nil, scheduled: FieldChange<DateInput>? = nil, addDepends: Set<Int> = [],
        removeDepends: Set<Int> = [], clearDepends: Bool = false
    ) {
        self.project = project
        self.wait = wait
        self.scheduled = scheduled
        self.addDepends = addDepends
        self.removeDepends = removeDepends
        self.clearDepends = clearDepends
        self.title = title
        self.note = note
        self.priority = priority
        self.due = due
        self.addTags = addTags
        self.removeTags = removeTags
        self.recurrence = recurrence
    }

    /// Whether the patch changes nothing.
    public var isEmpty: Bool {
        title == nil && note == nil && priority == nil && due == nil && addTags.isEmpty && removeTags.isEmpty
            && recurrence == nil && project == nil && wait == nil && scheduled == nil && addDepends.isEmpty
            && removeDepends.isEmpty && !clearDepends
    }
}

/// Sets or clears an optional field in a ``TodoPatch``.
public enum FieldChange<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Set the field to this value.
    case set(Value)
    /// Remove the field's value.
    case clear
}
