import TodoCore

/// A value read from the command line, already checked against its ``ValueSpec``.
enum ArgumentValue: Sendable, Equatable {
    /// Text: free text, a title, a tag, a path, a choice or a command name.
    case text(String)
    /// An id, a position or a count.
    case integer(Int)
    /// A priority (`none` included).
    case priority(Priority)
    /// A date.
    case date(DateInput)
    /// A recurrence.
    case recurrence(Recurrence)
    /// Dependencies to add and to remove (`--depends 4,-7`).
    case dependencies(add: [Int], remove: [Int])
    /// The word `none`, given to remove a field's value.
    case cleared

    /// The text, for text values.
    var text: String? {
        if case .text(let text) = self { return text }
        return nil
    }

    /// The number, for integer values.
    var integer: Int? {
        if case .integer(let integer) = self { return integer }
        return nil
    }

    /// The priority, for priority values.
    var priority: Priority? {
        if case .priority(let priority) = self { return priority }
        return nil
    }

    /// The date, for date values.
    var date: DateInput? {
        if case .date(let date) = self { return date }
        return nil
    }

    /// The recurrence, for recurrence values.
    var recurrence: Recurrence? {
        if case .recurrence(let recurrence) = self { return recurrence }
        return nil
    }
}
