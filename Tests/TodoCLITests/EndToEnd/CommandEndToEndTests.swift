import Foundation
import TestSupport
import Testing

/// Each `todo` command run as a process on a temporary store: what it prints on each stream,
/// its exit code, and what the store holds afterwards.
@Suite struct CommandEndToEndTests {
    let todo = TodoSandbox()

    func todos() async -> [[String: Any]] {
        await todo.run("list --all --json").json as? [[String: Any]] ?? []
    }

    func titles(_ arguments: String = "list --all") async -> [String] {
        (await todo.run(arguments + " --json").json as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    // MARK: add

    @Test func addPrintsWhatItAddedAndWritesTheStore() async throws {
        let added = await todo.run(["add", "Buy", "milk", "--due", "2030-01-08", "--priority", "high", "--tag", "shop"])
        #expect(added.status == 0, "\(added)")
        #expect(added.stdout == "Added 1: Buy milk (due 2030-01-08, high priority)\n")
        #expect(added.stderr == "")
        let bytes = try #require(todo.storeBytes)
        let store = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
        #expect(store["version"] as? Int == 3)
        #expect((store["todos"] as? [[String: Any]])?.first?["title"] as? String == "Buy milk")
    }

    @Test func addWithJSONPrintsTheWholeTodoObject() async throws {
        let result = await todo.run(["add", "Pay", "rent", "--note", "line 1\nline 2", "--repeat", "monthly", "--json"])
        let object = try #require(result.json as? [String: Any], "\(result)")
        #expect(
            Set(object.keys)
                == [
                    "id", "uuid", "title", "note", "isDone", "priority", "due", "tags", "createdAt", "updatedAt",
                    "completedAt", "recurrence", "project", "wait", "scheduled", "depends", "annotations", "startedAt",
                    "status", "isBlocked", "isBlocking", "urgency",
                ])
        #expect(object["id"] as? Int == 1)
        #expect(object["note"] as? String == "line 1\nline 2")
        #expect(object["recurrence"] as? String == "monthly")
        #expect(object["priority"] is NSNull && object["due"] is NSNull && object["completedAt"] is NSNull)
        #expect(object["tags"] as? [String] == [])
    }

    @Test func quietPrintsNothingOnSuccess() async {
        let result = await todo.run("add Quiet one --quiet")
        #expect(result.status == 0 && result.stdout == "" && result.stderr == "")
        #expect(await todo.run("--quiet done 1").stdout == "")
        #expect(await titles() == ["Quiet one"])
    }

    @Test func globalOptionsGoBeforeOrAfterTheCommand() async {
        let other = todo.folder + "/other.json"
        #expect(await todo.run(["--file", other, "add", "elsewhere"]).status == 0)
        #expect(await todo.run(["add", "here too", "--file", other]).status == 0)
        #expect(await todo.run(["--json", "list", "--file", other]).json as? [[String: Any]] != nil)
        #expect(await titles("list --file \(other)") == ["elsewhere", "here too"])
        #expect(todo.storeBytes == nil, "TODO_FILE untouched")
    }

    // MARK: list

    @Test func listFiltersSortsAndLimits() async {
        await todo.run(["add", "Buy milk", "--tag", "shop", "--priority", "low", "--due", "2030-01-10"])
        await todo.run(["add", "call bob", "--note", "about the MILK", "--priority", "high", "--due", "2000-01-01"])
        await todo.run(["add", "Write report", "--tag", "work"])
        await todo.run(["add", "milk the cow"])
        await todo.run("done 4")
        #expect(await titles("list") == ["Buy milk", "call bob", "Write report"])
        #expect(await titles("ls --done") == ["milk the cow"])
        #expect(await titles("list milk --all") == ["Buy milk", "call bob", "milk the cow"])
        #expect(await titles("list MILK about") == ["call bob"])
        #expect(await titles("list --tag shop") == ["Buy milk"])
        #expect(await titles("list --priority high") == ["call bob"])
        #expect(await titles("list --overdue") == ["call bob"])
        #expect(await titles("list --sort due") == ["call bob", "Buy milk", "Write report"])
        #expect(await titles("list --sort priority --limit 2") == ["call bob", "Buy milk"])
        let plain = await todo.run("list")
        #expect(plain.status == 0 && plain.stderr == "")
        #expect(!plain.stdout.contains("\u{1B}["), "no colour off a terminal")
        let lines = plain.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("1 [ ] low  2030-01-10 Buy milk"))
        #expect(lines[0].hasSuffix("+shop"))
        #expect(lines[2].hasPrefix("3 [ ]      -          Write report"))
    }

    @Test func anEmptyListIsEmpty() async {
        let result = await todo.run("list")
        #expect(result.status == 0 && result.stdout == "" && result.stderr == "")
        #expect(await todo.run("list --json").stdout == "[]\n")
        #expect(todo.storeBytes == nil, "reading creates nothing")
    }

    // MARK: show, edit

    @Test func showPrintsEveryField() async throws {
        await todo.run([
            "add", "Pay rent", "--note", "to the landlord", "--due", "2030-01-08", "--tag", "home", "--repeat",
            "monthly",
        ])
        let shown = await todo.run("show 1")
        #expect(shown.status == 0)
        for text in [
            "1  Pay rent", "status     pending", "due        2030-01-08", "tags       home", "repeats    monthly",
            "to the landlord",
        ] {
            #expect(shown.stdout.contains(text), "\(text) in \(shown.stdout)")
        }
        let json = try #require(await todo.run("show 1 --json").json as? [String: Any])
        #expect(json["due"] as? String == "2030-01-08")
    }

    @Test func editSetsAndClearsFields() async throws {
        await todo.run([
            "add", "Pay rent", "--note", "n", "--due", "2030-01-08", "--tag", "home", "--tag", "money", "--priority",
            "low",
        ])
        let edited = await todo.run([
            "edit", "1", "--title", "Pay the rent", "--note", "none", "--priority", "none", "--due", "none", "--untag",
            "money", "--tag", "urgent", "--repeat", "2w", "--json",
        ])
        let object = try #require(edited.json as? [String: Any], "\(edited)")
        #expect(object["title"] as? String == "Pay the rent")
        #expect(object["note"] is NSNull && object["priority"] is NSNull && object["due"] is NSNull)
        #expect(object["tags"] as? [String] == ["home", "urgent"])
        #expect(object["recurrence"] as? String == "2w")
        #expect(await todo.run("edit 1 --title Again").stdout == "Updated 1: Again\n")
    }

    // MARK: done, undone, rm, move, clear, undo

    @Test func doneAndUndoneNameWhatChanged() async throws {
        await todo.run("add Buy milk")
        await todo.run("add Call mum")
        #expect(await todo.run("done 1 2").stdout == "Completed 1: Buy milk\nCompleted 2: Call mum\n")
        #expect(await todo.run("done 1").stdout == "Already done 1: Buy milk\n")
        #expect(await todo.run("reopen 2").stdout == "Reopened 2: Call mum\n")
        #expect(await todo.run("undone 2").stdout == "Already pending 2: Call mum\n")
        let one = try #require(await todo.run("undone 1 --json").json as? [String: Any])
        #expect(one["isDone"] as? Bool == false)
        let several = try #require(await todo.run("done 1 2 --json").json as? [[String: Any]])
        #expect(several.map { $0["isDone"] as? Bool } == [true, true])
    }

    @Test func completingARecurringTodoAddsTheNextOne() async {
        await todo.run(["add", "Water plants", "--due", "today", "--repeat", "weekly"])
        let done = await todo.run("done 1")
        #expect(done.stdout.hasPrefix("Completed 1: Water plants\nNext: 2: Water plants (due "))
        #expect(await titles("list") == ["Water plants"])
    }

    /// Issue 17: "Undid completing 3 todos" for 2 completed; the next occurrence missing from
    /// `done --json`; each `Next:` far from its todo.
    @Test func doneAndUndoSayWhatTheUserDid() async throws {
        await todo.run(["add", "A", "--repeat", "daily"])
        await todo.run("add B")
        let completed = await todo.run("done 1 2").stdout.split(separator: "\n")
        #expect(completed.count == 3)
        #expect(
            completed[0] == "Completed 1: A" && completed[1].hasPrefix("Next: 3: A (due ")
                && completed[2] == "Completed 2: B")
        #expect(await todo.run("undo").stdout == "Undid completing 2 todos (removed the next occurrence 3)\n")
        let done = try #require(await todo.run("done 2 1 --json").json as? [[String: Any]])
        #expect(done.map { $0["id"] as? Int } == [2, 1])
        #expect(done[0]["next"] is NSNull)
        let next = try #require(done[1]["next"] as? [String: Any])
        #expect(next["id"] as? Int == 4 && next["title"] as? String == "A" && next["recurrence"] as? String == "daily")
        await todo.run("add C --repeat weekly")
        await todo.run("add D")
        let lines = await todo.run("done 6 5").stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0] == "Completed 6: D" && lines[1] == "Completed 5: C" && lines[2].hasPrefix("Next: 7: C (due "))
    }

    @Test func severalIdsAreAllOrNothing() async {
        await todo.run("add a")
        await todo.run("add b")
        let before = todo.storeBytes
        for command in ["done 1 9", "undone 1 9", "rm 1 9 --yes", "done 9 1 2"] {
            let result = await todo.run(command)
            #expect(result.status == 1, "\(command): \(result)")
            #expect(result.stdout == "")
            #expect(result.stderr.hasPrefix("Error: todo 9 does not exist"), "\(command): \(result.stderr)")
            #expect(todo.storeBytes == before, "\(command) changed nothing")
        }
    }

    @Test func removingSeveralNeedsYesOffATerminal() async {
        await todo.run("add a")
        await todo.run("add b")
        await todo.run("add c")
        let before = todo.storeBytes
        let refused = await todo.run("rm 1 2")
        #expect(refused.status == 1 && refused.stdout == "")
        #expect(refused.stderr.contains("--yes"))
        #expect(todo.storeBytes == before)
        let piped = await todo.run("rm 1 2", input: "y\n")
        #expect(piped.status == 1, "a confirmation is never read from a pipe")
        #expect(todo.storeBytes == before)
        #expect(await todo.run("delete 1 2 --yes").stdout == "Deleted 1: a\nDeleted 2: b\n")
        #expect(await todo.run("rm 3").stdout == "Deleted 3: c\n", "one todo needs no confirmation")
        #expect(await titles() == [])
    }

    @Test func movingReordersTheList() async {
        for title in ["a", "b", "c"] { await todo.run("add \(title)") }
        #expect(await todo.run("move 3 1").stdout == "Moved 3 to position 1: c\n")
        #expect(await titles("list") == ["c", "a", "b"])
        let outOfRange = await todo.run("move 1 9")
        #expect(outOfRange.status == 1 && outOfRange.stderr.contains("position 9 is out of range"))
        #expect(await todo.run("move 1 0").status == 64)
        #expect(await todo.run("move 1").status == 64)
    }

    @Test func clearAndUndo() async {
        await todo.run("add a")
        await todo.run("add b")
        await todo.run("done 1")
        let refused = await todo.run("clear")
        #expect(refused.status == 1 && refused.stderr.contains("--yes"))
        #expect(await todo.run("clear --yes").stdout == "Deleted 1 done todo (undo brings it back).\n")
        #expect(await todo.run("clear").stdout == "No done todos to clear.\n")
        #expect(await todo.run("undo").stdout == "Undid clearing 1: a\n")
        #expect(await titles() == ["a", "b"])
        #expect(await todo.run("undo").status == 0)  // undoes "done 1"
        #expect(await todo.run("undo").status == 0)  // undoes "add b"
        #expect(await todo.run("undo").status == 0)  // undoes "add a"
        let nothing = await todo.run("undo")
        #expect(nothing.status == 1 && nothing.stderr == "Error: there is nothing to undo\n" && nothing.stdout == "")
        #expect(
            await todo.run("add c --json").json.flatMap { ($0 as? [String: Any])?["id"] as? Int } == 3,
            "ids are not reused")
    }

    // MARK: stats, export, import

    @Test func statsCountEverything() async throws {
        await todo.run(["add", "a", "--due", "2000-01-01", "--tag", "x"])
        await todo.run(["add", "b", "--due", "today"])
        await todo.run("add c")
        await todo.run("done 3")
        let stats = try #require(await todo.run("stats --json").json as? [String: Any])
        #expect(stats["pending"] as? Int == 2 && stats["done"] as? Int == 1 && stats["overdue"] as? Int == 1)
        #expect(stats["dueToday"] as? Int == 1 && stats["total"] as? Int == 3)
        #expect((stats["tags"] as? [String: [String: Int]])?["x"] == ["pending": 1, "done": 0])
        #expect(await todo.run("stats").stdout.contains("overdue    1"))
    }

    @Test func exportThenImportIsLossless() async throws {
        await todo.run([
            "add", "Café ☕ \"quoted\"", "--note", "a\nb\\c", "--due", "2030-01-08", "--tag", "x", "--priority", "high",
            "--repeat", "3d",
        ])
        await todo.run("add second")
        await todo.run("done 2")
        let exported = await todo.run("export")
        #expect(exported.status == 0)
        let file = todo.folder + "/export.json"
        #expect(await todo.run(["export", "--output", file]).stdout == "Exported 2 todos to \(file)\n")
        #expect(
            FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } == exported.stdout)
        let fresh = todo.folder + "/fresh.json"
        let imported = await todo.run(["import", file, "--file", fresh])
        #expect(imported.status == 0, "\(imported)")
        let original = await todo.run("list --all --json").stdout
        let copy = await todo.run(["list", "--all", "--json", "--file", fresh]).stdout
        #expect(copy == original)
        let text = await todo.run("export --format todotxt").stdout
        #expect(text.contains("(A) ") && text.contains("x "))
    }

    @Test func importReportsMissingAndUnreadableFiles() async {
        let missing = await todo.run("import /nonexistent/file.txt")
        #expect(missing.status == 74 && missing.stdout == "")
        let bad = todo.folder + "/bad.json"
        _ = FileManager.default.createFile(atPath: bad, contents: Data("[{\"title\": ".utf8))
        let result = await todo.run(["import", bad])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.hasPrefix("Error: \(bad)"))
        #expect(todo.storeBytes == nil)
    }

    @Test func importGuessesTheFormatFromTheContentsNotTheName() async throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../TodoCoreTests/Formats/Fixtures").standardized
        let todoTxt = todo.folder + "/todo-list.json"
        let tasks = todo.folder + "/tasks.txt"
        try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent("todo.txt").path, toPath: todoTxt)
        try FileManager.default.copyItem(
            atPath: fixtures.appendingPathComponent("taskwarrior-export.json").path, toPath: tasks)
        let first = await todo.run(["import", todoTxt])
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout == "Imported 5 todos from \(todoTxt) (todo.txt)\n")
        let second = await todo.run(["import", tasks])
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout.hasSuffix("(Taskwarrior)\n"), "\(second)")
        // --format still decides when given.
        let forced = await todo.run(["import", todoTxt, "--format", "json"])
        #expect(forced.status == 65, "\(forced)")
    }

    // MARK: help, version, completions

    @Test func helpPrintsAndNeverActs() async {
        // Plain `todo` runs `default.command` (ConfigEndToEndTests): on this empty store, a welcome.
        for arguments in [
            ["--help"], ["-h"], ["help"], ["help", "add"], ["add", "--help"], ["add", "-h"],
            ["done", "1", "--help"],
        ] {
            let result = await todo.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout.contains("USAGE: todo"), "\(arguments)")
            #expect(result.stderr == "")
        }
        #expect(await todo.run("help add").stdout.contains("OVERVIEW:"))
        #expect(todo.storeBytes == nil)
        #expect(await todo.run("--version").stdout == "0.2.0\n")
    }

    @Test func completionScriptsAreValid() async throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = await todo.run("completions \(shell)")
            #expect(result.status == 0 && result.stdout.contains("__complete-ids"), "\(shell)")
        }
        let script = todo.folder + "/todo.bash"
        _ = FileManager.default.createFile(
            atPath: script, contents: Data(await todo.run("completions bash").stdout.utf8))
        let check = ChildProcess()
        check.executableURL = URL(fileURLWithPath: "/bin/bash")
        check.arguments = ["-n", script]
        try check.run()
        check.waitUntilExit()
        #expect(check.terminationStatus == 0)
        await todo.run("add Buy milk")
        #expect(await todo.run("__complete-ids").stdout == "1\tBuy milk\n")
    }

    @Test func fishCompletesTheIdsOfTheTodosWithTheirTitles() async throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else { return }  // .ci/run installs it
        await todo.run("add Buy milk")
        await todo.run("add Call mum")
        let script = todo.folder + "/todo.fish"
        _ = FileManager.default.createFile(
            atPath: script, contents: Data(await todo.run("completions fish").stdout.utf8))
        let bin = todo.folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/todo", withDestinationPath: TodoSandbox.binary)
        func complete(_ line: String) throws -> String {
            let fish = ChildProcess()
            fish.executableURL = URL(fileURLWithPath: "/usr/bin/fish")
            fish.arguments = ["--no-config", "-c", "source \(script); complete -C '\(line)'"]
            fish.environment = todo.environment.merging(["PATH": bin + ":/usr/bin:/bin"]) { $1 }
            let output = ChildPipe()
            fish.standardOutput = .pipe(output)
            try fish.run()
            let text = String(decoding: output.readToEnd(), as: UTF8.self)
            fish.waitUntilExit()
            return text
        }
        #expect(try complete("todo done ") == "1\tBuy milk\n2\tCall mum\n")
        #expect(try complete("todo add x --priority ").contains("high"))
        #expect(try complete("todo li").hasPrefix("list"))
    }
}
