import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A tmux session of its own (its own server, on a socket in the sandbox) with one pane
/// running `sh`, for driving `todo ui` as a user would: keys in, the pane's text out.
final class TmuxPane {
    /// The tmux binary on `PATH`, if any.
    static let tmux: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/tmux"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }()

    /// Whether tmux is installed.
    static var isAvailable: Bool { tmux != nil }

    let sandbox: TodoSandbox
    let socket: String
    let pidFile: String

    /// Starts a detached session of `columns` × `rows` running `sh`, in the sandbox's
    /// environment (its store, `HOME`, `TZ=UTC`), plus `environment`.
    init(sandbox: TodoSandbox, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws {
        self.sandbox = sandbox
        socket = sandbox.folder + "/tmux.sock"
        pidFile = sandbox.folder + "/ui.pid"
        var variables = sandbox.environment.merging(environment) { $1 }
        variables["PS1"] = "$ "
        variables["TERM"] = "xterm-256color"
        variables["SHELL"] = "/bin/sh"
        let exports = variables.map { "-e\($0.key)=\($0.value)" }
        let status = TmuxPane.spawnAndWait(
            ["-u", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"]
                + exports + ["/bin/sh"],
            environment: variables)
        guard status == 0 else {
            throw TmuxError(message: "tmux new-session failed with \(status)")
        }
    }

    /// Runs tmux with only standard input, output and error open (all `/dev/null`) and waits
    /// for it. The server that `new-session` starts lives on, holding whatever descriptors it
    /// was given: Foundation's `Process` would wait for the end of one of them (and so for
    /// the server's end), and any pipe it held would never reach its end.
    static func spawnAndWait(_ arguments: [String], environment: [String: String]) -> Int32 {
        let executable = tmux ?? "/usr/bin/tmux"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 {
            posix_spawn_file_actions_addopen(
                &actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        closeDescriptorsFrom3(&actions)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    }

    /// Adds to `actions` the closing of every descriptor from 3 up: glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later; Swift does not import it, so
    /// it is looked up), else a close action for each descriptor open now.
    private static func closeDescriptorsFrom3(_ actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
            return
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    deinit {
        _ = tmux(["kill-server"])
    }

    /// What went wrong with tmux.
    struct TmuxError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Runs `tmux -S socket arguments…`; returns its status and standard output.
    @discardableResult
    func tmux(_ arguments: [String], environment: [String: String]? = nil) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TmuxPane.tmux ?? "/usr/bin/tmux")
        process.arguments = ["-u", "-S", socket] + arguments
        process.environment = environment ?? sandbox.environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        do {
            try process.run()
        } catch {
            return (-1, "\(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Types `text` literally.
    func type(_ text: String) {
        tmux(["send-keys", "-t", "0", "-l", text])
    }

    /// Presses keys by tmux's names: `Enter`, `Escape`, `Tab`, `BTab`, `Space`, `BSpace`,
    /// `Up`, `Down`, `C-u`, `q`…
    func press(_ keys: String...) {
        tmux(["send-keys", "-t", "0"] + keys)
    }

    /// The pane's lines as shown (trailing spaces dropped), or with the escapes of colours and
    /// attributes (`withEscapes`).
    func capture(withEscapes: Bool = false) -> [String] {
        let text = tmux(["capture-pane", "-p", "-t", "0"] + (withEscapes ? ["-e"] : [])).output
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// A tmux format for the pane: `#{alternate_on}`, `#{cursor_flag}`, `#{pane_current_command}`.
    func display(_ format: String) -> String {
        tmux(["display-message", "-p", "-t", "0", format]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the pane shows what `condition` looks for (10 s at most, so that a loaded
    /// machine does not fail the test); returns the last capture, and whether it was seen.
    @discardableResult
    func waitFor(
        timeout: Double = 10, _ condition: ([String]) -> Bool
    ) -> (seen: Bool, screen: [String]) {
        let deadline = Date().addingTimeInterval(timeout)
        var screen = capture()
        while !condition(screen) {
            if Date() > deadline { return (false, screen) }
            Thread.sleep(forTimeInterval: 0.05)
            screen = capture()
        }
        return (true, screen)
    }

    /// Waits until some line contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) -> (seen: Bool, screen: [String]) {
        waitFor(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Waits until the pane's value of `format` is `value`.
    func waitFor(format: String, toBe value: String, timeout: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while display(format) != value {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }

    /// Starts `todo arguments…` from the shell, its pid written to ``pidFile``; `ulimit -c 0`
    /// so that a crash leaves no core file.
    func startTodo(_ arguments: String = "ui") {
        try? FileManager.default.removeItem(atPath: pidFile)
        type("sh -c 'ulimit -c 0; echo $$ > \(pidFile); exec \(TodoSandbox.binary) \(arguments)'")
        press("Enter")
    }

    /// The pid of the `todo` started by ``startTodo(_:)``.
    var todoPID: Int32? {
        (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
