import Foundation
import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The JSON-file store: what it writes, what it reads back, its two modes (whole file,
/// snapshot + journal), and the files beside it.
@Suite struct JSONFileStoreTests {
    let folder = TemporaryFolder()
    let providers = ProviderPool()
    let uuids = UUIDSource.sequential()
    var path: String { folder.file("todos.json") }

    /// Options that make a store of a few todos keep a journal.
    static let journaled = JSONFileTodoStorage.Options(compactionThreshold: 600, journalLimit: 4_000)

    func service(_ options: JSONFileTodoStorage.Options = .init(), clock: FakeClock = FakeClock()) -> TodoServiceType {
        providers.keep(
            makeProvider(storage: JSONFileTodoStorage(path: path, options: options), clock: clock, uuids: uuids)
        )
        .todoService
    }

    @Test func aMissingFileIsAnEmptyStoreAndReadingCreatesNothing() throws {
        let nested = folder.file("a/b/todos.json")
        let storage = JSONFileTodoStorage(path: nested)
        let todos = try providers.keep(makeProvider(storage: storage)).todoService.fetch(TodoQuery(status: .all))
            .toBlocking().single()
        #expect(todos == [])
        #expect(!folder.exists("a"))
    }

    @Test func readingCreatesNoLockFile() throws {
        // In an existing folder, without a store: nothing appears.
        #expect(try service().fetch(TodoQuery(status: .all)).toBlocking().single() == [])
        #expect(!folder.exists("todos.json.lock"))
        // A store no `todo` wrote (copied, or its lock file removed) is read without one.
        _ = try service().create(TodoDraft(title: "Buy milk")).toBlocking().single()
        try FileManager.default.removeItem(atPath: path + ".lock")
        #expect(try service().fetch(TodoQuery(status: .all)).toBlocking().single().map(\.title) == ["Buy milk"])
        #expect(!folder.exists("todos.json.lock"))
        // The next change makes it again.
        _ = try service().create(TodoDraft(title: "Call mum")).toBlocking().single()
        #expect(folder.exists("todos.json.lock"))
    }

    @Test func writingCreatesTheMissingFoldersAndOneJSONDocumentWithAVersion() throws {
        let nested = folder.file("a/b/todos.json")
        let service = providers.keep(makeProvider(storage: JSONFileTodoStorage(path: nested), uuids: uuids)).todoService
        _ = try service.create(TodoDraft(title: "Buy milk")).toBlocking().single()
        let data = try #require(FileManager.default.contents(atPath: nested))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(document["version"] as? Int == 3)
        let todos = try #require(document["todos"] as? [[String: Any]])
        #expect(todos.count == 1)
        #expect(todos[0]["title"] as? String == "Buy milk")
        #expect(todos[0]["id"] as? Int == 1)
    }

    @Test func aChangeThatFailsOrChangesNothingCreatesNoFolderAndNoLock() throws {
        let nested = folder.file("a/b/todos.json")
        let service = providers.keep(makeProvider(storage: JSONFileTodoStorage(path: nested), uuids: uuids)).todoService
        #expect(throws: TodoError.unknownTodos([1])) { try service.markDone(ids: [1]).toBlocking().single() }
        #expect(throws: TodoError.self) { try service.undo().toBlocking().single() }
        _ = try service.clearCompleted().toBlocking().single()  // nothing to clear: no change
        #expect(!folder.exists("a"))
        _ = try service.create(TodoDraft(title: "Buy milk")).toBlocking().single()
        #expect(folder.exists("a/b/todos.json"))
        #expect(try service.fetch(TodoQuery(status: .all)).toBlocking().single().map(\.title) == ["Buy milk"])
    }

    @Test func aStoreMadeByAnotherWriterWhileAChangeWasWorkedOutIsNotWrittenOver() throws {
        // The first change to a store whose folder is missing is worked out on an empty store;
        // if another writer made the store meanwhile, it is worked out again on what is there.
        let nested = folder.file("a/todos.json")
        let storage = JSONFileTodoStorage(path: nested)
        let other = providers.keep(makeProvider(storage: JSONFileTodoStorage(path: nested), uuids: uuids)).todoService
        var runs = 0
        let titles = try storage.write { contents -> (change: TodoChange?, result: [String]) in
            runs += 1
            if runs == 1 { _ = try? other.create(TodoDraft(title: "From the other writer")).toBlocking().single() }
            let existing = try contents.allTodos()
            let todo = Todo(
                id: existing.count + 1, uuid: UUID(), title: "Mine", createdAt: Date(timeIntervalSince1970: 0),
                position: (existing.count + 1) * 1024)
            return (TodoChange(kind: .created, put: [todo], created: [todo.id]), existing.map(\.title))
        }
        #expect(runs == 2)
        #expect(titles == ["From the other writer"])
        let stored = try storage.read { try $0.allTodos() }.map(\.title)
        #expect(stored == ["From the other writer", "Mine"])
    }

    @Test func whatOneStorageWritesAnotherReadsBackExactly() throws {
        let clock = FakeClock()
        let writer = service(clock: clock)
        var draft = TodoDraft(title: "Pay \"rent\" \\ now", note: "line 1\nline 2\ttab", priority: .high)
        draft.due = .tomorrow
        draft.tags = ["home", "money"]
        draft.recurrence = .monthly
        let created = try writer.create(draft).toBlocking().single()
        let unicode = try writer.create(TodoDraft(title: "Café 🍰 日本語 \u{1}")).toBlocking().single()
        clock.advance(seconds: 60)
        _ = try writer.markDone(ids: [unicode.id]).toBlocking().single()
        let reader = service()
        let all = try reader.fetch(TodoQuery(status: .all)).toBlocking().single()
        #expect(all.map(\.id) == [1, 2])
        #expect(all[0] == created)
        #expect(all[1].title == "Café 🍰 日本語 \u{1}")
        #expect(all[1].isDone)
        #expect(all[1].completedAt == clock.now)
    }

    @Test func aSmallStoreIsRewrittenWholeAndKeepsABackupCopy() throws {
        let service = self.service()
        _ = try service.create(TodoDraft(title: "one")).toBlocking().single()
        _ = try service.create(TodoDraft(title: "two")).toBlocking().single()
        #expect(!folder.exists("todos.json.journal"))
        #expect(folder.bytes("todos.json.bak") == folder.bytes("todos.json"))
        #expect(folder.exists("todos.json.lock"))
        #expect(!folder.exists("todos.json.tmp"))
    }

    @Test func aLargeStoreAppendsToItsJournalAndFoldsItInWhenItIsFull() throws {
        let service = self.service(Self.journaled)
        for index in 1...6 { _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single() }
        #expect(folder.exists("todos.json.journal"))
        let snapshotBefore = folder.bytes("todos.json")
        _ = try service.markDone(ids: [2]).toBlocking().single()
        #expect(folder.bytes("todos.json") == snapshotBefore, "a change to a large store only appends")
        let journal = String(decoding: folder.bytes("todos.json.journal") ?? [], as: UTF8.self)
        #expect(journal.hasSuffix("\n"))
        #expect(journal.contains(#""kind":"markedDone""#))
        // Enough changes to fill the journal: it is folded into the snapshot, and starts over.
        for _ in 1...20 {
            _ = try service.markUndone(ids: [2]).toBlocking().single()
            _ = try service.markDone(ids: [2]).toBlocking().single()
        }
        #expect(folder.bytes("todos.json") != snapshotBefore)
        #expect((folder.bytes("todos.json.journal")?.count ?? 0) < Self.journaled.journalLimit)
        let reread = try self.service().fetch(TodoQuery(status: .all)).toBlocking().single()
        #expect(reread.count == 6)
        #expect(reread.first { $0.id == 2 }?.isDone == true)
    }

    @Test func aTodoIsFoundByIdWithoutReadingTheWholeLargeStore() throws {
        let writer = service(Self.journaled)
        for index in 1...40 { _ = try writer.create(TodoDraft(title: "todo \(index)")).toBlocking().single() }
        _ = try writer.delete(ids: [7, 20]).toBlocking().single()
        // Make the journal vouch for a fresh snapshot, then change a few todos in the journal.
        _ = try writer.clearCompleted().toBlocking().single()
        let storage = JSONFileTodoStorage(path: path, options: Self.journaled)
        try storage.read { contents throws in
            for id in [1, 2, 6, 8, 19, 21, 39, 40] {
                #expect(try contents.todo(id: id)?.title == "todo \(id)")
            }
            #expect(try contents.todo(id: 7) == nil)
            #expect(try contents.todo(id: 20) == nil)
            #expect(try contents.todo(id: 41) == nil)
            #expect(try contents.todo(id: 0) == nil)
            #expect(try contents.nextID() == 41)
            #expect((contents as? FileContents)?.loadedState == nil, "a lookup by id does not load every todo")
        }
    }

    @Test func journaledChangesAreSeenByTheLookupById() throws {
        let writer = service(Self.journaled)
        for index in 1...10 { _ = try writer.create(TodoDraft(title: "todo \(index)")).toBlocking().single() }
        _ = try writer.update(id: 3, TodoPatch(title: "renamed")).toBlocking().single()
        _ = try writer.delete(ids: [4]).toBlocking().single()
        let created = try writer.create(TodoDraft(title: "eleven")).toBlocking().single()
        #expect(created.id == 11)
        let storage = JSONFileTodoStorage(path: path, options: Self.journaled)
        try storage.read { contents throws in
            #expect(try contents.todo(id: 3)?.title == "renamed")
            #expect(try contents.todo(id: 4) == nil)
            #expect(try contents.todo(id: 11)?.title == "eleven")
            #expect(try contents.nextID() == 12)
        }
    }

    @Test func aLongLivedStorageFollowsWhatOthersWrite() throws {
        let mine = JSONFileTodoStorage(path: path, options: Self.journaled)
        let myService = providers.keep(makeProvider(storage: mine)).todoService
        let other = service(Self.journaled)
        for index in 1...8 { _ = try other.create(TodoDraft(title: "todo \(index)")).toBlocking().single() }
        #expect(try myService.fetch(TodoQuery()).toBlocking().single().count == 8)
        #expect(!mine.hasOutsideChanges())
        _ = try other.markDone(ids: [1]).toBlocking().single()  // appended to the journal
        #expect(mine.hasOutsideChanges())
        #expect(try myService.fetch(TodoQuery()).toBlocking().single().count == 7)
        #expect(!mine.hasOutsideChanges())
        _ = try other.clearCompleted().toBlocking().single()
        _ = try myService.create(TodoDraft(title: "mine")).toBlocking().single()
        let titles = try other.fetch(TodoQuery()).toBlocking().single().map(\.title)
        #expect(titles.last == "mine")
        #expect(titles.count == 8)
    }

    @Test func idsAreNeverReusedAfterDeleteClearOrUndo() throws {
        let service = self.service()
        _ = try service.create(TodoDraft(title: "a")).toBlocking().single()
        _ = try service.create(TodoDraft(title: "b")).toBlocking().single()
        _ = try service.delete(ids: [2]).toBlocking().single()
        #expect(try service.create(TodoDraft(title: "c")).toBlocking().single().id == 3)
        _ = try service.markDone(ids: [3]).toBlocking().single()
        _ = try service.clearCompleted().toBlocking().single()
        #expect(try service.create(TodoDraft(title: "d")).toBlocking().single().id == 4)
        _ = try service.undo().toBlocking().single()  // removes d
        #expect(try self.service().create(TodoDraft(title: "e")).toBlocking().single().id == 5)
    }

    @Test func theUndoHistoryOutlivesTheProcess() throws {
        _ = try service().create(TodoDraft(title: "a")).toBlocking().single()
        let deleted = try service().delete(ids: [1]).toBlocking().single()
        let undone = try service().undo().toBlocking().single()
        #expect(undone.undoneKind == .deleted)
        #expect(undone.restored == deleted)
        #expect(try service().todo(id: 1).toBlocking().single() == deleted[0])
    }

    @Test func theUndoHistoryOutlivesACompaction() throws {
        let service = self.service(Self.journaled)
        for index in 1...12 { _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single() }
        let deleted = try service.delete(ids: [5]).toBlocking().single()
        let snapshot = folder.bytes("todos.json")
        for _ in 1...8 {
            _ = try service.markDone(ids: [1]).toBlocking().single()
            _ = try service.markUndone(ids: [1]).toBlocking().single()
        }
        #expect(folder.bytes("todos.json") != snapshot, "the journal was folded into the snapshot")
        for _ in 1...16 { #expect(try service.undo().toBlocking().single().undoneKind != .deleted) }
        #expect(try self.service(Self.journaled).undo().toBlocking().single().undoneKind == .deleted)
        #expect(try self.service(Self.journaled).todo(id: 5).toBlocking().single() == deleted[0])
    }

    @Test func aLargeStoreIsDecodedOnEveryCoreAndReadsBackTheSame() throws {
        // Enough todos for the parallel decoding of the store's lines (over 1 MiB of them).
        let items = (1...6_000).map { index in
            ImportedTodo(
                title: "todo \(index) with a title long enough to make the file large \u{e9}",
                note: index % 7 == 0 ? "n\"\(index)" : nil,
                isDone: index % 3 == 0, priority: Priority(rawValue: index % 4)!,
                due: index % 5 == 0 ? day("2030-01-10") : nil,
                tags: index % 4 == 0 ? ["a", "b\(index % 3)"] : [], recurrence: index % 11 == 0 ? .weekly : nil)
        }
        let result = try service().importTodos(items).toBlocking().single()
        #expect((folder.bytes("todos.json")?.count ?? 0) > TodoLines.parallelThreshold)
        let read = try service().fetch(TodoQuery(status: .all)).toBlocking().single()
        #expect(read == result.created)
        // The same file, laid out differently by hand, is read the general way, to the same todos.
        let text = String(decoding: folder.bytes("todos.json")!, as: UTF8.self)
        folder.write("todos.json", text.replacingOccurrences(of: "},\n{", with: "},\n  {"))
        try? FileManager.default.removeItem(atPath: folder.file("todos.json.bak"))
        #expect(try service().fetch(TodoQuery(status: .all)).toBlocking().single() == result.created)
    }

    @Test(arguments: [false, true])
    func everyFieldSurvivesTheStoreWholeOrJournaled(journaled: Bool) throws {
        let options = journaled ? Self.journaled : JSONFileTodoStorage.Options()
        let service = self.service(options)
        for index in 1...6 { _ = try service.create(TodoDraft(title: "filler \(index)")).toBlocking().single() }
        let full = try service.create(
            TodoDraft(
                title: "Plant roses", note: "by the fence", priority: .low, due: .day(day("2030-03-01")),
                tags: ["garden"], recurrence: .yearly, project: "Home.Garden", wait: .day(day("2030-02-01")),
                scheduled: .day(day("2030-02-15")), depends: [1, 3])
        ).toBlocking().single()
        _ = try service.annotate(ids: [full.id], text: "buy compost\nand gloves").toBlocking().single()
        _ = try service.start(ids: [full.id]).toBlocking().single()
        let expected = try service.todo(id: full.id).toBlocking().single()
        #expect(expected.annotations.count == 1 && expected.startedAt != nil && expected.depends == [1, 3])
        if journaled { #expect(folder.exists("todos.json.journal")) }
        // Read back by a new storage: the lookup by id, and every todo.
        #expect(try self.service(options).todo(id: full.id).toBlocking().single() == expected)
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single().last == expected)
        // Written into the snapshot (a rewrite), then read back again.
        _ = try JSONFileTodoStorage(path: path, options: JSONFileTodoStorage.Options(journalLimit: 0)).write { _ in
            (TodoChange(kind: .updated, put: [expected], before: [expected]), ())
        }
        #expect(try self.service(options).todo(id: full.id).toBlocking().single() == expected)
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single().last == expected)
    }
}
