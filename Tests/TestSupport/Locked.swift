import Foundation

/// A value shared between threads, guarded by an `NSLock`.
///
/// Tests use it instead of `Synchronization.Mutex`: ThreadSanitizer sees `NSLock` (a pthread
/// mutex) but not `Mutex`'s uninstrumented lock, and would report races that are not there.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is guarded by `lock`
    private let lock = NSLock()
    private var value: Value

    /// A shared `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, under the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
