import Foundation
import TestSupport
import Testing

/// The journal's integrity through the `todo` command: a record given another todo's uuid or a
/// damaged generation in its header is exit 65 with every file unchanged; a backup that cannot
/// be written is a warning; an import file with one uuid twice is refused.
extension StoreIntegrityEndToEndTests {
    /// A store large enough to keep a journal (128 KiB), with todos 901 and 902 in the journal.
    func journalledStore() async throws -> String {
        let lines = (1...900).map { "todo number \($0) with a title long enough to fill the store quickly +tag" }
        let file = todo.folder + "/import.txt"
        try lines.joined(separator: "\n").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(await todo.run(["import", file]).status == 0)
        #expect(await todo.run(["add", "first in the journal"]).status == 0)
        #expect(await todo.run(["add", "second in the journal"]).status == 0)
        return String(decoding: try #require(FileManager.default.contents(atPath: journalPath)), as: UTF8.self)
    }

    var journalPath: String { todo.storePath + ".journal" }

    func writeJournal(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: journalPath))
    }

    static let journalCommands =
        commands + [["show", "3"], ["show", "902"], ["list", "--json"], ["100-200", "edit", "+bulk", "--yes"]]

    @Test func aJournalRecordWithAnotherTodosUUIDIsRefusedByEveryCommand() async throws {
        let journal = try await journalledStore()
        let store = String(decoding: try #require(todo.storeBytes), as: UTF8.self)
        let third = try #require(store.firstMatch(of: /\{"id":3,"uuid":"([0-9a-f-]{36})"/)?.output.1)
        let last = try #require(journal.firstMatch(of: /\{"id":902,"uuid":"([0-9a-f-]{36})"/)?.output.1)
        try writeJournal(journal.replacingOccurrences(of: String(last), with: String(third)))
        await expectRefused(Self.journalCommands)
        try writeJournal(journal)
        let shown = await todo.run(["show", "902"])
        #expect(shown.status == 0 && shown.stdout.contains("second in the journal"))
    }

    @Test func aVersion1JournalWithAnotherTodosUUIDIsRefusedAndShowDoesNotExit0() async throws {
        // A journal as `todo` 0.2.0 wrote it has no checksums: the repeated uuid is found when
        // the store is read whole — by `show` too (it used to print "Unhandled error" and exit 0).
        let journal = try await journalledStore()
        let store = String(decoding: try #require(todo.storeBytes), as: UTF8.self)
        let third = try #require(store.firstMatch(of: /\{"id":3,"uuid":"([0-9a-f-]{36})"/)?.output.1)
        let last = try #require(journal.firstMatch(of: /\{"id":902,"uuid":"([0-9a-f-]{36})"/)?.output.1)
        let version1 = journal.replacingOccurrences(of: String(last), with: String(third))
            .replacing(/,"check":"[0-9a-f]{16}"\}\n/, with: "}\n")
            .replacingOccurrences(of: #"{"journal":2,"#, with: #"{"journal":1,"#)
        try writeJournal(version1)
        await expectRefused(Self.journalCommands)
    }

    @Test func aDamagedGenerationInTheJournalHeaderIsRefusedByEveryCommand() async throws {
        let journal = try await journalledStore()
        let generation = try #require(journal.firstMatch(of: /"generation":"([0-9a-f-]{36})"/)?.output.1)
        let damaged = (generation.first == "0" ? "1" : "0") + generation.dropFirst()
        try writeJournal(journal.replacingOccurrences(of: String(generation), with: damaged))
        await expectRefused(Self.journalCommands)
        try writeJournal(journal)
        #expect(await todo.run(["list", "--all", "--json"]).stdout.components(separatedBy: #""uuid""#).count == 903)
    }

    @Test func aBackupThatCannotBeWrittenIsAWarning() async throws {
        await todo.run(["add", "one"])
        let backup = try #require(FileManager.default.contents(atPath: todo.storePath + ".bak"))
        let result = await todo.run(["add", "two"], environment: ["TODO_SIMULATE_FAULT": "write:ENOSPC:.bak"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("Warning: the backup") && result.stderr.contains("older"), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: todo.storePath + ".bak") == backup)
        let next = await todo.run(["add", "three"])
        #expect(next.status == 0 && next.stderr == "", "\(next)")
        #expect(FileManager.default.contents(atPath: todo.storePath + ".bak") == todo.storeBytes, "written again")
    }

    @Test func anImportFileWithOneUUIDTwiceIsRefusedWith65() async throws {
        let uuid = "3f2504e0-4f89-41d3-9a0c-0305e82c3309"
        let file = todo.folder + "/twice.json"
        try """
        [{"id":1,"uuid":"\(uuid)","title":"First","createdAt":"2030-01-01T09:00:00Z"},
        {"id":2,"uuid":"\(uuid.uppercased())","title":"Second","createdAt":"2030-01-01T09:00:00Z"}]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = await todo.run(["import", file])
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains(uuid), "\(result.stderr)")
        #expect(todo.storeBytes == nil, "nothing imported")
    }
}
