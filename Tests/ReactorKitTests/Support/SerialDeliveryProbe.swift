import Foundation
import Synchronization

/// Detects overlapping deliveries to an observer: call ``enter()`` first and ``leave()`` last
/// in the observer, then expect ``maximum`` to be 1.
final class SerialDeliveryProbe: Sendable {
    private let inside = Atomic<Int>(0)
    private let peak = Atomic<Int>(0)

    /// The largest number of threads seen inside at once.
    var maximum: Int { peak.load(ordering: .acquiring) }

    /// Marks the start of a delivery; lingers briefly so that an overlapping one would be seen.
    func enter() {
        let now = inside.add(1, ordering: .acquiringAndReleasing).newValue
        peak.max(now, ordering: .acquiringAndReleasing)
        for _ in 0..<50 where inside.load(ordering: .relaxed) == now {}
    }

    /// Marks the end of a delivery.
    func leave() {
        inside.subtract(1, ordering: .acquiringAndReleasing)
    }

    /// Runs `body(index)` for each index in `0..<count` on its own new thread, with all threads
    /// released together; returns when all have finished.
    static func runOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let arrived = Arrivals()
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread {
                arrived.count.add(1, ordering: .acquiringAndReleasing)
                while arrived.count.load(ordering: .acquiring) < count {
                    Thread.sleep(forTimeInterval: 0.0001)
                }
                body(index)
                group.leave()
            }.start()
        }
        group.wait()
    }

    private final class Arrivals: Sendable {
        let count = Atomic<Int>(0)
    }
}
