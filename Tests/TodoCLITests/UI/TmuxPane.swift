import Foundation
import TestSupport

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

    /// Whether tmux must be there: in CI (`CI=true`), where a test needing it fails when it is
    /// missing instead of being skipped.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Whether the tests that need tmux run: when it is installed, and always in CI (where
    /// ``init(sandbox:columns:rows:environment:)`` then fails, saying that tmux is missing).
    static var testsRun: Bool { isAvailable || isRequired }

    let sandbox: TodoSandbox
    let socket: String
    let pidFile: String

    /// Starts a detached session of `columns` × `rows` running `sh`, in the sandbox's
    /// environment (its store, `HOME`, `TZ=UTC`), plus `environment`.
    init(sandbox: TodoSandbox, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:]) throws {
        guard TmuxPane.isAvailable else {
            throw TmuxError(message: "tmux is not installed, and CI=true needs it (.ci/run installs it)")
        }
        self.sandbox = sandbox
        // A server per pane: an earlier pane of the test may be released (and its server killed)
        // while this one starts.
        socket = sandbox.folder + "/tmux-\(UUID().uuidString.prefix(8)).sock"
        pidFile = sandbox.folder + "/ui.pid"
        var variables = sandbox.environment.merging(environment) { $1 }
        variables["PS1"] = "$ "
        variables["TERM"] = "xterm-256color"
        variables["SHELL"] = "/bin/sh"
        let exports = variables.map { "-e\($0.key)=\($0.value)" }
        // ChildProcess gives tmux only /dev/null: the server that new-session leaves running
        // holds no pipe or socket of this process.
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: TmuxPane.tmux ?? "/usr/bin/tmux")
        process.arguments =
            ["-u", "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)"]
            + exports + ["/bin/sh"]
        process.environment = variables
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID()).err").path
        let errorFile = open(errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer {
            close(errorFile)
            unlink(errors)
        }
        process.standardError = .descriptor(errorFile)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
            throw TmuxError(message: "tmux new-session failed with \(process.terminationStatus): \(message)")
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
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: TmuxPane.tmux ?? "/usr/bin/tmux")
        process.arguments = ["-u", "-S", socket] + arguments
        process.environment = environment ?? sandbox.environment
        let output = ChildPipe()
        process.standardOutput = .pipe(output)
        process.standardError = .descriptor(output.writeEnd)
        do {
            try process.run()
        } catch {
            return (-1, "\(error)")
        }
        let data = output.readToEnd()
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

    /// Waits until the pane shows what `condition` looks for (up to `timeout` seconds,
    /// ``Patience/limit`` by default: a loaded machine or a sanitizer build only makes it come
    /// later); returns the last capture, and whether it was seen.
    @discardableResult
    func waitFor(
        timeout: Double = Patience.seconds, _ condition: ([String]) -> Bool
    ) -> (seen: Bool, screen: [String]) {
        let deadline = ContinuousClock.now + .seconds(timeout)
        var screen = capture()
        while !condition(screen) {
            if ContinuousClock.now > deadline { return (false, screen) }
            Thread.sleep(forTimeInterval: 0.05)
            screen = capture()
        }
        return (true, screen)
    }

    /// Waits until some line contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = Patience.seconds) -> (seen: Bool, screen: [String]) {
        waitFor(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Waits until the pane's value of `format` is `value`.
    func waitFor(format: String, toBe value: String, timeout: Double = Patience.seconds) -> Bool {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while display(format) != value {
            if ContinuousClock.now > deadline { return false }
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
