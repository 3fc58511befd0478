#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One run of a hook: started with `posix_spawn` in a process group of its own, its input
/// written and its output and errors read through pipes with `poll(2)`, stopped (the whole
/// group, `SIGKILL`) when it runs over its time.
///
/// Not Foundation's `Process`, which watches children and pipes with Dispatch sources (its event
/// loop crashes now and then under load on Linux). The hook gets standard input, output and error
/// and no other descriptor of this process (the store's lock among them).
struct HookProcess {
    /// How a run ended.
    enum Ending: Sendable, Equatable {
        /// The hook exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signaled(Int32)
        /// It ran over its time and was stopped.
        case timedOut
        /// It could not be started (the reason).
        case notStarted(String)
    }

    /// What a run gave.
    struct Result: Sendable {
        var ending: Ending
        /// Its standard output (at most ``outputLimit`` bytes).
        var output: [UInt8]
        /// Its standard error (at most ``outputLimit`` bytes).
        var errors: [UInt8]
        /// Whether it printed more than ``outputLimit`` bytes on one of them.
        var overflowed: Bool
    }

    /// The most bytes of output and of errors kept.
    static let outputLimit = 4 << 20

    /// Runs `path` with `arguments`, `input` on its standard input.
    ///
    /// - Parameters:
    ///   - environment: The hook's environment; this process's when `nil`.
    ///   - timeout: How long it may run.
    static func run(
        _ path: String, arguments: [String], input: [UInt8], environment: [String: String]?, timeout: Duration
    ) -> Result {
        let deadline = ContinuousClock.now + timeout
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        var opened: [Int32] = []
        defer { for descriptor in opened where descriptor >= 0 { close(descriptor) } }
        for index in 0..<3 {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else {
                return Result(ending: .notStarted(reason(errno)), output: [], errors: [], overflowed: false)
            }
            // Close-on-exec (pipe2 is not imported): no other child of this process inherits them.
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            opened += ends
            switch index {
            case 0: inputPipe = ends
            case 1: outputPipe = ends
            default: errorPipe = ends
            }
        }
        var pid = pid_t()
        var spawned = ProcessSpawn.spawn(
            path, arguments: arguments, environment: environment,
            descriptors: (inputPipe[0], outputPipe[1], errorPipe[1]), pid: &pid)
        // "Text file busy": the hook is open for writing somewhere, for a moment (being saved, or
        // a descriptor a process forked elsewhere holds until its exec). Try again while that
        // lasts, within the hook's time.
        var pause = 1
        while spawned == ETXTBSY && ContinuousClock.now + .milliseconds(pause) < deadline && pause <= 512 {
            var wait = timespec(tv_sec: 0, tv_nsec: pause * 1_000_000)
            nanosleep(&wait, nil)
            pause *= 2
            spawned = ProcessSpawn.spawn(
                path, arguments: arguments, environment: environment,
                descriptors: (inputPipe[0], outputPipe[1], errorPipe[1]), pid: &pid)
        }
        // The child has its ends now; this process keeps only its own.
        for descriptor in [inputPipe[0], outputPipe[1], errorPipe[1]] {
            close(descriptor)
            opened.removeAll { $0 == descriptor }
        }
        guard spawned == 0 else {
            return Result(ending: .notStarted(reason(spawned)), output: [], errors: [], overflowed: false)
        }
        for descriptor in [inputPipe[1], outputPipe[0], errorPipe[0]] {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        #if canImport(Darwin)
            _ = fcntl(inputPipe[1], F_SETNOSIGPIPE, 1)
        #endif
        var exchange = Exchange(input: input, inputEnd: inputPipe[1], outputEnd: outputPipe[0], errorEnd: errorPipe[0])
        let ending = withoutBrokenPipeSignal { exchange.run(pid: pid, until: deadline) }
        for descriptor in [inputPipe[1], outputPipe[0], errorPipe[0]] {
            opened.removeAll { $0 == descriptor }
        }
        exchange.closeAll()
        return Result(
            ending: ending, output: exchange.output, errors: exchange.errors, overflowed: exchange.overflowed)
    }

    /// Runs `body` with `SIGPIPE` blocked on this thread, so that writing to a hook that does not
    /// read its input fails with `EPIPE` instead of ending the process (when a library user has not
    /// ignored the signal); a `SIGPIPE` raised meanwhile is taken off before unblocking.
    private static func withoutBrokenPipeSignal<Value>(_ body: () -> Value) -> Value {
        #if canImport(Darwin)
            return body()  // the pipe is F_SETNOSIGPIPE
        #else
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
                    var noWait = timespec(tv_sec: 0, tv_nsec: 0)
                    _ = sigtimedwait(&brokenPipe, nil, &noWait)
                }
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            return value
        #endif
    }

    /// The text of an error number, lower case.
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOEXEC: return "it is not a program (a script must start with a #! line)"
        case EACCES: return "permission denied"
        case ENOENT: return "it no longer exists, or its #! line names a program that does not"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}

/// The input written to a hook and its output read, all at once, until it ends or its time is up.
private struct Exchange {
    var input: [UInt8]
    var written = 0
    var inputEnd: Int32
    var outputEnd: Int32
    var errorEnd: Int32
    var output: [UInt8] = []
    var errors: [UInt8] = []
    var overflowed = false
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    init(input: [UInt8], inputEnd: Int32, outputEnd: Int32, errorEnd: Int32) {
        self.input = input
        self.inputEnd = inputEnd
        self.outputEnd = outputEnd
        self.errorEnd = errorEnd
        if input.isEmpty { closeInput() }
    }

    /// Exchanges with the child `pid` until it has ended and its output is read, or `deadline`.
    mutating func run(pid: pid_t, until deadline: ContinuousClock.Instant) -> HookProcess.Ending {
        var status: Int32?
        while inputEnd >= 0 || outputEnd >= 0 || errorEnd >= 0 {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return stop(pid) }
            var descriptors: [pollfd] = []
            if inputEnd >= 0 { descriptors.append(pollfd(fd: inputEnd, events: Int16(POLLOUT), revents: 0)) }
            if outputEnd >= 0 { descriptors.append(pollfd(fd: outputEnd, events: Int16(POLLIN), revents: 0)) }
            if errorEnd >= 0 { descriptors.append(pollfd(fd: errorEnd, events: Int16(POLLIN), revents: 0)) }
            // Wake up now and then: a child that has ended may have left a process of its own
            // holding the pipes (a hook that starts something in the background).
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(milliseconds(left), 50)))
            if ready < 0 {
                guard errno == EINTR else { return stop(pid) }
                continue
            }
            for descriptor in descriptors where descriptor.revents != 0 {
                if descriptor.fd == inputEnd {
                    writeSome()
                } else {
                    read(from: descriptor.fd)
                }
            }
            if status == nil, let ended = HookProcessWait.poll(pid) {
                // What the child wrote is in the pipes already; what comes later is not its (a
                // process it left running in the background).
                status = ended
                readAvailable()
                closeAll()
            }
        }
        if let status { return HookProcessWait.ending(status) }
        // The pipes are closed: the child is ending, or closed them and runs on.
        while true {
            if let ended = HookProcessWait.poll(pid) { return HookProcessWait.ending(ended) }
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return stop(pid) }
            var pause = timespec(tv_sec: 0, tv_nsec: Int(min(milliseconds(left), 2)) * 1_000_000)
            nanosleep(&pause, nil)
        }
    }

    /// Stops the child's whole process group and reaps the child.
    private mutating func stop(_ pid: pid_t) -> HookProcess.Ending {
        kill(-pid, SIGKILL)
        kill(pid, SIGKILL)
        HookProcessWait.wait(pid)
        closeAll()
        return .timedOut
    }

    private mutating func writeSome() {
        while written < input.count {
            let count = input.withUnsafeBytes { bytes in
                write(inputEnd, bytes.baseAddress! + written, bytes.count - written)
            }
            if count > 0 {
                written += count
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            break  // EPIPE: the hook does not read its input, which it may
        }
        closeInput()
    }

    /// Reads what `descriptor` has; closes it at its end.
    private mutating func read(from descriptor: Int32) {
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in readBytes(descriptor, bytes.baseAddress!, bytes.count)
            }
            if count > 0 {
                keep(count, from: descriptor)
                continue
            }
            if count < 0 && errno == EINTR { continue }
            if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { return }
            // The end (or an error, which ends the reading too).
            if descriptor == outputEnd {
                close(outputEnd)
                outputEnd = -1
            } else {
                close(errorEnd)
                errorEnd = -1
            }
            return
        }
    }

    private mutating func readAvailable() {
        if outputEnd >= 0 { read(from: outputEnd) }
        if errorEnd >= 0 { read(from: errorEnd) }
    }

    private mutating func keep(_ count: Int, from descriptor: Int32) {
        let room = HookProcess.outputLimit - (descriptor == outputEnd ? output.count : errors.count)
        if count > room { overflowed = true }
        let kept = buffer[0..<max(0, min(count, room))]
        if descriptor == outputEnd { output += kept } else { errors += kept }
    }

    private mutating func closeInput() {
        if inputEnd >= 0 { close(inputEnd) }
        inputEnd = -1
    }

    mutating func closeAll() {
        closeInput()
        if outputEnd >= 0 { close(outputEnd) }
        if errorEnd >= 0 { close(errorEnd) }
        outputEnd = -1
        errorEnd = -1
    }

    private func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000 + Int(attoseconds / 1_000_000_000_000_000) + 1
    }
}

/// `read(2)` (a name the exchange's own `read(from:)` hides).
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// Waiting for a hook's process.
private enum HookProcessWait {
    /// The child's raw status if it has ended (it is then reaped), else `nil`.
    static func poll(_ pid: pid_t) -> Int32? {
        var raw: Int32 = 0
        while true {
            let result = waitpid(pid, &raw, WNOHANG)
            if result == pid { return raw }
            if result < 0 && errno == EINTR { continue }
            return result < 0 ? 0 : nil  // ECHILD: reaped by someone else; count it as ended
        }
    }

    /// Waits for the child to end.
    static func wait(_ pid: pid_t) {
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
    }

    /// How a raw status ended the child.
    static func ending(_ raw: Int32) -> HookProcess.Ending {
        raw & 0x7f == 0 ? .exited((raw >> 8) & 0xff) : .signaled(raw & 0x7f)
    }
}
