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

    /// Creates a draft.
    public init(
        title: String, note: String? = nil, priority: Priority = .none, due: DateInput? = nil, tags: Set<String> = [],
        recurrence: Recurrence? = nil
    ) {
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

    /// Creates a patch; with no arguments, it changes nothing.
    public init(
        title: String? = nil, note: FieldChange<String>? = nil, priority: Priority? = nil,
        due: FieldChange<DateInput>? = nil, addTags: Set<String> = [], removeTags: Set<String> = [],
        recurrence: FieldChange<Recurrence>? = nil
    ) {
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
            && recurrence == nil
    }
}

/// Sets or clears an optional field in a ``TodoPatch``.
public enum FieldChange<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Set the field to this value.
    case set(Value)
    /// Remove the field's value.
    case clear
}
