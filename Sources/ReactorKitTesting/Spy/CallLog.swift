import Foundation

/// One ordered record of the calls to several spies, to check the order in which a reactor
/// called its services.
///
/// ```swift
/// let log = CallLog()
/// let fetch = Spy<Int, [Todo]>("fetchTasks", log: log).returns([])
/// let save = Spy<Todo, Void>("save", log: log).returns(())
/// … exercise the reactor …
/// #expect(log.calls == ["fetchTasks(1)", #"save(Todo(id: 1, title: "milk"))"#])
/// ```
///
/// Each entry is written as the spy's failure messages write the call: the name, then the
/// arguments. Thread-safe.
public final class CallLog: @unchecked Sendable {
    // @unchecked Sendable: `entries` is guarded by `lock`
    private let lock = NSLock()
    private var entries: [String] = []

    /// Creates an empty log.
    public init() {}

    /// Every call recorded so far, oldest first, as `fetchTasks(1)`.
    public var calls: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    func append(_ call: String) {
        lock.lock()
        defer { lock.unlock() }
        entries.append(call)
    }
}
