import Foundation
import Testing

/// Every kind of bad input to `todo`: a clear message on standard error naming the problem
/// and the fix, nothing on standard output, the documented exit code, the store unchanged.
@Suite struct BadInputEndToEndTests {
    let todo = TodoSandbox()

    /// Runs `arguments`, expects `status` with an error on stderr only and the store unchanged.
    func expectError(
        _ arguments: [String], _ status: Int32, containing text: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = todo.storeBytes
        let result = todo.run(arguments)
        #expect(result.status == status, "\(arguments): \(result)", sourceLocation: sourceLocation)
        #expect(result.stdout == "", "\(arguments): stdout", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("Error: "), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        if let text {
            #expect(result.stderr.contains(text), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        }
        if status == 64 {
            #expect(result.stderr.contains("USAGE: todo"), sourceLocation: sourceLocation)
            #expect(result.stderr.contains("for more information."), sourceLocation: sourceLocation)
        }
        #expect(todo.storeBytes == before, "\(arguments): the store is unchanged", sourceLocation: sourceLocation)
    }

    @Test func usageErrorsExit64WithTheUsageLine() {
        todo.run("add Existing")
        expectError(["frob"], 64, containing: "unknown command 'frob'")
        expectError(["lst"], 64, containing: "Did you mean 'list'?")
        expectError(["add", "x", "--nite", "y"], 64, containing: "Did you mean '--note'?")
        expectError(["list", "--bogus"], 64, containing: "See 'todo list --help'")
        expectError(["add"], 64)
        expectError(["add", "   "], 64, containing: "not blank")
        expectError(["add", "x", "--priority", "urgent"], 64, containing: "'urgent' is not a priority")
        expectError(["add", "x", "--due", "2030-02-30"], 64, containing: "is not a day of the calendar")
        expectError(["add", "x", "--due", "15/01/2030"], 64, containing: "is not a date")
        expectError(["add", "x", "--due", "+3x"], 64, containing: "is not a date")
        expectError(["add", "x", "--repeat", "sometimes"], 64)
        expectError(["add", "x", "--tag", "two words"], 64)
        expectError(["add", "x", "--due"], 64)
        expectError(["show"], 64)
        expectError(["show", "1", "2"], 64)
        expectError(["list", "--all", "--done"], 64)
        expectError(["list", "--limit", "-1"], 64)
        expectError(["export", "--format", "csv"], 64)
        expectError(["completions", "tcsh"], 64)
        expectError(["edit", "1"], 64, containing: "nothing to change")
    }

    @Test func idsMustBePositiveIntegers() {
        todo.run("add Existing")
        for id in ["abc", "0", "-3", "99999999999999999999999", "1.5", ""] {
            expectError(["show", id], 64)
            expectError(["done", "1", id], 64)
        }
        expectError(["show", "999999"], 1, containing: "todo 999999 does not exist")
        expectError(["edit", "42", "--title", "x"], 1, containing: "todo 42 does not exist")
    }

    @Test(arguments: ["zero-length", "truncated", "garbage", "wrong shape", "duplicate id", "future"])
    func aDamagedOrFutureStoreStopsEveryCommandWith65(kind: String) {
        todo.run("add Buy milk")
        todo.run("add Call mum")
        let good = String(decoding: todo.storeBytes ?? Data(), as: UTF8.self)
        switch kind {
        case "zero-length": todo.writeStore("")
        case "truncated": todo.writeStore(String(good.prefix(good.count / 2)))
        case "garbage":
            _ = FileManager.default.createFile(atPath: todo.storePath, contents: Data([0, 0xFF, 0xFE, 0x41]))
        case "wrong shape": todo.writeStore("[1,2,3]\n")
        case "duplicate id": todo.writeStore(good.replacingOccurrences(of: #"{"id":2,"#, with: #"{"id":1,"#))
        default: todo.writeStore(good.replacingOccurrences(of: #""version":1"#, with: #""version":999"#))
        }
        for command in [
            ["add", "New"], ["list"], ["show", "1"], ["done", "1"], ["rm", "1"], ["undo"], ["stats"],
            ["clear", "--yes"], ["export"], ["edit", "1", "--title", "x"], ["move", "1", "1"],
        ] {
            expectError(command, 65, containing: todo.storePath)
        }
    }

    @Test func aStorePathThatIsAFolderOrBelowAFileExits74() {
        try? FileManager.default.createDirectory(atPath: todo.storePath, withIntermediateDirectories: true)
        expectError(["add", "x"], 74, containing: "folder")
        expectError(["list"], 74)
        let plain = todo.folder + "/plain"
        _ = FileManager.default.createFile(atPath: plain, contents: Data("x".utf8))
        let result = todo.run(["add", "x", "--file", plain + "/todos.json"])
        #expect(result.status == 74 && result.stdout == "", "\(result)")
        #expect(FileManager.default.contents(atPath: plain) == Data("x".utf8))
    }

    @Test func aStoreLockedByAnotherProcessExits75() throws {
        todo.run("add Existing")
        let before = todo.storeBytes
        let holder = Process()
        holder.executableURL = TodoSandbox.productsFolder.appendingPathComponent("todo-store-worker")
        holder.arguments = ["hold", todo.storePath, "20"]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        defer { kill(holder.processIdentifier, SIGKILL) }
        _ = output.fileHandleForReading.availableData  // "locked"
        let result = todo.run(["add", "x"], environment: ["TODO_LOCK_TIMEOUT": "0.3"])
        #expect(result.status == 75, "\(result)")
        #expect(result.stdout == "" && result.stderr.contains("locked by another process"))
        #expect(todo.storeBytes == before)
        let badTimeout = todo.run(["add", "x"], environment: ["TODO_LOCK_TIMEOUT": "soon"])
        #expect(badTimeout.status == 64 && badTimeout.stderr.contains("TODO_LOCK_TIMEOUT"))
    }

    @Test(arguments: ["flock", "lockf"])
    func aLockHeldByAnotherToolIsRespected(kind: String) throws {
        todo.run("add Existing")
        let before = todo.storeBytes
        let lock = todo.storePath + ".lock"
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // flock(1)'s kind of lock, and the POSIX record lock other tools (Python's lockf) take.
        let call = kind == "flock" ? "fcntl.flock(f, fcntl.LOCK_EX)" : "fcntl.lockf(f, fcntl.LOCK_EX)"
        holder.arguments = [
            "python3", "-c",
            "import fcntl, sys, time; f = open(sys.argv[1], 'a'); \(call); print('locked', flush=True); time.sleep(20)",
            lock,
        ]
        let output = Pipe()
        holder.standardOutput = output
        try holder.run()
        defer { kill(holder.processIdentifier, SIGKILL) }
        _ = output.fileHandleForReading.availableData  // "locked"
        let result = todo.run(["add", "x"], environment: ["TODO_LOCK_TIMEOUT": "0.3"])
        #expect(result.status == 75, "\(result)")
        #expect(todo.storeBytes == before)
        #expect(
            todo.run(["list"], environment: ["TODO_LOCK_TIMEOUT": "0.3"]).status == 75,
            "a reader waits for the lock too")
    }

    @Test func aFullDiskIsAnIOErrorAndLosesNothing() {
        todo.run("add Existing")
        let before = todo.storeBytes
        let result = todo.run(["add", "x"], environment: ["TODO_SIMULATE_FAULT": "write:ENOSPC"])
        #expect(result.status == 74 && result.stderr.contains("no space left"), "\(result)")
        #expect(todo.storeBytes == before)
        #expect(todo.run("list --json").json as? [[String: Any]] != nil)
    }

    @Test func withoutTODOFileTheStoreLivesUnderXDGDataHomeThenHome() {
        var environment = todo.environment
        environment.removeValue(forKey: "TODO_FILE")
        let process = { (extra: [String: String?]) -> TodoSandbox.Result in
            var env = environment
            for (key, value) in extra { env[key] = value }
            return TodoSandbox.run(["add", "x"], environment: env)
        }
        #expect(process([:]).status == 0)
        #expect(FileManager.default.fileExists(atPath: todo.folder + "/xdg/todo/todos.json"))
        #expect(process(["XDG_DATA_HOME": nil]).status == 0)
        #expect(FileManager.default.fileExists(atPath: todo.folder + "/home/.local/share/todo/todos.json"))
    }
}

extension TodoSandbox {
    /// Runs `todo` with exactly `environment`.
    static func run(_ arguments: [String], environment: [String: String]) -> Result {
        let sandbox = TodoSandbox()
        return sandbox.runReplacingEnvironment(arguments, environment: environment)
    }

    func runReplacingEnvironment(_ arguments: [String], environment: [String: String]) -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        guard (try? process.run()) != nil else { return Result(status: -1, stdout: "", stderr: "") }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }
}
