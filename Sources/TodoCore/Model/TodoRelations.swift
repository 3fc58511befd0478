/// Which todos wait for others: worked out over every todo of a store, since a todo's
/// dependencies and dependents may be anywhere in it.
///
/// A todo is *blocked* while it is not done and one of the todos it depends on is not done
/// either (waiting counts as not done; an id that names no todo is ignored); that todo is then
/// *blocking*.
///
/// ```swift
/// let relations = TodoRelations(todos: allTodos)
/// relations.isBlocked(3)   // todo 3 waits for a todo that is not done
/// ```
public struct TodoRelations: Sendable, Hashable {
    /// The ids of the blocked todos.
    public private(set) var blocked: Set<Int> = []
    /// The ids of the blocking todos.
    public private(set) var blocking: Set<Int> = []

    /// No todo blocked, none blocking: the relations of todos without dependencies.
    public static let none = TodoRelations()

    private init() {}

    /// The relations among `todos` (every todo of a store).
    public init(todos: some Collection<Todo>) {
        // The ids some open todo depends on (few), then which of them are open themselves.
        var wanted = Set<Int>()
        for todo in todos where !todo.isDone && !todo.depends.isEmpty {
            wanted.formUnion(todo.depends)
        }
        guard !wanted.isEmpty else { return }
        var open = Set<Int>()
        for todo in todos where !todo.isDone && wanted.contains(todo.id) {
            open.insert(todo.id)
        }
        for todo in todos where !todo.isDone && !todo.depends.isEmpty {
            for id in todo.depends where open.contains(id) {
                blocked.insert(todo.id)
                blocking.insert(id)
            }
        }
    }

    /// Whether the todo `id` is blocked.
    public func isBlocked(_ id: Int) -> Bool { blocked.contains(id) }

    /// Whether the todo `id` is blocking another.
    public func isBlocking(_ id: Int) -> Bool { blocking.contains(id) }
}
