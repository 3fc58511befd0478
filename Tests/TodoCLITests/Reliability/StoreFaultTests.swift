import Foundation
import TestSupport
import Testing

/// Damaged journals and backups, and the recovery Docs/StoreFormat.md documents, through the
/// `todo` command; a disk that fills up for real (a tiny tmpfs) and a read-only folder.
@Suite(.serialized) struct StoreFaultTests {
    let todo = TodoSandbox()
    static let commands: [[String]] = [
        ["add", "New"], ["list"], ["show", "1"], ["done", "2"], ["rm", "3"], ["undo"], ["stats"], ["clear", "--yes"],
        ["export"], ["edit", "1", "--title", "x"], ["move", "2", "1"],
    ]

    var files: [String: Data?] {
        Dictionary(
            uniqueKeysWithValues: ["", ".journal", ".bak"].map {
                ($0, FileManager.default.contents(atPath: todo.storePath + $0))
            })
    }

    func expectEveryCommandRefused(naming file: String, sourceLocation: SourceLocation = #_sourceLocation) async {
        let before = files
        for command in Self.commands {
            let result = await todo.run(command)
            #expect(result.status == 65, "\(command): \(result)", sourceLocation: sourceLocation)
            #expect(
                result.stdout == "" && result.stderr.contains(file), "\(command): \(result.stderr)",
                sourceLocation: sourceLocation)
        }
        #expect(files == before, "every file is unchanged", sourceLocation: sourceLocation)
    }

    /// A store large enough to keep a journal, with a few changes in it.
    func makeJournaledStore() async throws {
        try todo.fillStore(3_000)
        for command in [["add", "journaled one"], ["done", "1"], ["edit", "2", "--title", "renamed"]] {
            #expect(await todo.run(command).status == 0)
        }
        #expect(FileManager.default.fileExists(atPath: todo.storePath + ".journal"))
    }

    @Test func aDamagedJournalStopsEveryCommandUntilItIsMovedAway() async throws {
        try await makeJournaledStore()
        let journal = todo.storePath + ".journal"
        var bytes = try #require(FileManager.default.contents(atPath: journal))
        bytes.replaceSubrange(bytes.count - 40..<bytes.count - 30, with: Data("!!garbage!".utf8))
        try bytes.write(to: URL(fileURLWithPath: journal))
        await expectEveryCommandRefused(naming: journal)
        // The documented recovery: move the journal away; the snapshot's state comes back.
        try FileManager.default.moveItem(atPath: journal, toPath: journal + ".damaged")
        let stored = try #require(await todo.storedTodos())
        #expect(stored.count == 3_000, "the snapshot's todos, without the journal's changes")
        #expect(await todo.run(["add", "after recovery"]).status == 0)
    }

    @Test func aDamagedStoreComesBackFromItsBackupWithTheJournal() async throws {
        try await makeJournaledStore()
        let expected = try #require(await todo.storedTodos())
        try Data().write(to: URL(fileURLWithPath: todo.storePath))
        await expectEveryCommandRefused(naming: todo.storePath)
        let message = await todo.run(["list"]).stderr
        #expect(message.contains("cp '\(todo.storePath).bak' '\(todo.storePath)'"), "the error says how to recover")
        try FileManager.default.removeItem(atPath: todo.storePath)
        try FileManager.default.copyItem(atPath: todo.storePath + ".bak", toPath: todo.storePath)
        let recovered = try #require(await todo.storedTodos())
        #expect(recovered.count == expected.count && recovered[1]?["isDone"] as? Bool == true, "nothing is lost")
        #expect(recovered[2]?["title"] as? String == "renamed")
    }

    @Test func aDamagedBackupStopsEveryCommandUntilItIsMovedAway() async throws {
        #expect(await todo.run(["add", "one"]).status == 0)
        #expect(await todo.run(["add", "two"]).status == 0)
        #expect(await todo.run(["add", "three"]).status == 0)
        let backup = todo.storePath + ".bak"
        try Data("{\"version\":1,\"todos\":[{\"id\":1".utf8).write(to: URL(fileURLWithPath: backup))
        await expectEveryCommandRefused(naming: backup)
        try FileManager.default.moveItem(atPath: backup, toPath: backup + ".damaged")
        #expect(await todo.run(["add", "four"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: backup), "a new backup is written")
    }

    @Test func aDiskThatFillsUpLosesNothing() async throws {
        let mount = todo.folder + "/tiny"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
        guard run("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", mount]) else { return }  // not allowed here
        defer { _ = run("/bin/umount", [mount]) }
        let store = mount + "/todos.json"
        for index in 1...20 { #expect(await todo.run(["add", "todo \(index)", "--file", store]).status == 0) }
        let before = try #require(FileManager.default.contents(atPath: store))
        // Fill the disk, leaving less room than a rewrite of the store needs.
        let filler = mount + "/filler"
        _ = FileManager.default.createFile(atPath: filler, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: filler))
        let block = Data(repeating: 0x41, count: 1024)
        while (try? handle.write(contentsOf: block)) != nil {}
        try handle.close()
        let result = await todo.run(["add", String(repeating: "a long title ", count: 50), "--file", store])
        #expect(result.status == 74, "\(result)")
        #expect(result.stderr.contains("no space left"))
        #expect(FileManager.default.contents(atPath: store) == before)
        #expect(!FileManager.default.fileExists(atPath: store + ".tmp"), "no half-written file is left")
        try FileManager.default.removeItem(atPath: filler)
        #expect(await todo.run(["add", "after the disk was freed", "--file", store]).status == 0)
        #expect((await todo.run(["list", "--json", "--file", store]).json as? [Any])?.count == 21)
    }

    @Test func aReadOnlyFolderIsReadButNotWritten() async throws {
        #expect(await todo.run(["add", "one"]).status == 0)
        let folder = (todo.storePath as NSString).deletingLastPathComponent
        guard run("/bin/mount", ["--bind", folder, folder]) else { return }
        defer { _ = run("/bin/umount", [folder]) }
        guard run("/bin/mount", ["-o", "remount,ro,bind", folder]) else { return }
        let before = todo.storeBytes
        #expect(await todo.run(["list", "--json"]).status == 0)
        let result = await todo.run(["add", "two"])
        #expect(result.status == 74 && result.stderr.contains("read-only"), "\(result)")
        #expect(todo.storeBytes == before)
    }

    private func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
