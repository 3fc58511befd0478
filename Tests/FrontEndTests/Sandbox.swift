import Foundation

/// The longest a test waits for something that must happen (a line of output, a process's
/// end): 300 seconds, a limit no working machine comes near, not a timing.
let patience: TimeInterval = 300

/// A temporary folder holding a store, and the built `todo` and `todo-watch` binaries to run on it.
///
/// The programs run with Foundation's `Process`, as a front end's own tests would run them.
final class Sandbox: @unchecked Sendable {
    // @unchecked Sendable: immutable
    let folder: String
    let storePath: String
    let environment: [String: String]

    init() {
        var template = Array((NSTemporaryDirectory() + "frontend-tests.XXXXXX").utf8CString)
        folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        storePath = folder + "/todos.json"
        environment = [
            "HOME": folder, "XDG_DATA_HOME": folder + "/xdg", "TODO_FILE": storePath, "TZ": "UTC", "LANG": "C.UTF-8",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "TODO_LOCK_TIMEOUT": String(Int(patience) * 2),
            // Under `.ci/run`'s AddressSanitizer step `todo` and `todo-watch` are sanitizer
            // builds: they check memory errors, but not leaks at their exit (a one-shot `todo`
            // leaves its store to the exit on purpose), which would make them exit 23.
            "ASAN_OPTIONS": "detect_leaks=0",
        ]
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The built program `name` (`todo`, `todo-watch`), beside the test binary.
    static func binary(_ name: String) -> String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent(name).path
    }

    /// Runs `todo arguments…` on the store to its end; its exit status and standard output (its
    /// errors go to the test's own standard error).
    @discardableResult
    func todo(_ arguments: String...) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary("todo"))
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self))
    }
}

/// Values that arrive on other threads, and a wait for the one a test expects.
final class Arrivals<Value>: @unchecked Sendable {
    // @unchecked Sendable: `values` is guarded by condition
    private let condition = NSCondition()
    private var values: [Value] = []

    /// Adds `value`, waking the waiting test.
    func append(_ value: Value) {
        condition.lock()
        values.append(value)
        condition.broadcast()
        condition.unlock()
    }

    /// Every value so far.
    var all: [Value] {
        condition.lock()
        defer { condition.unlock() }
        return values
    }

    /// Waits until `done` holds for the values so far (at most ``patience``); whether it did.
    func wait(until done: ([Value]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(patience)
        condition.lock()
        defer { condition.unlock() }
        while !done(values) {
            guard condition.wait(until: deadline) else { return done(values) }
        }
        return true
    }
}
