import Foundation
import TestSupport

/// Runs the built `todo` binary against a store in a temporary folder (`TODO_FILE`, `TODO_CONFIG`,
/// `HOME` and `XDG_DATA_HOME` all inside it, so the developer's own config and hooks are never
/// read), and returns what it printed and its exit code.
final class TodoSandbox: @unchecked Sendable {
    // @unchecked Sendable: immutable
    let folder: String
    let storePath: String
    /// The config file (`TODO_CONFIG`; missing until ``writeConfig(_:)``).
    let configPath: String
    let environment: [String: String]

    init() {
        var template = Array((NSTemporaryDirectory() + "todo-e2e.XXXXXX").utf8CString)
        folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        storePath = folder + "/store/todos.json"
        configPath = folder + "/config/config"
        try? FileManager.default.createDirectory(atPath: folder + "/home", withIntermediateDirectories: true)
        environment = [
            "HOME": folder + "/home", "XDG_DATA_HOME": folder + "/xdg", "TODO_FILE": storePath, "TZ": "UTC",
            "TODO_CONFIG": folder + "/config/config",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "LANG": "C.UTF-8",
            // A `todo` that finds the store locked by another of the test's processes (a shell
            // or `todo ui` reading a change) waits for it patiently, not the default 10 s: on
            // a loaded machine under a sanitizer that is no limit to count on. The tests of
            // the timeout itself set their own.
            "TODO_LOCK_TIMEOUT": String(Int(Patience.seconds) * 2),
        ]
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What one run printed.
    struct Result: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String

        var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }

        /// The standard output parsed as JSON.
        var json: Any? { try? JSONSerialization.jsonObject(with: Data(stdout.utf8), options: [.fragmentsAllowed]) }
    }

    /// The products folder holding `todo` (beside the test binary).
    static var productsFolder: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("todo").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    }

    static var binary: String { productsFolder.appendingPathComponent("todo").path }

    /// Starts `todo arguments…` with standard input and output on pipes, for a conversation
    /// with a long-lived command (`todo shell`); the caller waits for it to end.
    func start(_ arguments: [String], input: ChildPipe, output: ChildPipe) throws -> ChildProcess {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = .pipe(input)
        process.standardOutput = .pipe(output)
        try process.run()
        return process
    }

    /// Runs `todo arguments…` with `input` on standard input (`/dev/null` when nil).
    @discardableResult
    func run(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:]) -> Result {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        let output = ChildPipe()
        let errors = ChildPipe()
        process.standardOutput = .pipe(output)
        process.standardError = .pipe(errors)
        let inputPipe = ChildPipe()
        if input != nil { process.standardInput = .pipe(inputPipe) }
        do {
            try process.run()
        } catch {
            return Result(status: -1, stdout: "", stderr: "could not start \(Self.binary): \(error)")
        }
        if let input {
            // On a thread of its own: a large input would fill the pipe before the output is read.
            Thread.detachNewThread {
                inputPipe.write(Data(input.utf8))
                inputPipe.closeWriteEnd()
            }
        }
        let (out, err) = process.readBothToEndAndWait(output, errors)
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// `todo arguments… ` split on spaces.
    @discardableResult
    func run(_ line: String, input: String? = nil) -> Result {
        run(line.split(separator: " ").map(String.init), input: input)
    }

    /// Runs `todo arguments…` on a thread of its own, so that the waiting does not hold one of
    /// Swift concurrency's few threads (which the async tests need).
    @discardableResult
    func run(_ arguments: [String], input: String? = nil, environment extra: [String: String] = [:]) async -> Result {
        await onOwnThread { [self] in self.run(arguments, input: input, environment: extra) }
    }

    /// `todo arguments… ` split on spaces, on a thread of its own.
    @discardableResult
    func run(_ line: String, input: String? = nil) async -> Result {
        await run(line.split(separator: " ").map(String.init), input: input)
    }

    /// The store file's bytes (nil when missing).
    var storeBytes: Data? { FileManager.default.contents(atPath: storePath) }

    /// The hooks folder beside the config file.
    var hooksFolder: String { folder + "/config/hooks" }

    /// Writes the config file.
    func writeConfig(_ text: String) {
        try? FileManager.default.createDirectory(atPath: folder + "/config", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: configPath, contents: Data(text.utf8))
    }

    /// The config file's text (nil when missing).
    var configText: String? {
        FileManager.default.contents(atPath: configPath).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes an executable hook `name` with `script` (its `#!` line included).
    func writeHook(_ name: String, _ script: String) {
        try? FileManager.default.createDirectory(atPath: hooksFolder, withIntermediateDirectories: true)
        let path = hooksFolder + "/" + name
        try? ExecutableFile.write(script, to: path)
    }

    /// Writes the store file.
    func writeStore(_ text: String) {
        try? FileManager.default.createDirectory(
            atPath: (storePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: storePath, contents: Data(text.utf8))
    }
}
