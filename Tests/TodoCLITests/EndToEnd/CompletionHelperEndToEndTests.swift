import Foundation
import TestSupport
import Testing

/// The hidden commands the completion scripts run, on a real store: what they print, that they
/// create no file, and that a locked store does not hold a Tab for long.
@Suite struct CompletionHelperEndToEndTests {
    let todo = TodoSandbox()

    /// Every file and folder under the sandbox's store folder.
    func storeFiles() -> [String] {
        (try? FileManager.default.subpathsOfDirectory(atPath: todo.folder + "/store"))?.sorted() ?? []
    }

    func addThree() async {
        await todo.run(["add", "Buy milk", "--tag", "shop", "--tag", "Errands"])
        await todo.run(["add", "Call mum", "--tag", "family"])
        await todo.run(["add", "Post letter", "--tag", "errands"])
        await todo.run("done 2")
    }

    @Test func idsOfEveryTodoOrOfOneStatus() async {
        await addThree()
        #expect(await todo.run("__complete-ids").stdout == "1\tBuy milk\n2\tCall mum\n3\tPost letter\n")
        #expect(await todo.run("__complete-ids all").stdout == "1\tBuy milk\n2\tCall mum\n3\tPost letter\n")
        #expect(await todo.run("__complete-ids pending").stdout == "1\tBuy milk\n3\tPost letter\n")
        #expect(await todo.run("__complete-ids done").stdout == "2\tCall mum\n")
    }

    @Test func tagsInUseOrOfOneTodo() async {
        await addThree()
        // Sorted, and tags differing only in case once (the first spelling in that order).
        #expect(await todo.run("__complete-tags").stdout == "Errands\nfamily\nshop\n")
        #expect(await todo.run("__complete-tags 1").stdout == "Errands\nshop\n")
        #expect(await todo.run("__complete-tags 2").stdout == "family\n")
        // An id no todo has, or a word that is no id: every tag.
        #expect(await todo.run("__complete-tags 99").stdout == "Errands\nfamily\nshop\n")
        #expect(await todo.run("__complete-tags abc").stdout == "Errands\nfamily\nshop\n")
    }

    @Test func theHelpersCreateNoFile() async throws {
        // A store folder without a store: nothing appears in it.
        try FileManager.default.createDirectory(atPath: todo.folder + "/store", withIntermediateDirectories: true)
        for arguments in [
            ["__complete-ids"], ["__complete-ids", "pending"], ["__complete-tags"], ["__complete-tags", "1"],
        ] {
            let result = await todo.run(arguments)
            #expect(result.status == 0 && result.stdout == "" && result.stderr == "", "\(arguments): \(result)")
        }
        #expect(storeFiles() == [])
        // A store whose lock file is gone (copied from elsewhere): read without making one.
        await addThree()
        try FileManager.default.removeItem(atPath: todo.storePath + ".lock")
        let before = storeFiles()
        #expect(await todo.run("__complete-tags").stdout == "Errands\nfamily\nshop\n")
        #expect(await todo.run("__complete-ids done").stdout == "2\tCall mum\n")
        #expect(storeFiles() == before)
        #expect(!before.contains("todos.json.lock"))
    }

    @Test func aLockedStoreHoldsATabForASecondAtMost() async throws {
        await addThree()
        let holder = ChildProcess()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            "import fcntl, sys, time; f = open(sys.argv[1], 'a'); fcntl.flock(f, fcntl.LOCK_EX); "
                + "print('locked', flush=True); time.sleep(3600)",
            todo.storePath + ".lock",
        ]
        let output = ChildPipe()
        holder.standardOutput = .pipe(output)
        try holder.run()
        defer {
            kill(holder.processIdentifier, SIGKILL)
            holder.waitUntilExit()
        }
        _ = output.readSome()  // "locked"
        let clock = ContinuousClock()
        var result: TodoSandbox.Result?
        let elapsed = await clock.measure {
            result = await todo.run(
                ["__complete-tags"], environment: ["TODO_LOCK_TIMEOUT": "\(Int(Patience.seconds))"])
        }
        #expect(result?.status == 1, "quietly failed")
        #expect(result?.stderr == "")
        #expect(result?.stdout == "")
        // Limited to a second, not the TODO_LOCK_TIMEOUT it is given: the whole patience of a
        // test, which no machine's slowness reaches, only a wait for the lock's timeout.
        #expect(elapsed < Patience.limit, "waited \(elapsed)")
    }
}
