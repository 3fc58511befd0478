import Foundation

/// Records values appended from several threads, for real-scheduler tests.
final class ConcurrentRecorder<Element>: @unchecked Sendable {
    // @unchecked Sendable: guarded by lock
    private let lock = NSLock()
    private var storage: [Element] = []

    /// Appends `element`; returns the new count.
    @discardableResult
    func append(_ element: Element) -> Int {
        lock.lock()
        defer { lock.unlock() }
        storage.append(element)
        return storage.count
    }

    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
