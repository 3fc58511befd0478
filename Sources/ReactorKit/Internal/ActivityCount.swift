import Synchronization

/// A count of things running now (inner subscriptions of an operator), readable from any
/// thread.
final class ActivityCount: Sendable {
    private let count = Atomic<Int>(0)

    init() {}

    /// The number running now.
    var value: Int {
        count.load(ordering: .acquiring)
    }

    /// One more is running.
    func increment() {
        count.add(1, ordering: .releasing)
    }

    /// One has ended.
    func decrement() {
        count.subtract(1, ordering: .releasing)
    }
}
