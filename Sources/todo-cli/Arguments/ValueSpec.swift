import TodoCore

/// The value an argument or option takes: its name in help (`<priority>`) and its kind, which
/// decides how it is checked, described and completed.
struct ValueSpec: Sendable, Equatable {
    /// What the value is, as far as checking, help and completion are concerned.
    enum Kind: Sendable, Equatable {
        /// Any text.
        case text
        /// A todo title: not blank (`Todo.validTitle`).
        case title
        /// One tag (`Todo.validTag`); completions offer the tags in use, or, `ofTheTodo`, the
        /// tags of the todo the command's id argument names (every tag when there is none yet).
        case tag(ofTheTodo: Bool)
        /// The id of a todo: a positive integer; completions offer the ids of the todos with
        /// this status (`done` offers the pending ones, `undone` the done ones).
        case id(TodoQuery.Status)
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
        /// A filter term (`3`, `+work`, `project:Home`, `milk`): any word, read with the others by
        /// `TodoFilter`; completions offer the ids of the todos with this status (nothing for
        /// `nil`: a filter that shows todos rather than changing them).
        case filter(TodoQuery.Status?)
        /// A project (`Home.Garden`), as `Todo.validProject` reads it.
        case project
        /// Todo ids separated by commas (`4,7`); with `removable`, an id after `-` is one to
        /// remove (`-4`).
        case dependencies(removable: Bool)
        /// A key of the config file (`week.start`, `alias.t`): any text; completions offer the
        /// keys TodoCore knows and the families a name completes (`alias.`).
        case configKey
        /// `key=value` (`--set`): any text; completions offer the keys followed by `=`.
        case setting
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
        case .recurrence: return ValueSpec.recurrenceWords + none
        case .commandName: return CommandCatalog.visibleNames
        default: return none
        }
    }

    /// Whether any text is a valid value (free text, a title, a tag, a path), so that a value
    /// starting with `-` cannot be told from a mistyped option.
    var isOpen: Bool {
        switch kind {
        case .text, .title, .tag, .path, .filter, .project, .configKey, .setting: return true
        case .id, .position, .count, .priority, .date, .recurrence, .choice, .commandName, .dependencies: return false
        }
    }

    /// The weekday names `DateInput` accepts, in order.
    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

    /// The recurrences `Recurrence` accepts by name (besides `Nd` and `Nw`).
    static let recurrenceWords = ["daily", "weekly", "monthly", "yearly"]
}
