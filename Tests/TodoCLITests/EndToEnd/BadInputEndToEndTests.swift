import Foundation
import TestSupport
import Testing

/// Every kind of bad input to `todo`: a clear message on standard error naming the problem
/// and the fix, nothing on standard output, the documented exit code, the store unchanged.
@Suite struct BadInputEndToEndTests {
    let todo = TodoSandbox()

    /// Runs `arguments`, expects `status` with an error on stderr only and the store unchanged.
    func expectError(
        _ arguments: [String], _ status: Int32, containing text: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let before = todo.storeBytes
        let result = await todo.run(arguments)
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

    @Test func usageErrorsExit64WithTheUsageLine() async {
        await todo.run("add Existing")
        await expectError(["frob"], 64, containing: "unknown command 'frob'")
        await expectError(["lst"], 64, containing: "Did you mean 'list'?")
        await expectError(["add", "x", "--nite", "y"], 64, containing: "Did you mean '--note'?")
        await expectError(["list", "--bogus"], 64, containing: "See 'todo list --help'")
        await expectError(["add"], 64)
        await expectError(["add", "   "], 64, containing: "not blank")
        await expectError(["add", "x", "--priority", "urgent"], 64, containing: "'urgent' is not a priority")
        await expectError(["add", "x", "--due", "2030-02-30"], 64, containing: "is not a day of the calendar")
        await expectError(["add", "x", "--due", "15/01/2030"], 64, containing: "is not a date")
        await expectError(["add", "x", "--due", "+3x"], 64, containing: "is not a date")
        await expectError(["add", "x", "--repeat", "sometimes"], 64)
        await expectError(["add", "x", "--tag", "two words"], 64)
        await expectError(["add", "x", "--due"], 64)
        await expectError(["show"], 64)
        await expectError(["show", "1", "2"], 64)
        await expectError(["list", "--all", "--done"], 64)
        await expectError(["list", "--limit", "-1"], 64)
        await expectError(["export", "--format", "csv"], 64)
        await expectError(["completions", "tcsh"], 64)
        await expectError(["edit", "1"], 64, containing: "nothing to change")
    }

    @Test func idsMustBePositiveIntegers() async {
        await todo.run("add Existing")
        for id in ["abc", "0", "-3", "99999999999999999999999", "1.5", ""] {
            await expectError(["show", id], 64)
        }
        // done takes a filter (issue 18): what no filter reads is a usage error, a search word
        // matches nothing here.
        for word in ["0", "-3", "99999999999999999999999", ""] {
            await expectError(["done", "1", word], 64)
        }
        for word in ["abc", "1.5"] {
            await expectError(
                ["done", "1", word], 1,
                containing: "No todo matches 1 and \(word) (pending or waiting); nothing was changed")
        }
        await expectError(["show", "999999"], 1, containing: "todo 999999 does not exist")
        await expectError(["edit", "42", "--title", "x"], 1, containing: "todo 42 does not exist")
    }

    @Test(arguments: ["zero-length", "truncated", "garbage", "wrong shape", "duplicate id", "future"])
    func aDamagedOrFutureStoreStopsEveryCommandWith65(kind: String) async {
        await todo.run("add Buy milk")
        await todo.run("add Call mum")
        let good = String(decoding: todo.storeBytes ?? Data(), as: UTF8.self)
        switch kind {
        case "zero-length": todo.writeStore("")
        case "truncated": todo.writeStore(String(good.prefix(good.count / 2)))
        case "garbage":
            _ = FileManager.default.createFile(atPath: todo.storePath, contents: Data([0, 0xFF, 0xFE, 0x41]))
        case "wrong shape": todo.writeStore("[1,2,3]\n")
        case "duplicate id": todo.writeStore(good.replacingOccurrences(of: #"{"id":2,"#, with: #"{"id":1,"#))
        default: todo.writeStore(good.replacingOccurrences(of: #""version":3"#, with: #""version":999"#))
        }
        for command in [
            ["add", "New"], ["list"], ["show", "1"], ["done", "1"], ["rm", "1"], ["undo"], ["stats"],
            ["clear", "--yes"], ["export"], ["edit", "1", "--title", "x"], ["move", "1", "1"],
        ] {
            await expectError(command, 65, containing: todo.storePath)
        }
    }

    @Test func aStorePathThatIsAFolderOrBelowAFileExits74() async {
        try? FileManager.default.createDirectory(atPath: todo.storePath, withIntermediateDirectories: true)
        await expectError(["add", "x"], 74, containing: "folder")
        await expectError(["list"], 74)
        let plain = todo.folder + "/plain"
        _ = FileManager.default.createFile(atPath: plain, contents: Data("x".utf8))
        let result = await todo.run(["add", "x", "--file", plain + "/todos.json"])
        #expect(result.status == 74 && result.stdout == "", "\(result)")
        #expect(FileManager.default.contents(atPath: plain) == Data("x".utf8))
    }

    @Test func aStoreLockedByAnotherProcessExits75() async throws {
        await todo.run("add Existing")
        let before = todo.storeBytes
        let holder = ChildProcess()
        holder.executableURL = TodoSandbox.productsFolder.appendingPathComponent("todo-store-worker")
        holder.arguments = ["hold", todo.storePath, "3600"]  // killed at the end
        let output = ChildPipe()
        holder.standardOutput = .pipe(output)
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        _ = output.readSome()  // "locked"
        let result = await todo.run(["add", "x"], environment: ["TODO_LOCK_TIMEOUT": "0.3"])
        #expect(result.status == 75, "\(result)")
        #expect(result.stdout == "" && result.stderr.contains("locked by another process"))
        #expect(todo.storeBytes == before)
        let badTimeout = await todo.run(["add", "x"], environment: ["TODO_LOCK_TIMEOUT": "soon"])
        #expect(badTimeout.status == 64 && badTimeout.stderr.contains("TODO_LOCK_TIMEOUT"))
    }

    @Test(arguments: ["flock", "lockf"])
    func aLockHeldByAnotherToolIsRespected(kind: String) async throws {
        await todo.run("add Existing")
        let before = todo.storeBytes
        let lock = todo.storePath + ".lock"
        let holder = ChildProcess()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // flock(1)'s kind of lock, and the POSIX record lock other tools (Python's lockf) take.
        let call = kind == "flock" ? "fcntl.flock(f, fcntl.LOCK_EX)" : "fcntl.lockf(f, fcntl.LOCK_EX)"
        holder.arguments = [
            "python3", "-c",
            "import fcntl, sys, time; f = open(sys.argv[1], 'a'); \(call); print('locked', flush=True); time.sleep(3600)",
            lock,
        ]
        let output = ChildPipe()
        holder.standardOutput = .pipe(output)
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        _ = output.readSome()  // "locked"
        let result = await todo.run(["add", "x"], environment: ["TODO_LOCK_TIMEOUT": "0.3"])
        #expect(result.status == 75, "\(result)")
        #expect(todo.storeBytes == before)
        #expect(
            await todo.run(["list"], environment: ["TODO_LOCK_TIMEOUT": "0.3"]).status == 75,
            "a reader waits for the lock too")
    }

    @Test func aFullDiskIsAnIOErrorAndLosesNothing() async {
        await todo.run("add Existing")
        let before = todo.storeBytes
        let result = await todo.run(["add", "x"], environment: ["TODO_SIMULATE_FAULT": "write:ENOSPC"])
        #expect(result.status == 74 && result.stderr.contains("no space left"), "\(result)")
        #expect(todo.storeBytes == before)
        #expect(await todo.run("list --json").json as? [[String: Any]] != nil)
    }

    @Test func withoutTODOFileTheStoreLivesUnderXDGDataHomeThenHome() async {
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
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = environment
        let output = ChildPipe()
        let errors = ChildPipe()
        process.standardOutput = .pipe(output)
        process.standardError = .pipe(errors)
        guard (try? process.run()) != nil else { return Result(status: -1, stdout: "", stderr: "") }
        let (out, err) = process.readBothToEndAndWait(output, errors)
        return Result(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }
}
