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

    /// The relations with these blocked and blocking todos (worked out elsewhere, as
    /// the overview reactor keeps them).
    init(blocked: Set<Int>, blocking: Set<Int>) {
        self.blocked = blocked
        self.blocking = blocking
    }

    /// The relations among `todos` (every todo of a store).
    public init(todos: some Collection<Todo>) {
        // The open todos that depend on others (few), and the ids they depend on; then which of
        // those are open themselves. Fields are read through the collection's subscript, so
        // that no todo is copied whole (a copy retains every field: a third of the time).
        var dependents: [(id: Int, depends: [Int])] = []
        var wanted = Set<Int>()
        for index in todos.indices where !todos[index].isDone {
            let depends = todos[index].depends
            guard !depends.isEmpty else { continue }
            dependents.append((todos[index].id, depends))
            wanted.formUnion(depends)
        }
        guard !wanted.isEmpty else { return }
        var open = Set<Int>()
        for index in todos.indices where !todos[index].isDone {
            let id = todos[index].id
            if wanted.contains(id) { open.insert(id) }
        }
        for (id, depends) in dependents {
            for dependency in depends where open.contains(dependency) {
                blocked.insert(id)
                blocking.insert(dependency)
            }
        }
    }

    /// Whether the todo `id` is blocked.
    public func isBlocked(_ id: Int) -> Bool { blocked.contains(id) }

    /// Whether the todo `id` is blocking another.
    public func isBlocking(_ id: Int) -> Bool { blocking.contains(id) }
}
