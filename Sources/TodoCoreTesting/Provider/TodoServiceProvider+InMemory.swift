import TodoCore

extension TodoServiceProvider {
    /// A provider with TodoCore's real services over a store in memory, on a deterministic clock
    /// and sequential UUIDs: for tests that check what the services and reactors do together.
    ///
    /// ```swift
    /// let provider = TodoServiceProvider.inMemory([Todo.fixture(1, "Buy milk")])
    /// let list = TodoListReactor(provider: provider)
    /// list.action.onNext(.setDone(ids: [1], true))
    /// ```
    ///
    /// - Parameters:
    ///   - todos: What the store holds at first (ids unique).
    ///   - clock: The time; ``TodoFixtures/now`` in UTC by default (give a ``FakeClock``'s
    ///     `clock` to move it).
    ///   - alertService: Asks the user to confirm; by default nobody can be asked.
    ///   - uuids: New todos' UUIDs: `…0001`, `…0002`, … by default.
    /// - Returns: A new provider over its own store.
    public static func inMemory(
        _ todos: [Todo] = [], clock: TodoClock = .fixed(at: TodoFixtures.now),
        alertService: AlertServiceType = UnavailableAlertService(), uuids: UUIDSource = .sequential()
    ) -> TodoServiceProvider {
        TodoServiceProvider(
            storage: InMemoryTodoStorage(todos: todos), alertService: alertService, clock: clock, uuids: uuids)
    }
}
