import Foundation
import ReactorKitTesting
import Testing

@testable import TodoCore

/// Damage is never written over: every kind of damaged store, journal or backup is refused by
/// every operation with a typed error naming the file, the files stay byte for byte as they
/// were, and the documented recovery works.
@Suite struct StoreDamageTests {
    let folder = TemporaryFolder()
    let providers = ProviderPool()
    let uuids = UUIDSource.sequential()
    var path: String { folder.file("todos.json") }
    static let files = ["todos.json", "todos.json.journal", "todos.json.bak"]

    func service(_ options: JSONFileTodoStorage.Options = .init()) -> TodoServiceType {
        providers.keep(makeProvider(storage: JSONFileTodoStorage(path: path, options: options), uuids: uuids))
            .todoService
    }

    /// Every operation, as a function that returns its error (or nil when it succeeded).
    static func everyOperation(_ service: TodoServiceType) -> [(String, () -> TodoError?)] {
        [
            ("fetch", { todoError { try service.fetch(TodoQuery(status: .all)).toBlocking().single() } }),
            ("todo(id:)", { todoError { try service.todo(id: 1).toBlocking().single() } }),
            ("create", { todoError { try service.create(TodoDraft(title: "new")).toBlocking().single() } }),
            ("update", { todoError { try service.update(id: 1, TodoPatch(title: "x")).toBlocking().single() } }),
            ("markDone", { todoError { try service.markDone(ids: [1]).toBlocking().single() } }),
            ("markUndone", { todoError { try service.markUndone(ids: [1]).toBlocking().single() } }),
            ("delete", { todoError { try service.delete(ids: [1]).toBlocking().single() } }),
            ("move", { todoError { try service.move(id: 1, to: 1).toBlocking().single() } }),
            ("clearCompleted", { todoError { try service.clearCompleted().toBlocking().single() } }),
            ("undo", { todoError { try service.undo().toBlocking().single() } }),
            ("stats", { todoError { try service.stats().toBlocking().single() } }),
            (
                "importTodos",
                { todoError { try service.importTodos([ImportedTodo(title: "x")]).toBlocking().single() } }
            ),
        ]
    }

    func snapshotOfFiles() -> [String: [UInt8]?] {
        Dictionary(uniqueKeysWithValues: Self.files.map { ($0, folder.bytes($0)) })
    }

    /// Checks that every operation fails with an error matching `expected`, and that no file changed.
    func expectRefused(
        options: JSONFileTodoStorage.Options = .init(), sourceLocation: SourceLocation = #_sourceLocation,
        _ expected: (TodoError) -> Bool
    ) {
        let before = snapshotOfFiles()
        for (name, operation) in Self.everyOperation(service(options)) {
            let error = operation()
            #expect(
                error.map(expected) == true, "\(name): \(String(describing: error))", sourceLocation: sourceLocation)
        }
        #expect(snapshotOfFiles() == before, "the files are unchanged", sourceLocation: sourceLocation)
    }

    func makeGoodStore(_ options: JSONFileTodoStorage.Options = .init()) throws -> [UInt8] {
        let service = self.service(options)
        for title in ["Buy milk", "Call mum", "Write report"] {
            _ = try service.create(TodoDraft(title: title)).toBlocking().single()
        }
        _ = try service.markDone(ids: [2]).toBlocking().single()
        return folder.bytes("todos.json")!
    }

    static func isDamaged(_ file: String) -> (TodoError) -> Bool {
        { error in
            if case .storeDamaged(let damaged, _, _) = error { return damaged.hasSuffix(file) }
            return false
        }
    }

    @Test(arguments: [
        "zero-length", "truncated", "garbage", "not UTF-8", "an array", "a string", "todos not an array",
        "no todos", "no version", "version 0", "duplicate id", "todo without title", "blank title", "bad due date",
        "negative id", "trailing garbage",
    ])
    func aDamagedStoreIsRefusedByEveryOperationAndLeftAsItWas(kind: String) throws {
        let good = try makeGoodStore()
        let text = String(decoding: good, as: UTF8.self)
        let damaged: [UInt8]
        switch kind {
        case "zero-length": damaged = []
        case "truncated": damaged = Array(good.prefix(good.count / 2))
        case "garbage": damaged = [0x00, 0xFF, 0xFE, 0x20, 0x67, 0x61, 0x72]
        case "not UTF-8":
            damaged = Array(text.replacingOccurrences(of: "Buy milk", with: "Buy m\u{FFFD}lk").utf8).map {
                $0 == 0xBD ? 0xFF : $0
            }
        case "an array": damaged = Array("[1,2,3]\n".utf8)
        case "a string": damaged = Array("\"todos\"".utf8)
        case "todos not an array": damaged = Array(#"{"version":1,"todos":{}}"#.utf8)
        case "no todos": damaged = Array(#"{"version":1}"#.utf8)
        case "no version": damaged = Array(#"{"todos":[]}"#.utf8)
        case "version 0": damaged = Array(text.replacingOccurrences(of: #""version":3"#, with: #""version":0"#).utf8)
        case "duplicate id": damaged = Array(text.replacingOccurrences(of: #"{"id":3,"#, with: #"{"id":1,"#).utf8)
        case "todo without title":
            damaged = Array(text.replacingOccurrences(of: #""title":"Call mum","#, with: "").utf8)
        case "blank title":
            damaged = Array(text.replacingOccurrences(of: #""title":"Call mum""#, with: #""title":"  ""#).utf8)
        case "bad due date":
            damaged = Array(
                text.replacingOccurrences(of: #""title":"Call mum","#, with: #""title":"Call mum","due":"2030-02-30","#)
                    .utf8)
        case "negative id": damaged = Array(text.replacingOccurrences(of: #"{"id":2,"#, with: #"{"id":-2,"#).utf8)
        default: damaged = good + Array("}".utf8)
        }
        #expect(damaged != good)
        folder.write("todos.json", damaged)
        expectRefused(Self.isDamaged("todos.json"))
    }

    @Test func theKeyReplacesInAStoreOfVersionOneOrTwoIsDamage() throws {
        let good = try makeGoodStore()
        let text = String(decoding: good, as: UTF8.self)
        #expect(text.hasPrefix(#"{"version":3,"generation":""#) && text.contains(#""replaces":"#))
        for older in [1, 2] {
            folder.write("todos.json", text.replacingOccurrences(of: #""version":3"#, with: "\"version\":\(older)"))
            expectRefused(Self.isDamaged("todos.json"))
        }
        // Without the key, a version 2 store is read as that version wrote it.
        let version2 = text.replacingOccurrences(of: #""version":3"#, with: #""version":2"#)
            .replacing(#/"replaces":(null|"[^"]*"),/#, with: "")
        folder.write("todos.json", version2)
        #expect(try service().fetch(TodoQuery(status: .all)).toBlocking().single().count == 3)
    }

    @Test func aStoreFromANewerVersionIsRefusedAsNewerNotDamaged() throws {
        let good = try makeGoodStore()
        let text = String(decoding: good, as: UTF8.self)
        folder.write("todos.json", text.replacingOccurrences(of: #""version":3"#, with: #""version":999"#))
        expectRefused { $0 == .storeTooNew(file: path, version: 999, supported: 3) }
        // Also when the version is not the first key, and the rest is a shape this version cannot read.
        folder.write("todos.json", #"{"todos": "a new shape", "version": 4}"#)
        expectRefused { $0 == .storeTooNew(file: path, version: 4, supported: 3) }
    }

    @Test func theErrorNamesTheProblemAndTheWayBack() throws {
        let good = try makeGoodStore()
        folder.write("todos.json", Array(good.prefix(40)))
        let error = todoError { try service().fetch(TodoQuery()).toBlocking().single() }
        guard case .storeDamaged(let file, let problem, let recovery) = error else {
            Issue.record("expected storeDamaged, got \(String(describing: error))")
            return
        }
        #expect(file == path)
        #expect(problem.contains("line 1, column"))
        #expect(recovery == .restoreBackup(backup: "\(path).bak", store: path))
        #expect(error?.category == .damagedData)
    }

    @Test func theBackupBringsBackTheLastGoodStateAndTheJournalStillApplies() throws {
        let options = JSONFileStoreTests.journaled
        let service = self.service(options)
        for index in 1...8 { _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single() }
        _ = try service.markDone(ids: [3]).toBlocking().single()  // in the journal
        let expected = try service.fetch(TodoQuery(status: .all)).toBlocking().single()
        #expect(folder.exists("todos.json.journal"))
        folder.write("todos.json", [])
        expectRefused(options: options, Self.isDamaged("todos.json"))
        // The documented recovery: copy the backup over the store.
        folder.write("todos.json", folder.bytes("todos.json.bak")!)
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single() == expected)
        _ = try self.service(options).create(TodoDraft(title: "after recovery")).toBlocking().single()
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count == 9)
    }

    @Test func aDamagedJournalIsRefused() throws {
        let options = JSONFileStoreTests.journaled
        let service = self.service(options)
        for index in 1...8 { _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single() }
        _ = try service.markDone(ids: [3]).toBlocking().single()
        let journal = folder.bytes("todos.json.journal")!
        let lines = journal.split(separator: 0x0A, omittingEmptySubsequences: false)
        // A complete line of garbage in the middle.
        folder.write(
            "todos.json.journal", Array(lines[0]) + [0x0A] + Array("{garbage}\n".utf8) + Array(lines[1]) + [0x0A])
        expectRefused(options: options, Self.isDamaged("todos.json.journal"))
        // A damaged header.
        folder.write("todos.json.journal", Array("{\"journal\":1}\n".utf8) + journal.drop { $0 != 0x0A }.dropFirst())
        expectRefused(options: options, Self.isDamaged("todos.json.journal"))
        // An empty journal.
        folder.write("todos.json.journal", [])
        expectRefused(options: options, Self.isDamaged("todos.json.journal"))
        // The recovery: move the journal away; the snapshot's state comes back.
        let snapshot = try JSONSerialization.jsonObject(with: Data(folder.bytes("todos.json")!)) as? [String: Any]
        let inSnapshot = (snapshot?["todos"] as? [Any])?.count
        try FileManager.default.removeItem(atPath: folder.file("todos.json.journal"))
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count == inSnapshot)
    }

    @Test func aLastJournalLineCutShortByACrashIsIgnoredThenCutOff() throws {
        let options = JSONFileStoreTests.journaled
        let service = self.service(options)
        for index in 1...8 { _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single() }
        let before = try service.fetch(TodoQuery(status: .all)).toBlocking().single()
        let journalBefore = folder.bytes("todos.json.journal")!
        _ = try service.markDone(ids: [3]).toBlocking().single()
        let journal = folder.bytes("todos.json.journal")!
        folder.write("todos.json.journal", Array(journal.dropLast(25)))  // the append never finished
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single() == before)
        _ = try self.service(options).markDone(ids: [4]).toBlocking().single()
        let repaired = folder.bytes("todos.json.journal")!
        #expect(repaired.starts(with: journalBefore), "the unfinished line is gone")
        let added = String(decoding: repaired.dropFirst(journalBefore.count), as: UTF8.self)
        #expect(added.hasSuffix("\n") && added.split(separator: "\n").count == 1, "one new, complete line")
        #expect(added.contains(#""kind":"markedDone""#))
        #expect(try self.service(options).todo(id: 3).toBlocking().single().isDone == false)
        #expect(try self.service(options).todo(id: 4).toBlocking().single().isDone)
    }

    @Test func aStaleJournalFromACompactionCutShortIsIgnored() throws {
        let options = JSONFileStoreTests.journaled
        let service = self.service(options)
        for index in 1...8 { _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single() }
        _ = try service.markDone(ids: [3]).toBlocking().single()
        let staleJournal = folder.bytes("todos.json.journal")!
        // Fold the journal into a new snapshot (one rewrite), then put the old journal back, as
        // if the compaction had stopped between writing the snapshot and replacing the journal.
        _ = try self.service(Self.rewriting).markUndone(ids: [3]).toBlocking().single()
        let expected = try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single()
        folder.write("todos.json.journal", staleJournal)
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single() == expected)
        _ = try self.service(options).create(TodoDraft(title: "nine")).toBlocking().single()
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count == 9)
    }

    @Test func aStaleJournalIsIgnoredByEveryOperationOfOneStorageNotOnlyTheFirst() throws {
        // A long-lived front end (`todo ui`, a sync that reads, then writes) reads the store
        // again and again through one storage object: it caches the state, and must not take
        // the stale journal's header for a change appended since.
        let options = JSONFileStoreTests.journaled
        let service = self.service(options)
        for index in 1...8 { _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single() }
        let staleJournal = folder.bytes("todos.json.journal")!
        _ = try self.service(Self.rewriting).markDone(ids: [3]).toBlocking().single()  // one rewrite, "cut short"
        folder.write("todos.json.journal", staleJournal)
        let storage = JSONFileTodoStorage(path: folder.file("todos.json"), options: options)
        let reader = providers.keep(makeProvider(storage: storage, uuids: uuids)).todoService
        #expect(try reader.fetch(TodoQuery(status: .all)).toBlocking().single().count == 8)
        #expect(try reader.fetch(TodoQuery(status: .all)).toBlocking().single().count == 8)
        _ = try reader.create(TodoDraft(title: "nine")).toBlocking().single()
        #expect(try reader.fetch(TodoQuery(status: .all)).toBlocking().single().count == 9)
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count == 9)
    }

    @Test func aDamagedBackupIsRefusedSoThatItIsNotWrittenOver() throws {
        _ = try makeGoodStore()
        folder.write("todos.json.bak", "{ half")
        expectRefused(Self.isDamaged("todos.json.bak"))
        try FileManager.default.removeItem(atPath: folder.file("todos.json.bak"))
        #expect(try service().fetch(TodoQuery(status: .all)).toBlocking().single().count == 3)
    }

    @Test func aDamagedBackupOfALargeStoreIsRefusedToo() throws {
        _ = try makeGoodStore(JSONFileStoreTests.journaled)
        for index in 1...8 {
            _ = try service(JSONFileStoreTests.journaled).create(TodoDraft(title: "more \(index)")).toBlocking()
                .single()
        }
        #expect(folder.exists("todos.json.journal"))
        folder.write("todos.json.bak", [0xFF, 0x00])
        expectRefused(options: JSONFileStoreTests.journaled, Self.isDamaged("todos.json.bak"))
    }
}
