/// What a todo is beside its own fields, derived from them, the other todos and the clock:
/// what the `--json` form and the export add to each todo, and what `next` sorts by.
public struct TodoFacts: Sendable, Hashable {
    /// Done, waiting or pending.
    public var status: TodoStatus
    /// Whether it waits for a todo that is not done.
    public var isBlocked: Bool
    /// Whether a todo that is not done waits for it.
    public var isBlocking: Bool
    /// How urgent it is: Taskwarrior's urgency (see `Docs/Urgency.md`).
    public var urgency: Double

    /// Creates facts.
    public init(status: TodoStatus, isBlocked: Bool, isBlocking: Bool, urgency: Double) {
        self.status = status
        self.isBlocked = isBlocked
        self.isBlocking = isBlocking
        self.urgency = urgency
    }
}
