#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Synchronization

/// Where new todos get their UUIDs, injected so that tests are deterministic.
///
/// ```swift
/// let uuids = UUIDSource.sequential()   // 00000000-0000-0000-0000-000000000001, …02, …
/// uuids.next()
/// ```
public struct UUIDSource: Sendable {
    /// Returns a new UUID.
    public var next: @Sendable () -> UUID

    /// Creates a source from a function.
    public init(_ next: @escaping @Sendable () -> UUID) {
        self.next = next
    }

    /// Random (version 4) UUIDs.
    public static let random = UUIDSource { UUID() }

    /// `…0001`, `…0002`, … in order, thread-safe.
    public static func sequential() -> UUIDSource {
        let counter = Counter()
        return UUIDSource {
            let value = counter.increment()
            let hex = String(value, radix: 16)
            let digits = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
            return UUID(uuidString: "00000000-0000-0000-0000-" + digits)!
        }
    }
}

private final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    func increment() -> Int {
        value.add(1, ordering: .relaxed).newValue
    }
}
