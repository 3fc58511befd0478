import Foundation
import Synchronization
import TestSupport

/// Detects overlapping deliveries to an observer.
///
/// Either call ``enter()`` first and ``leave()`` last in the observer and expect ``maximum``
/// to be 1, or let ``receive(_:)`` record each element and expect ``overlaps`` to be 0.
final class SerialDeliveryProbe: Sendable {
    private let inside = Atomic<Int>(0)
    private let peak = Atomic<Int>(0)
    private let overlapCount = Atomic<Int>(0)
    private let completionCount = Atomic<Int>(0)
    private let received = Locked<[Int]>([])

    /// The largest number of threads seen inside at once.
    var maximum: Int { peak.load(ordering: .acquiring) }
    /// How many deliveries started while another was in progress.
    var overlaps: Int { overlapCount.load(ordering: .acquiring) }
    /// How many completions were recorded.
    var completions: Int { completionCount.load(ordering: .acquiring) }
    /// The elements recorded by ``receive(_:)``, in arrival order.
    var values: [Int] { received.withLock { $0 } }

    /// Marks the start of a delivery; lingers briefly so that an overlapping one would be seen.
    func enter() {
        let now = inside.add(1, ordering: .acquiringAndReleasing).newValue
        peak.max(now, ordering: .acquiringAndReleasing)
        if now != 1 {
            overlapCount.add(1, ordering: .relaxed)
        }
        for _ in 0..<50 where inside.load(ordering: .relaxed) == now {}
    }

    /// Marks the end of a delivery.
    func leave() {
        inside.subtract(1, ordering: .acquiringAndReleasing)
    }

    /// Records one delivered element inside an enter/leave pair.
    func receive(_ value: Int) {
        enter()
        received.withLock { $0.append(value) }
        leave()
    }

    /// Records a completion.
    func complete() {
        completionCount.add(1, ordering: .relaxed)
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
