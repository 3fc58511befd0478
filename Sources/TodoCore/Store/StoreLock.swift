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
    /// A shared lock never creates the lock file: when there is none (a store no `todo` wrote
    /// yet, or no folder), or it cannot be opened, the result is `nil` and reading goes on
    /// without a lock. A writer creates the file first, and a reader running meanwhile still
    /// sees whole changes: the store file is replaced at once, and the journal's last line is
    /// read only once complete.
    ///
    /// - Throws: ``TodoError/storeLocked(file:seconds:)`` after the wait,
    ///   ``TodoError/io(file:operation:reason:)`` when an exclusive lock's file cannot be opened.
    static func acquire(
        _ path: String, exclusive: Bool, timeout: Double, store: String
    ) throws(TodoError) -> StoreLock? {
        let descriptor =
            exclusive ? open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644) : open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if exclusive { throw FileSystem.ioError(path, "lock") }
            return nil
        }
        let deadline = StoreLock.now() + max(timeout, 0)
        // Poll: a blocking lock cannot time out. Short pauses (0.1 to 2 ms, jittered) keep the
        // hand-over quick when many writers queue, at a negligible cost while waiting.
        // Both kinds of advisory lock are taken, `flock` then a POSIX record lock, so that
        // other tools see the store locked whichever kind they use (`flock(1)`, `lockf`).
        var pause = 0.0001
        while true {
            let result = tryLock(descriptor, exclusive: exclusive)
            switch result {
            case .locked:
                return StoreLock(descriptor: descriptor)
            case .failed(let code):
                close(descriptor)
                errno = code
                throw FileSystem.ioError(path, "lock")
            case .busy:
                let remaining = deadline - StoreLock.now()
                guard remaining > 0 else {
                    close(descriptor)
                    throw .storeLocked(file: store, seconds: timeout)
                }
                StoreLock.sleep(min(pause * Double.random(in: 0.5...1.5), remaining))
                pause = min(pause * 2, 0.002)
            }
        }
    }

    private enum Attempt {
        case locked, busy
        case failed(Int32)
    }

    /// One attempt at both locks, without waiting; on `busy` neither is held.
    private static func tryLock(_ descriptor: Int32, exclusive: Bool) -> Attempt {
        while flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            return code == EWOULDBLOCK || code == EAGAIN ? .busy : .failed(code)
        }
        var record = flock()
        record.l_type = Int16(exclusive ? F_WRLCK : F_RDLCK)
        record.l_whence = Int16(SEEK_SET)
        record.l_start = 0
        record.l_len = 0  // the whole file
        while fcntl(descriptor, F_SETLK, &record) != 0 {
            let code = errno
            if code == EINTR { continue }
            _ = flock(descriptor, LOCK_UN)
            // A read-only file cannot carry a write record lock, and some file systems have
            // none: the flock alone then decides.
            if code == EBADF || code == ENOLCK || code == EINVAL || code == EOPNOTSUPP {
                return flock(descriptor, (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) == 0 ? .locked : .busy
            }
            return code == EAGAIN || code == EACCES ? .busy : .failed(code)
        }
        return .locked
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
