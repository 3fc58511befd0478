#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The advisory lock on the file beside a store (`todos.json.lock`), held for a whole
/// read-modify-write; readers share it, a writer holds it alone.
///
/// `flock` locks belong to an open file, so two opens in one process exclude each other as
/// two processes do; the lock is released when the file is closed, also by a crash.
final class StoreLock {
    private var descriptor: Int32

    /// Takes the lock at `path`, waiting at most `timeout` seconds.
    ///
    /// For a shared lock, a lock file that cannot be created (a read-only folder) or a folder
    /// that does not exist gives `nil`: reading goes on without a lock, as nothing can write
    /// there either.
    ///
    /// - Throws: ``TodoError/storeLocked(file:seconds:)`` after the wait,
    ///   ``TodoError/io(file:operation:reason:)`` when an exclusive lock's file cannot be opened.
    static func acquire(
        _ path: String, exclusive: Bool, timeout: Double, store: String
    ) throws(TodoError) -> StoreLock? {
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0 {
            let openError = FileSystem.ioError(path, "lock")
            if exclusive { throw openError }
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 { return nil }
        }
        let operation = exclusive ? LOCK_EX : LOCK_SH
        let deadline = StoreLock.now() + max(timeout, 0)
        // Poll: a blocking flock cannot time out. Short pauses (0.1 to 2 ms, jittered) keep the
        // hand-over quick when many writers queue, at a negligible cost while waiting.
        var pause = 0.0001
        while flock(descriptor, operation | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK || code == EAGAIN else {
                close(descriptor)
                errno = code
                throw FileSystem.ioError(path, "lock")
            }
            let remaining = deadline - StoreLock.now()
            guard remaining > 0 else {
                close(descriptor)
                throw .storeLocked(file: store, seconds: timeout)
            }
            StoreLock.sleep(min(pause * Double.random(in: 0.5...1.5), remaining))
            pause = min(pause * 2, 0.002)
        }
        return StoreLock(descriptor: descriptor)
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Releases the lock (closing the file releases it).
    func release() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    deinit {
        release()
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func sleep(_ seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
