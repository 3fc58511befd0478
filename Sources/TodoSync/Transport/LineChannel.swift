#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Lines over two file descriptors: what the sync helper and `todo` exchange.
final class LineChannel: @unchecked Sendable {
    // @unchecked Sendable: used by one thread at a time (a transport's calls are sequential)
    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    /// A channel reading `input` and writing `output` (blocking descriptors).
    init(input: Int32, output: Int32) {
        self.input = input
        self.output = output
    }

    /// The next line, without its line feed; `nil` at the end of the input (or on an error).
    func readLine() -> [UInt8]? {
        while true {
            if let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[start..<end])
                start = end + 1
                if start > 65_536 {
                    buffer.removeFirst(start)
                    start = 0
                }
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
        }
    }

    /// Writes `line` and a line feed; `false` when the other end is gone (the helper ended or
    /// was stopped: `EPIPE`, never a `SIGPIPE` that would end a process that does not ignore it).
    @discardableResult
    func writeLine(_ line: [UInt8]) -> Bool {
        let bytes = line + [UInt8(ascii: "\n")]
        return Self.withoutBrokenPipeSignal {
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { write(output, $0.baseAddress! + written, $0.count - written) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                written += count
            }
            return true
        }
    }

    /// Runs `body` with `SIGPIPE` blocked on this thread, so that writing to a helper that has
    /// ended fails with `EPIPE`; a `SIGPIPE` raised meanwhile is taken off before unblocking (as
    /// TodoCore's hooks do).
    private static func withoutBrokenPipeSignal<Value>(_ body: () -> Value) -> Value {
        var brokenPipe = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        var pending = sigset_t()
        sigpending(&pending)
        let wasPending = sigismember(&pending, SIGPIPE) == 1
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
        let value = body()
        if !wasPending {
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 {
                #if canImport(Darwin)
                    var caught: Int32 = 0
                    _ = sigwait(&brokenPipe, &caught)
                #else
                    var noWait = timespec(tv_sec: 0, tv_nsec: 0)
                    _ = sigtimedwait(&brokenPipe, nil, &noWait)
                #endif
            }
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return value
    }
}
