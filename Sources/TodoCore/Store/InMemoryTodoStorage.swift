/// A store that keeps its todos in memory: for tests, previews and front ends that persist
/// elsewhere. Thread-safe; changes apply all or nothing, like the file store's.
///
/// ```swift
/// let provider = TodoServiceProvider(storage: InMemoryTodoStorage())
/// ```
public final class InMemoryTodoStorage: TodoStorageType, @unchecked Sendable {
    // @unchecked Sendable: `state` is guarded by mutex
    private let mutex = PosixMutex()
    private var state: StoreState

    /// Creates a store holding `todos` (ids unique).
    public init(todos: [Todo] = []) {
        let sorted = todos.sorted { $0.id < $1.id }
        state = StoreState(todos: sorted, nextID: 1, nextPosition: StoreState.positionGap, history: [])
    }

    /// `memory`.
    public var location: String { "memory" }

    /// Runs `body` with the stored todos, under the lock; see ``TodoStorageType/read(_:)``.
    public func read<Result>(_ body: (any TodoStoreContents) throws -> Result) throws -> Result {
        let snapshot = mutex.withLock { state }
        return try body(StateContents(state: snapshot))
    }

    /// Runs `body` under the lock and writes the change it returns; see ``TodoStorageType/write(_:)``.
    public func write<Result>(
        _ body: (any TodoStoreContents) throws -> (change: TodoChange?, result: Result)
    ) throws -> Result {
        try mutex.withLock {
            let (change, result) = try body(StateContents(state: state))
            if let change {
                try change.checkLimits()
                state.apply(change)
            }
            return result
        }
    }

    /// Runs `body` under the lock, writes its change, then runs `committed` under the lock; see
    /// ``TodoStorageType/write(_:then:)``.
    public func write<Result>(
        _ body: (any TodoStoreContents) throws -> (change: TodoChange?, result: Result),
        then committed: (Result) throws -> Void
    ) throws -> Result {
        try mutex.withLock {
            let (change, result) = try body(StateContents(state: state))
            if let change {
                try change.checkLimits()
                state.apply(change)
            }
            try committed(result)
            return result
        }
    }

    /// Always `false`: only this object changes the todos it holds.
    public func hasOutsideChanges() -> Bool { false }
}

/// The contents of a store fully in memory.
struct StateContents: TodoStoreContents {
    let state: StoreState

    func todo(id: Int) -> Todo? { state.todo(id: id) }
    func allTodos() -> [Todo] { state.ordered() }
    func nextID() -> Int { state.nextID }
    func nextPosition() -> Int { state.nextPosition }
    func history() -> [TodoChange] { state.history }
}
