import TodoCore

/// The edit form as typed: the text of each field and which field has the keys. The values
/// the todo gets — parsed, validated — are the edit reactor's state; this holds the text only.
struct FormState: Hashable, Sendable {
    /// A field of the form, in the order shown.
    enum Field: Int, Hashable, Sendable, CaseIterable {
        case title, note, priority, due, tags, recurrence

        /// The label shown before the field.
        var label: String {
            switch self {
            case .title: return "Title"
            case .note: return "Note"
            case .priority: return "Priority"
            case .due: return "Due"
            case .tags: return "Tags"
            case .recurrence: return "Repeat"
            }
        }

        /// The edit reactor's field whose validation error shows under this one.
        var validated: TodoEditReactor.Field? {
            switch self {
            case .title: return .title
            case .due: return .due
            case .tags: return .tags
            case .recurrence: return .recurrence
            case .note, .priority: return nil
            }
        }
    }

    /// The field with the keys.
    var focus: Field = .title
    /// The text of each field but the priority (chosen, not typed).
    private var texts: [Field: TextField]

    /// The form filled with `fields`.
    init(_ fields: TodoEditFields) {
        texts = [
            .title: TextField(fields.title),
            .note: TextField(fields.note ?? ""),
            .due: TextField(fields.due?.description ?? ""),
            .tags: TextField(fields.tags.sorted().joined(separator: " ")),
            .recurrence: TextField(fields.recurrence?.description ?? ""),
        ]
    }

    /// The text of `field` (`nil` for the priority).
    subscript(field: Field) -> TextField? {
        get { texts[field] }
        set { texts[field] = newValue }
    }

    /// The edit reactor's action that sets `field` to its text.
    func action(for field: Field) -> TodoEditReactor.Action? {
        guard let text = texts[field]?.text else { return nil }
        switch field {
        case .title: return .setTitle(text)
        case .note: return .setNote(text.isEmpty ? nil : text)
        case .due: return .setDueText(text)
        case .tags:
            let words = text.split { $0 == " " || $0 == "," }.map(String.init)
            return .setTags(Set(words))
        case .recurrence: return .setRecurrenceText(text)
        case .priority: return nil
        }
    }
}
