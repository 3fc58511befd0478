/// Where todos are kept: the JSON-file store, or an in-memory one for tests and previews.
///
/// The todo service does its work inside ``read(_:)`` and ``write(_:)``, which run under the
/// store's lock (across threads and processes), so a read-modify-write never loses a
/// concurrent update:
///
/// ```swift
/// let done = try storage.write { contents in
///     guard var todo = try contents.todo(id: 3) else { throw TodoError.unknownTodos([3]) }
///     let before = todo
///     todo.isDone = true
///     return (TodoChange(kind: .markedDone, put: [todo], before: [before]), todo)
/// }
/// ```
public protocol TodoStorageType: AnyObject, Sendable {
    /// Where the todos live, for messages: a file's path, or `memory`.
    var location: String { get }

    /// Runs `body` with the stored todos, under the lock.
    ///
    /// - Throws: what `body` throws, or a ``TodoError`` when the store cannot be read
    ///   (`storeDamaged`, `storeTooNew`, `storeLocked`, `io`).
    func read<Result>(_ body: (any TodoStoreContents) throws -> Result) throws -> Result

    /// Runs `body` with the stored todos, under the lock, then writes the change it returns
    /// (if any) before releasing the lock: all of it or, on any error, nothing.
    ///
    /// - Throws: what `body` throws (nothing is written), or a ``TodoError`` when the store
    ///   cannot be read or written.
    func write<Result>(
        _ body: (any TodoStoreContents) throws -> (change: TodoChange?, result: Result)
    ) throws
        -> Result

    /// Like ``write(_:)``, then runs `committed` with the result once the change is written,
    /// still under the lock: for a file that must change with the store (a sync's state), which
    /// no other process sees half-way.
    ///
    /// - Throws: what `body` throws (nothing is written), a ``TodoError`` when the store cannot
    ///   be read or written, or what `committed` throws (the change stays written).
    func write<Result>(
        _ body: (any TodoStoreContents) throws -> (change: TodoChange?, result: Result),
        then committed: (Result) throws -> Void
    ) throws -> Result

    /// Whether someone else (another process) changed the store since this object last read
    /// or wrote it. Cheap: no parsing.
    func hasOutsideChanges() -> Bool
}

extension TodoStorageType {
    /// ``write(_:)``, then `committed` — after the lock is released, as a storage that has no
    /// lock of its own can do no better; the file and in-memory stores run it under the lock.
    public func write<Result>(
        _ body: (any TodoStoreContents) throws -> (change: TodoChange?, result: Result),
        then committed: (Result) throws -> Void
    ) throws -> Result {
        let result = try write(body)
        try committed(result)
        return result
    }
}

/// The stored todos as a storage shows them inside ``TodoStorageType/read(_:)`` and
/// ``TodoStorageType/write(_:)``.
///
/// A store may load lazily: asking for one todo by id can be much cheaper than ``allTodos()``.
public protocol TodoStoreContents {
    /// The todo with `id`, or `nil`.
    func todo(id: Int) throws -> Todo?

    /// Every todo, in the manual order (by ``Todo/position``, then id).
    func allTodos() throws -> [Todo]

    /// The id the next created todo receives (every id below it has been used).
    func nextID() throws -> Int

    /// The position that puts a todo after every other in the manual order.
    func nextPosition() throws -> Int

    /// The changes that can be undone, oldest first.
    func history() throws -> [TodoChange]
}
