/// A change as hooks see it: the todos it adds, modifies and deletes, in order, and the
/// messages the hooks printed.
public struct HookChange: Sendable, Hashable {
    /// One todo of the change.
    public enum Item: Sendable, Hashable {
        /// A new todo (`on-add`).
        case added(Todo)
        /// A todo as it was and as it will be (`on-modify`).
        case modified(before: Todo, after: Todo)
        /// A todo deleted (`on-modify`, the new object with `"status":"deleted"`).
        case deleted(Todo)

        /// The todo as the change leaves it (as it was, for a deleted one).
        public var todo: Todo {
            switch self {
            case .added(let todo), .modified(_, let todo), .deleted(let todo): return todo
            }
        }
    }

    /// The todos, in the order the change names them.
    public var items: [Item]
    /// What the hooks printed that is not a todo, in the order printed.
    public var messages: [HookMessage]

    /// A change of `items`.
    public init(items: [Item], messages: [HookMessage] = []) {
        self.items = items
        self.messages = messages
    }
}
