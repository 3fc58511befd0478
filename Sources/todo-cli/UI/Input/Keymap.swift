/// Keys bound to actions, with the words help shows for each binding.
///
/// ```swift
/// let keymap = Keymap(title: "List", [KeyBinding([.down, .character("j")], .down, "move down")])
/// keymap.action(for: .down)   // .down
/// keymap.entries              // [KeymapEntry(keys: ["↓", "j"], description: "move down")]
/// ```
struct Keymap<Action: Hashable & Sendable>: Sendable {
    /// The heading of the keymap's section in help.
    let title: String
    /// The bindings, in the order help lists them.
    let bindings: [KeyBinding<Action>]
    private let actions: [Key: Action]

    /// Creates a keymap; a key may be bound once only.
    init(title: String, _ bindings: [KeyBinding<Action>]) {
        self.title = title
        self.bindings = bindings
        var actions: [Key: Action] = [:]
        for binding in bindings {
            for key in binding.keys {
                precondition(actions[key] == nil, "\(key) is bound twice in the \(title) keymap")
                actions[key] = binding.action
            }
        }
        self.actions = actions
    }

    /// The action of `key`, if it has one here.
    func action(for key: Key) -> Action? {
        actions[key]
    }

    /// The rows help shows: keys and what they do.
    var entries: [KeymapEntry] {
        bindings.map { KeymapEntry(keys: $0.keys.map(\.label), description: $0.description) }
    }

    /// The section help shows.
    var section: KeymapSection {
        KeymapSection(title: title, entries: entries)
    }
}

/// Keys that do one action, and what help says it does.
struct KeyBinding<Action: Hashable & Sendable>: Sendable {
    /// The keys, the first one the main one.
    let keys: [Key]
    /// What they do.
    let action: Action
    /// What help says they do.
    let description: String

    /// Binds `keys` to `action`.
    init(_ keys: [Key], _ action: Action, _ description: String) {
        self.keys = keys
        self.action = action
        self.description = description
    }
}

/// One row of help: `↓ j` and `move down`.
struct KeymapEntry: Hashable, Sendable {
    /// The keys, as written in help (`↓`, `j`).
    var keys: [String]
    /// What they do.
    var description: String
}

/// The rows of one keymap in help, under its title.
struct KeymapSection: Hashable, Sendable {
    /// The heading.
    var title: String
    /// The rows.
    var entries: [KeymapEntry]
}
