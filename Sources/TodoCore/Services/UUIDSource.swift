import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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

    /// Random (version 4) UUIDs, from the system's random source read 4 KiB at a time (one
    /// read for 256 UUIDs, where `UUID()` makes a system call for each).
    public static let random: UUIDSource = {
        let pool = RandomPool()
        return UUIDSource { pool.uuid() }
    }()

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

/// Random bytes from `/dev/urandom`, read a block at a time, handed out as version 4 UUIDs.
private final class RandomPool: @unchecked Sendable {
    // @unchecked Sendable: `buffer` and `used` are guarded by mutex
    private let mutex = PosixMutex()
    private var buffer = [UInt8](repeating: 0, count: 4096)
    private var used = 4096

    func uuid() -> UUID {
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let filled = mutex.withLock { () -> Bool in
            if used + 16 > buffer.count {
                guard refill() else { return false }
            }
            withUnsafeMutableBytes(of: &bytes) { target in
                buffer.withUnsafeBytes { source in
                    target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[used..<used + 16]))
                }
            }
            used += 16
            return true
        }
        guard filled else { return UUID() }
        bytes.6 = (bytes.6 & 0x0F) | 0x40  // version 4
        bytes.8 = (bytes.8 & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(uuid: bytes)
    }

    /// Reads a new block; `false` when the random source cannot be read.
    private func refill() -> Bool {
        let descriptor = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var total = 0
        let count = buffer.count
        let complete = buffer.withUnsafeMutableBytes { target -> Bool in
            while total < count {
                let got = read(descriptor, target.baseAddress! + total, count - total)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { return false }
                total += got
            }
            return true
        }
        if complete { used = 0 }
        return complete
    }
}

private final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    func increment() -> Int {
        value.add(1, ordering: .relaxed).newValue
    }
}
