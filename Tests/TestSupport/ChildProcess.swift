import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process for the tests, with the members of Foundation's `Process` that they use,
/// started with `posix_spawn` and waited for with `waitpid`, its pipes read with `poll(2)`.
///
/// Not Foundation's `Process`: on Linux it watches children and pipes with Dispatch sources,
/// and libdispatch's event loop crashes now and then (`_dispatch_event_loop_drain`) when the
/// tests start and tear down hundreds of them at once; and a child that leaves a daemon
/// behind (tmux's server) keeps its end of the socket `Process` waits on. Here the child gets
/// standard input, output and error and nothing else, and nothing waits through Dispatch.
///
/// ```swift
/// let child = ChildProcess()
/// child.executableURL = URL(fileURLWithPath: "/bin/echo")
/// child.arguments = ["hello"]
/// let output = ChildPipe()
/// child.standardOutput = .pipe(output)
/// try child.run()
/// let text = output.readToEnd()   // "hello\n"
/// child.waitUntilExit()
/// ```
public final class ChildProcess: @unchecked Sendable {
    // @unchecked Sendable: configured, then run on one thread; `status` is guarded by `lock`.

    /// What a standard stream of the child is connected to.
    public enum Stream {
        /// `/dev/null`.
        case null
        /// One end of a pipe: the read end for standard input, the write end for output.
        case pipe(ChildPipe)
        /// A descriptor of this process (a terminal, a file), duplicated for the child.
        case descriptor(Int32)
        /// Closed: the child starts without it (`>&-` in a shell).
        case closed
    }

    /// Why the child ended.
    public enum TerminationReason: Equatable, Sendable {
        case exit
        case uncaughtSignal
    }

    /// The program to run.
    public var executableURL: URL?
    /// Its arguments (without the program).
    public var arguments: [String] = []
    /// The child's whole environment; this process's when `nil`.
    public var environment: [String: String]?
    /// The folder it starts in; this process's when `nil`.
    public var currentDirectoryURL: URL?
    /// Its standard input.
    public var standardInput: Stream = .null
    /// Its standard output.
    public var standardOutput: Stream = .null
    /// Its standard error.
    public var standardError: Stream = .null
    /// Whether it starts a process group of its own (its pid is the group's id), so that it and
    /// whatever it starts can be ended together with `kill(-pid, …)`.
    public var startsProcessGroup = false

    /// Its pid, once started.
    public private(set) var processIdentifier: pid_t = 0
    private let lock = NSLock()
    private var status: Int32?

    /// A child to configure, then ``run()``.
    public init() {}

    /// Starts the child.
    public func run() throws {
        guard let executable = executableURL?.path else { throw ChildProcessError(message: "no executable") }
        var actions = SpawnActions.make()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, stream) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(
                    &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
            case .pipe(let pipe):
                posix_spawn_file_actions_adddup2(&actions, descriptor == 0 ? pipe.readEnd : pipe.writeEnd, descriptor)
            case .descriptor(let given):
                posix_spawn_file_actions_adddup2(&actions, given, descriptor)
            case .closed:
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
        ChildProcess.closeDescriptorsFrom3(&actions)
        if let folder = currentDirectoryURL?.path {
            // posix_spawn_file_actions_addchdir_np, looked up (Swift does not import it).
            typealias AddChdir = @convention(c) (UnsafeMutablePointer<SpawnActions>, UnsafePointer<CChar>) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np")
            else { throw ChildProcessError(message: "cannot change the child's folder here") }
            _ = folder.withCString { unsafeBitCast(symbol, to: AddChdir.self)(&actions, $0) }
        }
        var attributes = SpawnAttributes.make()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if startsProcessGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var variables = environment ?? ProcessInfo.processInfo.environment
        // Under `.ci/run`'s AddressSanitizer step the children (`todo` and the test tools) are
        // sanitizer builds too: they check memory errors, but not leaks at their exit — a
        // one-shot `todo` leaves its store and shell to the exit on purpose (TodoCommand.run),
        // so LeakSanitizer's report of a child says nothing. The test process checks leaks.
        variables["ASAN_OPTIONS"] = "detect_leaks=0"
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        var result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        // "Text file busy": a script a test has just written is still open for writing in a
        // process another test forked meanwhile (until its exec); that passes in a moment.
        var pause: UInt32 = 1_000
        while result == ETXTBSY && pause <= 512_000 {
            usleep(pause)
            pause *= 2
            result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        }
        guard result == 0 else {
            throw ChildProcessError(message: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        processIdentifier = pid
        // The child has its ends now; the parent keeps only its own.
        if case .pipe(let pipe) = standardInput { pipe.closeReadEnd() }
        if case .pipe(let pipe) = standardOutput { pipe.closeWriteEnd() }
        if case .pipe(let pipe) = standardError { pipe.closeWriteEnd() }
    }

    /// Waits for the child to end.
    public func waitUntilExit() {
        // Never pid 0 or below: waitpid would reap another child of this process group.
        guard processIdentifier > 0, lock.withLock({ status == nil }) else { return }
        var raw: Int32 = 0
        while waitpid(processIdentifier, &raw, 0) == -1 {
            if errno != EINTR { return }
        }
        lock.withLock { status = raw }
    }

    /// Whether the child is still running (it is reaped when it has ended).
    public var isRunning: Bool {
        lock.withLock {
            guard processIdentifier > 0, status == nil else { return false }
            var raw: Int32 = 0
            let result = waitpid(processIdentifier, &raw, WNOHANG)
            if result == processIdentifier { status = raw }
            return result == 0
        }
    }

    private var rawStatus: Int32 { lock.withLock { status ?? 0 } }

    /// The exit status, or the signal that ended the child.
    public var terminationStatus: Int32 {
        let raw = rawStatus
        return raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
    }

    /// Whether the child exited or was ended by a signal.
    public var terminationReason: TerminationReason {
        rawStatus & 0x7f == 0 ? .exit : .uncaughtSignal
    }

    /// Sends `SIGTERM`.
    public func terminate() { if processIdentifier > 0 { kill(processIdentifier, SIGTERM) } }

    /// Sends `SIGINT`.
    public func interrupt() { if processIdentifier > 0 { kill(processIdentifier, SIGINT) } }

    /// Reads the two pipes until both reach their end (neither can fill up and block the child
    /// meanwhile), then waits for the child.
    public func readBothToEndAndWait(_ output: ChildPipe, _ errors: ChildPipe) -> (output: Data, errors: Data) {
        var outputData = Data()
        var errorData = Data()
        var open = [(output, true), (errors, false)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            var descriptors = open.map { pollfd(fd: $0.0.readEnd, events: Int16(POLLIN), revents: 0) }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else { break }
            var still: [(ChildPipe, Bool)] = []
            for (index, entry) in open.enumerated() {
                guard descriptors[index].revents != 0 else {
                    still.append(entry)
                    continue
                }
                let count = read(entry.0.readEnd, &buffer, buffer.count)
                if count > 0 {
                    if entry.1 {
                        outputData.append(contentsOf: buffer[0..<count])
                    } else {
                        errorData.append(contentsOf: buffer[0..<count])
                    }
                    still.append(entry)
                } else if count < 0 && errno == EINTR {
                    still.append(entry)
                }
            }
            open = still
        }
        waitUntilExit()
        return (outputData, errorData)
    }

    /// Adds to `actions` the closing of every descriptor from 3 up: glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; looked up, as Swift does not
    /// import it), else a close action for each descriptor open now.
    static func closeDescriptorsFrom3(_ actions: inout SpawnActions) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<SpawnActions>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }
}

#if canImport(Darwin)
    /// `posix_spawn`'s file actions (an optional pointer on Darwin, a struct in glibc).
    typealias SpawnActions = posix_spawn_file_actions_t?
    /// `posix_spawn`'s attributes.
    typealias SpawnAttributes = posix_spawnattr_t?

    extension Optional where Wrapped == UnsafeMutableRawPointer {
        static func make() -> Self { nil }
    }
#else
    /// `posix_spawn`'s file actions (an optional pointer on Darwin, a struct in glibc).
    typealias SpawnActions = posix_spawn_file_actions_t
    /// `posix_spawn`'s attributes.
    typealias SpawnAttributes = posix_spawnattr_t

    extension posix_spawn_file_actions_t {
        static func make() -> Self { Self() }
    }

    extension posix_spawnattr_t {
        static func make() -> Self { Self() }
    }
#endif

/// Why a child could not start.
public struct ChildProcessError: Error, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// The message.
    public var description: String { message }
}

/// A pipe between the tests and a ``ChildProcess``, its descriptors closed on `exec` (so that
/// no other child inherits them) and when it is released.
public final class ChildPipe: @unchecked Sendable {
    // @unchecked Sendable: each end is used by one thread at a time; closing is guarded by `lock`.
    /// The descriptor read from (-1 once closed).
    public private(set) var readEnd: Int32 = -1
    /// The descriptor written to (-1 once closed).
    public private(set) var writeEnd: Int32 = -1
    private let lock = NSLock()

    /// A new pipe.
    public init() {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec at once (pipe2 is not imported): our own children close every
        // descriptor above 2 anyway; this keeps them from any other program this process starts.
        _ = pipe(&ends)
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        closeReadEnd()
        closeWriteEnd()
    }

    /// Closes the read end (once).
    public func closeReadEnd() {
        lock.withLock {
            if readEnd >= 0 { close(readEnd) }
            readEnd = -1
        }
    }

    /// Closes the write end (once): the reader then reaches the end.
    public func closeWriteEnd() {
        lock.withLock {
            if writeEnd >= 0 { close(writeEnd) }
            writeEnd = -1
        }
    }

    /// Writes all of `data` to the write end (blocking while the pipe is full).
    public func write(_ data: Data) {
        let descriptor = writeEnd
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// Reads the read end to its end.
    public func readToEnd() -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return data
            }
        }
    }

    /// Reads once: what is there, else waits for something (empty at the end).
    public func readSome() -> Data {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? Data(buffer[0..<count]) : Data()
        }
    }

    /// Reads until what was read satisfies `isComplete`, the end comes, or ``Patience/limit``
    /// passes with nothing to read; returns what was read and whether it is complete. For
    /// waiting on a child's output (a prompt, a line) instead of sleeping "long enough".
    public func readUntil(_ isComplete: (Data) -> Bool) -> (data: Data, complete: Bool) {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = ContinuousClock.now + Patience.limit
        while !isComplete(data) {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return (data, false) }
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min(left.components.seconds * 1_000 + 1, 60_000))
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else {
                if ready < 0 { return (data, false) }
                continue
            }
            let count = Foundation.read(readEnd, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return (data, false)
            }
        }
        return (data, true)
    }

    /// Reads what comes, a chunk at a time, until the end (on the calling thread); `body` gets
    /// each chunk.
    public func readChunks(_ body: (Data) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(readEnd, &buffer, buffer.count)
            if count > 0 {
                body(Data(buffer[0..<count]))
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

extension NSLock {
    fileprivate func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
