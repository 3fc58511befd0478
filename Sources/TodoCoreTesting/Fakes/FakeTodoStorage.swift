import ReactorKitTesting
import TodoCore

/// A store in memory whose failures and outside changes the test decides: an
/// `InMemoryTodoStorage` behind spies.
///
/// Unlike the other fakes, it works as a store out of the box: ``readSpy`` and ``writeSpy``
/// let every operation through and ``hasOutsideChangesSpy`` answers `false`, until the test
/// stubs them otherwise — to fail a write as a locked or full disk would, or to say that
/// another process changed the store.
///
/// ```swift
/// let storage = FakeTodoStorage(todos: [Todo.fixture(1, "Buy milk")])
/// storage.writeSpy.failsOnce(with: TodoError.storeLocked(file: "todos.json", seconds: 10))
/// let provider = TodoServiceProvider(storage: storage, clock: FakeClock().clock, uuids: .sequential())
/// … the next change fails with `storeLocked`, and nothing is written …
/// #expect(storage.writeSpy.callCount == 1)
/// ```
public final class FakeTodoStorage: TodoStorageType, @unchecked Sendable {
    // @unchecked Sendable: immutable; the store and the spies are thread-safe
    private let store: InMemoryTodoStorage

    /// Called before each ``read(_:)``: what it throws fails the read, before `body` runs.
    public let readSpy = Spy<Void, Void>("read")
    /// Called before each ``write(_:)``: what it throws fails the write, before `body` runs
    /// (nothing is written).
    public let writeSpy = Spy<Void, Void>("write")
    /// ``hasOutsideChanges()``'s spy.
    public let hasOutsideChangesSpy = Spy<Void, Bool>("hasOutsideChanges")

    /// Creates a store holding `todos` (ids unique) that lets every operation through.
    ///
    /// - Parameters:
    ///   - todos: What the store holds at first.
    ///   - location: Where it says it is, for messages.
    public init(todos: [Todo] = [], location: String = "memory") {
        store = InMemoryTodoStorage(todos: todos)
        self.location = location
        readSpy.returns(())
        writeSpy.returns(())
        hasOutsideChangesSpy.returns(false)
    }

    /// Where the store says it is, for messages.
    public let location: String

    /// Calls ``readSpy``, then reads the todos in memory.
    public func read<Result>(_ body: (any TodoStoreContents) throws -> Result) throws -> Result {
        try readSpy()
        return try store.read(body)
    }

    /// Calls ``writeSpy``, then writes in memory, all or nothing.
    public func write<Result>(
        _ body: (any TodoStoreContents) throws -> (change: TodoChange?, result: Result)
    ) throws -> Result {
        try writeSpy()
        return try store.write(body)
    }

    /// What ``hasOutsideChangesSpy`` answers (`false` unless stubbed).
    public func hasOutsideChanges() -> Bool {
        hasOutsideChangesSpy.call(placeholder: false)
    }
}
