import Synchronization

/// Records elements delivered from several threads and counts deliveries that overlapped.
final class SerialDeliveryProbe: Sendable {
    private let inside = Atomic<Int>(0)
    private let overlapCount = Atomic<Int>(0)
    private let completionCount = Atomic<Int>(0)
    private let received = Mutex<[Int]>([])

    var overlaps: Int { overlapCount.load(ordering: .acquiring) }
    var completions: Int { completionCount.load(ordering: .acquiring) }
    var values: [Int] { received.withLock { $0 } }

    func receive(_ value: Int) {
        if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 {
            overlapCount.add(1, ordering: .relaxed)
        }
        received.withLock { $0.append(value) }
        // Widen the window in which a concurrent delivery would be caught.
        for _ in 0..<50 { _ = inside.load(ordering: .relaxed) }
        inside.subtract(1, ordering: .acquiringAndReleasing)
    }

    func complete() {
        completionCount.add(1, ordering: .relaxed)
    }
}
