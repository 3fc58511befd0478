import TestSupport
import TodoSync

/// Runs `body`, which blocks (HTTP requests, servers starting), on a thread of its own instead
/// of Swift concurrency's pool (see ``onOwnThread(_:)``), and returns its result or rethrows.
func blocking<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await onOwnThread { Result { try body() } }.get()
}

/// The ``SyncError`` `body` throws (on a thread of its own), or `nil` when it throws none (any
/// other error comes back as an `io` error saying so, which no test expects).
func syncError(_ body: @escaping @Sendable () throws -> Void) async -> SyncError? {
    await onOwnThread {
        do {
            try body()
            return nil
        } catch let error as SyncError {
            return error
        } catch {
            return .io("not a SyncError: \(error)")
        }
    }
}
