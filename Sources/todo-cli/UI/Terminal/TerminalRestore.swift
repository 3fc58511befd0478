#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a signal handler needs to give the terminal back: the original settings and the
/// bytes that leave the alternate screen, kept in memory allocated once, beforehand, so that
/// ``restoreFromSignalHandler()`` only calls `write(2)` and `tcsetattr` (both
/// async-signal-safe) and allocates nothing.
enum TerminalRestore {
    /// The settings and bytes, at a fixed address.
    private struct Storage {
        var original = termios()
        var bytes: (UnsafeMutablePointer<UInt8>, Int)?
        var isActive: sig_atomic_t = 0
    }

    // Written on the UI's thread before the handlers are installed (and while they only read
    // it); read by the handlers. A pointer, so that reading needs no lazy initialisation.
    nonisolated(unsafe) private static var storage: UnsafeMutablePointer<Storage>?

    /// Keeps `original` and `bytes` for the handlers.
    static func prepare(original: termios, bytes: [UInt8]) {
        let storage: UnsafeMutablePointer<Storage>
        if let existing = self.storage {
            storage = existing
        } else {
            storage = UnsafeMutablePointer<Storage>.allocate(capacity: 1)
            storage.initialize(to: Storage())
        }
        storage.pointee.original = original
        if storage.pointee.bytes == nil {
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: bytes.count)
            copy.initialize(from: bytes, count: bytes.count)
            storage.pointee.bytes = (copy, bytes.count)
        }
        self.storage = storage
    }

    /// Says whether the terminal is in raw mode now (the handlers restore it only then).
    static func setActive(_ active: Bool) {
        storage?.pointee.isActive = active ? 1 : 0
    }

    /// Restores the terminal if it is in raw mode: async-signal-safe.
    static func restoreFromSignalHandler() {
        guard let storage, storage.pointee.isActive != 0 else { return }
        storage.pointee.isActive = 0
        if let (bytes, count) = storage.pointee.bytes {
            var written = 0
            while written < count {
                let result = write(1, bytes + written, count - written)
                if result <= 0 {
                    if result < 0, errno == EINTR { continue }
                    break
                }
                written += result
            }
        }
        _ = tcsetattr(0, TCSANOW, &storage.pointee.original)
    }
}
