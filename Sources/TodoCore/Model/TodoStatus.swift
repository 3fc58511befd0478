/// Where a todo stands: derived from `isDone` and `wait`, never stored.
public enum TodoStatus: String, Sendable, Hashable, CaseIterable {
    /// Not done, and not waiting.
    case pending
    /// Not done, with a `wait` day still to come: hidden from `list` and `next` until then.
    case waiting
    /// Done.
    case done
}
