import Foundation
import ReactorKitTesting
import TestSupport
import Testing

@testable import TodoCore

/// A journal is applied to its snapshot only when it belongs to it: a damaged byte in a record
/// or its header (a uuid turned into another todo's, a generation), a journal of an unknown
/// generation, or one left beside a store file copied from an older backup, is damage refused
/// with every file unchanged — never changes dropped silently, never a store written that this
/// version refuses.
extension StoreDamageTests {
    /// A journalled store of nine todos: eight in the snapshot, the ninth created by the journal's
    /// last record. Returns the journal as text.
    func journalledStore() throws -> String {
        let service = self.service(JSONFileStoreTests.journaled)
        for index in 1...8 { _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single() }
        #expect(try service.create(TodoDraft(title: "in the journal")).toBlocking().single().id == 9)
        let journal = String(decoding: try #require(folder.bytes("todos.json.journal")), as: UTF8.self)
        #expect(journal.split(separator: "\n").count >= 2, "a header and changes")
        return journal
    }

    /// Options with which every change rewrites the store (a compaction).
    static let rewriting = JSONFileTodoStorage.Options(compactionThreshold: 600, journalLimit: 0)

    func uuid(of id: Int) throws -> String {
        try service(JSONFileStoreTests.journaled).todo(id: id).toBlocking().single().uuid.uuidString.lowercased()
    }

    /// `journal` with each line's checksum worked out again: damage a checksum cannot see.
    static func resealed(_ journal: String) -> String {
        journal.split(separator: "\n").map { line in
            let object = line.replacing(/,"check":"[0-9a-f]{16}"\}$/, with: "}")
            return String(decoding: Journal.sealed(Array(object.utf8)), as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }

    /// `journal` as the previous release wrote it: version 1, no checksums.
    static func version1(_ journal: String) -> String {
        journal.replacing(/,"check":"[0-9a-f]{16}"\}\n/, with: "}\n")
            .replacingOccurrences(of: #"{"journal":2,"#, with: #"{"journal":1,"#)
    }

    static func isDamagedJournal(mentioning words: String) -> (TodoError) -> Bool {
        { error in
            guard case .storeDamaged(let file, let problem, _) = error else { return false }
            return file.hasSuffix("todos.json.journal") && problem.contains(words)
        }
    }

    @Test func aJournalRecordGivingATodoAnotherTodosUUIDIsRefusedByEveryOperation() throws {
        let journal = try journalledStore()
        let (third, ninth) = (try uuid(of: 3), try uuid(of: 9))
        folder.write("todos.json.journal", journal.replacingOccurrences(of: ninth, with: third))
        expectRefused(options: JSONFileStoreTests.journaled, Self.isDamagedJournal(mentioning: "checksum"))
        folder.write("todos.json.journal", journal)
        #expect(try service().fetch(TodoQuery(status: .all)).toBlocking().single().count == 9)
    }

    @Test(arguments: ["resealed", "version 1"])
    func aRepeatedUUIDThatNoChecksumCatchesIsStillNeverReadWholeNorWritten(form: String) throws {
        let options = JSONFileStoreTests.journaled
        let journal = try journalledStore()
        let (third, ninth) = (try uuid(of: 3), try uuid(of: 9))
        let damaged = journal.replacingOccurrences(of: ninth, with: third)
        folder.write("todos.json.journal", form == "resealed" ? Self.resealed(damaged) : Self.version1(damaged))
        let before = snapshotOfFiles()
        let service = self.service(options)
        let operations: [() -> TodoError?] = [
            { todoError { try service.fetch(TodoQuery(status: .all)).toBlocking().single() } },
            { todoError { try service.stats().toBlocking().single() } },
            { todoError { try service.clearCompleted().toBlocking().single() } },
            { todoError { try service.undo().toBlocking().single() } },
            { todoError { try service.importTodos([ImportedTodo(title: "x")]).toBlocking().single() } },
        ]
        for operation in operations {
            #expect(operation().map(Self.isDamagedJournal(mentioning: "same uuid \(third)")) == true)
        }
        if form == "version 1" {
            // A version 1 journal is never appended to: every change rewrites the store, which
            // reads it whole, and refuses.
            #expect(todoError { try service.create(TodoDraft(title: "x")).toBlocking().single() } != nil)
            #expect(todoError { try service.markDone(ids: [1]).toBlocking().single() } != nil)
        }
        #expect(snapshotOfFiles() == before, "nothing written: no snapshot or backup with one uuid twice")
    }

    @Test(arguments: ["sealed", "resealed", "version 1", "unknown generation"])
    func aJournalHeaderOfAnotherGenerationIsRefusedNotIgnored(form: String) throws {
        let journal = try journalledStore()
        let generation = try #require(journal.firstMatch(of: /"generation":"([0-9a-f-]{36})"/)?.output.1)
        let other: String
        if form == "unknown generation" {
            other = UUID().uuidString.lowercased()
        } else {
            // One damaged character.
            let first = generation.first == "0" ? "1" : "0"
            other = first + generation.dropFirst()
        }
        let damaged = journal.replacingOccurrences(of: String(generation), with: other)
        switch form {
        case "sealed": folder.write("todos.json.journal", damaged)
        case "version 1": folder.write("todos.json.journal", Self.version1(damaged))
        default: folder.write("todos.json.journal", Self.resealed(damaged))
        }
        expectRefused(
            options: JSONFileStoreTests.journaled,
            Self.isDamagedJournal(mentioning: form == "sealed" ? "checksum" : "generation \(other)"))
        folder.write("todos.json.journal", journal)
        #expect(try service().fetch(TodoQuery(status: .all)).toBlocking().single().count == 9, "nothing was lost")
    }

    @Test func onlyAJournalOfTheGenerationTheSnapshotReplacedIsStale() throws {
        let options = JSONFileStoreTests.journaled
        let journal = try journalledStore()
        /// One change, one rewrite.
        func compact(done: Bool) throws {
            let service = self.service(Self.rewriting)
            _ = try (done ? service.markDone(ids: [3]) : service.markUndone(ids: [3])).toBlocking().single()
        }
        try compact(done: true)
        // The journal the snapshot replaced: stale (a compaction cut short), ignored.
        folder.write("todos.json.journal", journal)
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count == 9)
        // Two rewrites later it belongs to neither the snapshot nor the one it replaced.
        try compact(done: false)
        try compact(done: true)
        folder.write("todos.json.journal", journal)
        expectRefused(options: options, Self.isDamagedJournal(mentioning: "replaced"))
    }

    @Test func aStaleJournalIsRemovedBeforeTheNextRewriteSoThatASecondCutShortOneIsStaleToo() throws {
        let options = JSONFileStoreTests.journaled
        let journal = try journalledStore()
        _ = try service(Self.rewriting).markDone(ids: [3]).toBlocking().single()
        folder.write("todos.json.journal", journal)  // the compaction was cut short
        _ = try service(Self.rewriting).create(TodoDraft(title: "ten")).toBlocking().single()
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count == 10)
    }

    @Test func aSnapshotWithoutReplacesKeepsTheRuleOfThePreviousRelease() throws {
        let options = JSONFileStoreTests.journaled
        let journal = try journalledStore()
        _ = try service(Self.rewriting).markDone(ids: [3]).toBlocking().single()
        let snapshot = String(decoding: try #require(folder.bytes("todos.json")), as: UTF8.self)
        let old = snapshot.replacing(/"replaces":("[0-9a-f-]{36}"|null),/, with: "")
        #expect(old != snapshot)
        folder.write("todos.json", old)
        // A journal of any other generation beside it is stale, as the previous release read it.
        let other = journal.replacing(/"generation":"[0-9a-f-]{36}"/, with: #""generation":"\#(UUID().uuidString)""#)
        folder.write("todos.json.journal", Self.version1(other))
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count == 9)
    }

    // MARK: The backup

    @Test func aBackupThatCannotBeWrittenIsAWarningAndTheNextChangeWritesItAgain() throws {
        let warnings = Locked<[String]>([])
        _ = try journalledStore()
        let oldBackup = try #require(folder.bytes("todos.json.bak"))
        var full = JSONFileTodoStorage.Options(
            compactionThreshold: 600, journalLimit: 0,
            faults: StoreFaults(failing: .write, with: ENOSPC, onFilesEndingWith: ".bak"),
            warn: { message in warnings.withLock { $0.append(message) } })
        _ = try service(full).create(TodoDraft(title: "while the disk is full")).toBlocking().single()
        #expect(folder.bytes("todos.json.bak") == oldBackup, "the old backup is kept")
        let said = warnings.withLock { $0 }
        #expect(said.count == 1 && said[0].contains("could not be written") && said[0].contains("older"), "\(said)")
        // While the backup is older than the store, no change is appended: each rewrites the store.
        full.journalLimit = JSONFileStoreTests.journaled.journalLimit
        _ = try service(full).create(TodoDraft(title: "still full")).toBlocking().single()
        #expect(warnings.withLock { $0.count } == 2)
        #expect(
            String(decoding: folder.bytes("todos.json.journal") ?? [], as: UTF8.self).split(separator: "\n").count == 1)
        #expect(folder.bytes("todos.json.bak") == oldBackup)
        // Room again: the next change writes the backup, then changes are appended again.
        _ = try service(JSONFileStoreTests.journaled).create(TodoDraft(title: "room again")).toBlocking().single()
        #expect(folder.bytes("todos.json.bak") == folder.bytes("todos.json"))
        _ = try service(JSONFileStoreTests.journaled).create(TodoDraft(title: "appended")).toBlocking().single()
        #expect(
            String(decoding: folder.bytes("todos.json.journal") ?? [], as: UTF8.self).split(separator: "\n").count == 2)
        // The documented recovery now loses nothing.
        let expected = try service().fetch(TodoQuery(status: .all)).toBlocking().single()
        folder.write("todos.json", "{ damaged")
        folder.write("todos.json", try #require(folder.bytes("todos.json.bak")))
        #expect(
            try service(JSONFileStoreTests.journaled).fetch(TodoQuery(status: .all)).toBlocking().single() == expected)
    }

    @Test func aStoreCopiedBackFromABackupOlderThanItsJournalIsRefusedNotShortenedSilently() throws {
        _ = try journalledStore()
        var full = JSONFileStoreTests.journaled
        full.faults = StoreFaults(failing: .write, with: ENOSPC, onFilesEndingWith: ".bak")
        full.journalLimit = 0
        _ = try service(full).create(TodoDraft(title: "bulk edit, backup not written")).toBlocking().single()
        full.journalLimit = JSONFileStoreTests.journaled.journalLimit
        _ = try service(full).create(TodoDraft(title: "later")).toBlocking().single()
        // The store file is damaged: the advice says the backup is older, and what that loses.
        folder.write("todos.json", "{ damaged")
        let error = todoError { try service().fetch(TodoQuery(status: .all)).toBlocking().single() }
        guard case .storeDamaged(_, _, .advice(let advice)) = error else {
            Issue.record("expected the older backup's advice, got \(String(describing: error))")
            return
        }
        #expect(advice.contains("older than the journal") && advice.contains("mv "), "\(advice)")
        // Copying the backup back alone: the journal belongs to neither, refused, never dropped silently.
        folder.write("todos.json", try #require(folder.bytes("todos.json.bak")))
        expectRefused(options: JSONFileStoreTests.journaled, Self.isDamagedJournal(mentioning: "generation"))
        // Moving the journal away too, as the advice says: the backup's todos.
        try FileManager.default.moveItem(
            atPath: folder.file("todos.json.journal"), toPath: folder.file("todos.json.journal.damaged"))
        let backup = try JSONSerialization.jsonObject(with: Data(try #require(folder.bytes("todos.json.bak"))))
        let inBackup = try #require(((backup as? [String: Any])?["todos"] as? [Any])?.count)
        #expect(try service().fetch(TodoQuery(status: .all)).toBlocking().single().count == inBackup)
    }
}

extension StoreDamageTests {
    @Test func anImportWithOneUUIDTwiceIsRefusedNamingIt() {
        let uuid = "3f2504e0-4f89-41d3-9a0c-0305e82c3309"
        let text = """
            {"version":2,"todos":[{"id":1,"uuid":"\(uuid)","title":"First","createdAt":"2030-01-01T09:00:00Z"},
            {"id":2,"uuid":"\(uuid.uppercased())","title":"Second","createdAt":"2030-01-01T09:00:00Z"}]}
            """
        let error = todoError { try TodoJSONFormat.parse(Array(text.utf8), file: "twice.json") }
        guard case .invalidImport(let file, let line, let problem) = error else {
            Issue.record("expected invalidImport, got \(String(describing: error))")
            return
        }
        #expect(file == "twice.json" && line == 2)
        #expect(problem.contains("same uuid \(uuid)"), "\(problem)")
        #expect(error?.category == .damagedData)
    }
}

extension StoreDamageTests {
    /// The last guard: whatever a change holds, a rewrite (or an append made with the whole
    /// store read) never writes a store this version refuses.
    @Test(arguments: ["rewrite", "append"])
    func aChangeThatWouldGiveTwoTodosOneUUIDIsNeverWritten(write: String) throws {
        let options = write == "rewrite" ? JSONFileTodoStorage.Options() : JSONFileStoreTests.journaled
        if write == "append" { _ = try journalledStore() } else { _ = try makeGoodStore(options) }
        let count = try service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count
        let before = snapshotOfFiles()
        let storage = JSONFileTodoStorage(path: path, options: options)
        let error = todoError {
            try storage.write { contents -> (change: TodoChange?, result: Void) in
                _ = try contents.allTodos()
                var copy = try #require(try contents.todo(id: 1))
                copy.id = 99
                copy.position = 99 * 1024
                return (TodoChange(kind: .created, put: [copy]), ())
            }
        }
        guard case .storeDamaged(_, let problem, _) = error else {
            Issue.record("expected storeDamaged, got \(String(describing: error))")
            return
        }
        #expect(problem.contains("same uuid"), "\(problem)")
        #expect(snapshotOfFiles() == before, "nothing written")
        #expect(
            try service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count == count,
            "the store still reads")
    }
}

extension StoreDamageTests {
    @Test(arguments: [false, true])
    func aStoreOfThePreviousReleaseIsReadAndTheNextChangeWritesTheNewFormat(oldSnapshot: Bool) throws {
        let options = JSONFileStoreTests.journaled
        let journal = try journalledStore()
        if oldSnapshot {
            let snapshot = String(decoding: try #require(folder.bytes("todos.json")), as: UTF8.self)
            folder.write("todos.json", snapshot.replacing(/"replaces":("[0-9a-f-]{36}"|null),/, with: ""))
        }
        folder.write("todos.json.journal", Self.version1(journal))
        #expect(try service(options).todo(id: 9).toBlocking().single().title == "in the journal")
        #expect(try service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count == 9)
        _ = try service(options).create(TodoDraft(title: "ten")).toBlocking().single()
        let rewritten = String(decoding: try #require(folder.bytes("todos.json.journal")), as: UTF8.self)
        #expect(rewritten.hasPrefix(#"{"journal":2,"#), "a version 1 journal is rewritten, not appended to")
        #expect(String(decoding: try #require(folder.bytes("todos.json")), as: UTF8.self).contains(#""replaces":""#))
        #expect(try service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count == 10)
    }
}
