/// The value an argument or option takes: its name in help (`<priority>`) and its kind, which
/// decides how it is checked, described and completed.
struct ValueSpec: Sendable, Equatable {
    /// What the value is, as far as checking, help and completion are concerned.
    enum Kind: Sendable, Equatable {
        /// Any text.
        case text
        /// A todo title: not blank (`Todo.validTitle`).
        case title
        /// One tag (`Todo.validTag`).
        case tag
        /// The id of a todo: a positive integer.
        case id
        /// A place in the list: a positive integer.
        case position
        /// A number of todos: an integer, 0 or more.
        case count
        /// `high`, `medium`, `low` (or `none`).
        case priority
        /// A date as `DateInput` reads it.
        case date
        /// A recurrence as `Recurrence` reads it.
        case recurrence
        /// One of a fixed list of words.
        case choice([String])
        /// A file path.
        case path
        /// The name of a `todo` command (or one of its aliases).
        case commandName
    }

    /// The name shown between angle brackets: `<priority>`.
    var name: String
    /// How the value is checked, described and completed.
    var kind: Kind
    /// Whether the word `none` (any case) is accepted, to remove a field's value.
    var acceptsNone = false

    /// `<name>`, as help and usage show it.
    var label: String { "<\(name)>" }

    /// The words a user may type, when they form a short closed list (`high`, `medium`, `low`).
    var allowedValues: [String]? {
        switch kind {
        case .priority: return ["high", "medium", "low"] + (acceptsNone ? ["none"] : [])
        case .choice(let words): return words + (acceptsNone ? ["none"] : [])
        default: return nil
        }
    }

    /// The words worth offering in shell completions (an open list may offer a few examples).
    var completionWords: [String] {
        let none = acceptsNone ? ["none"] : []
        switch kind {
        case .priority, .choice: return allowedValues ?? []
        case .date: return ["today", "tomorrow"] + ValueSpec.weekdays + none
        case .recurrence: return ["daily", "weekly", "monthly", "yearly"] + none
        case .commandName: return CommandCatalog.visibleNames
        default: return none
        }
    }

    /// The weekday names `DateInput` accepts, in order.
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
}
