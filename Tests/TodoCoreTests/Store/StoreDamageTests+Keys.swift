import Foundation
import ReactorKitTesting
import Testing

@testable import TodoCore

/// A store of a version this code writes has no key it does not know and no key twice: a
/// damaged byte in a key name is damage, refused with every file left as it was — never a
/// field silently dropped, and lost for good by the next write.
extension StoreDamageTests {
    /// A store holding every key a store can have: each todo key, each top-level key, each
    /// history record key (`created` included).
    static let storeWithEveryKey = """
        {"version":2,"generation":"3f2504e0-4f89-41d3-9a0c-0305e82c3301","nextId":3,"nextPosition":3072,"todos":[
        {"id":1,"uuid":"3f2504e0-4f89-41d3-9a0c-0305e82c3302","title":"Pay rent","note":"account 123","priority":"high","due":"2030-02-01","tags":["home","money"],"createdAt":"2030-01-01T09:00:00Z","updatedAt":"2030-01-02T09:00:00Z","recurrence":"monthly","project":"Home.Bills","wait":"2030-01-20","scheduled":"2030-01-25","depends":[2],"annotations":[{"at":"2030-01-02T09:00:00Z","text":"asked for the IBAN"}],"startedAt":"2030-01-02T09:00:00Z","position":1024},
        {"id":2,"uuid":"3f2504e0-4f89-41d3-9a0c-0305e82c3303","title":"Buy milk","isDone":true,"createdAt":"2030-01-01T09:00:00Z","updatedAt":"2030-01-03T09:00:00Z","completedAt":"2030-01-03T09:00:00Z","position":2048}
        ],"history":[
        {"kind":"created","put":[],"delete":[],"before":[],"created":[2]},
        {"kind":"markedDone","put":[],"delete":[],"before":[{"id":2,"uuid":"3f2504e0-4f89-41d3-9a0c-0305e82c3303","title":"Buy milk","createdAt":"2030-01-01T09:00:00Z","position":2048}]}
        ]}

        """

    static let everyStoreKey = [
        "id", "uuid", "title", "note", "isDone", "priority", "due", "tags", "createdAt", "updatedAt", "completedAt",
        "recurrence", "position", "version", "generation", "nextId", "nextPosition", "todos", "history", "kind", "put",
        "delete", "before", "created", "project", "wait", "scheduled", "depends", "annotations", "startedAt", "at",
        "text",
    ]

    @Test func theStoreWithEveryKeyIsReadWhole() throws {
        folder.write("todos.json", Self.storeWithEveryKey)
        let todos = try service().fetch(TodoQuery(status: .all)).toBlocking().single()
        #expect(todos.map(\.title) == ["Pay rent", "Buy milk"])
        #expect(todos[0].note == "account 123" && todos[0].recurrence == .monthly && todos[0].tags.count == 2)
        #expect(
            todos[0].project == "Home.Bills" && todos[0].wait == day("2030-01-20")
                && todos[0].scheduled == day("2030-01-25"))
        #expect(todos[0].depends == [2] && todos[0].annotations.map(\.text) == ["asked for the IBAN"])
        #expect(todos[0].startedAt == Timestamp.parse("2030-01-02T09:00:00Z"))
        #expect(todos[1].isDone && todos[1].completedAt != nil)
    }

    @Test(arguments: everyStoreKey)
    func aDamagedByteInAKeyNameIsRefused(key: String) throws {
        let good = Array(Self.storeWithEveryKey.utf8)
        let quoted = Array("\"\(key)\"".utf8)
        let at = try #require(Self.firstRange(of: quoted, in: good))
        // An invalid UTF-8 byte, and a plain letter: both make a key this store never writes.
        for replacement: UInt8 in [0xFE, UInt8(ascii: "x")] {
            var damaged = good
            damaged[at + 2] = replacement
            folder.write("todos.json", damaged)
            expectRefused(Self.isDamaged("todos.json"))
            #expect(folder.bytes("todos.json") == damaged)
        }
    }

    @Test(arguments: [
        (#""version":2,"#, #""version":2,"version":2,"#),
        (#""title":"Pay rent","#, #""title":"Pay rent","title":"Other","#),
        (#""note":"account 123","#, #""note":"account 123","note":null,"#),
        (#""nextId":3,"#, #""nextId":3,"nextId":3,"#),
        (#""kind":"created","#, #""kind":"created","kind":"deleted","#),
        (#""todos":["#, #""history":[],"todos":["#),
    ])
    func aKeyGivenTwiceIsRefused(original: String, repeated: String) throws {
        let text = Self.storeWithEveryKey
        #expect(text.contains(original))
        folder.write("todos.json", text.replacingOccurrences(of: original, with: repeated))
        expectRefused(Self.isDamaged("todos.json"))
    }

    @Test func twoTodosWithOneUUIDAreRefused() throws {
        let text = Self.storeWithEveryKey.replacingOccurrences(
            of: #""id":2,"uuid":"3f2504e0-4f89-41d3-9a0c-0305e82c3303""#,
            with: #""id":2,"uuid":"3F2504E0-4F89-41D3-9A0C-0305E82C3302""#)
        folder.write("todos.json", text)
        expectRefused { error in
            guard case .storeDamaged(_, let problem, _) = error else { return false }
            return problem.contains("same uuid")
        }
    }

    @Test func aDamagedKeyInAJournalRecordOrItsHeaderIsRefused() throws {
        let options = JSONFileStoreTests.journaled
        let service = self.service(options)
        for index in 1...8 { _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single() }
        _ = try service.create(TodoDraft(title: "in the journal")).toBlocking().single()
        let journal = try #require(folder.bytes("todos.json.journal"))
        #expect(String(decoding: journal, as: UTF8.self).split(separator: "\n").count >= 2, "a header and changes")
        let damages = [
            (#""put":"#, #""pvt":"#), (#""kind":"#, #""kinb":"#), (#""before":"#, #""bef\#u{FE}re":"#),
            (#""nextId":"#, #""nextIb":"#), (#""todosEnd":"#, #""todosEnd":0,"todosEnd":"#),
            (#""title":"in the journal""#, #""title":"in the journal","titl\#u{E9}":"x""#),
        ]
        for (original, damaged) in damages {
            let text = String(decoding: journal, as: UTF8.self)
            #expect(text.contains(original), "\(original)")
            folder.write("todos.json.journal", text.replacingOccurrences(of: original, with: damaged))
            expectRefused(options: options, Self.isDamaged("todos.json.journal"))
        }
        folder.write("todos.json.journal", journal)
        #expect(try self.service(options).fetch(TodoQuery(status: .all)).toBlocking().single().count == 9)
    }

    // MARK: Numbers

    @Test(arguments: [
        (#"{"id":1,"#, #"{"id":9223372036854775807,"#),
        (#"{"id":1,"#, #"{"id":9000000000000000001,"#),
        (#"{"id":1,"#, #"{"id":99999999999999999999,"#),
        (#","position":1024}"#, #","position":9223372036854775807}"#),
        (#","position":1024}"#, #","position":-9223372036854775808}"#),
        (#""nextId":3,"#, #""nextId":9223372036854775807,"#),
        (#""nextPosition":3072,"#, #""nextPosition":9223372036854775807,"#),
        (#""created":[2]"#, #""created":[9223372036854775807]"#),
    ])
    func aNumberNoStoreCanHoldIsRefused(original: String, huge: String) throws {
        let text = Self.storeWithEveryKey
        #expect(text.contains(original))
        folder.write("todos.json", text.replacingOccurrences(of: original, with: huge))
        expectRefused(Self.isDamaged("todos.json"))
    }

    @Test func aStoreThatUsedTheLastIdRefusesNewTodosAndWorksOtherwise() throws {
        let last = Todo.maximumID
        let text = Self.storeWithEveryKey.replacingOccurrences(of: #"{"id":2,"#, with: #"{"id":\#(last),"#)
            .replacingOccurrences(of: #""created":[2]"#, with: #""created":[\#(last)]"#)
        folder.write("todos.json", text)
        let service = self.service()
        #expect(try service.todo(id: last).toBlocking().single().title == "Buy milk")
        #expect(
            todoError { try service.create(TodoDraft(title: "one more")).toBlocking().single() }?.category == .failed)
        #expect(
            todoError { try service.importTodos([ImportedTodo(title: "x")]).toBlocking().single() }?.category == .failed
        )
        _ = try service.markUndone(ids: [last]).toBlocking().single()
        _ = try service.delete(ids: [last]).toBlocking().single()
        _ = try service.undo().toBlocking().single()
        #expect(try service.fetch(TodoQuery(status: .all)).toBlocking().single().count == 2)
        // A monthly todo's next occurrence needs an id too.
        #expect(todoError { try service.markDone(ids: [1]).toBlocking().single() }?.category == .failed)
        #expect(try service.todo(id: 1).toBlocking().single().isDone == false)
    }

    @Test func theLastIdCanBeUsedOnceThenNoMore() throws {
        let text = Self.storeWithEveryKey.replacingOccurrences(
            of: #""nextId":3,"#, with: #""nextId":\#(Todo.maximumID),"#)
        folder.write("todos.json", text)
        let service = self.service()
        #expect(try service.create(TodoDraft(title: "the last")).toBlocking().single().id == Todo.maximumID)
        let error = todoError { try service.create(TodoDraft(title: "one too many")).toBlocking().single() }
        guard case .storeFull(let reason) = error else {
            Issue.record("expected storeFull, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("\(Todo.maximumID)"))
        #expect(try service.fetch(TodoQuery(status: .all)).toBlocking().single().count == 3, "the store still reads")
    }

    @Test func anImportedIdPastTheLargestIsRefusedAndTheLargestIsKept() throws {
        let uuid = "3f2504e0-4f89-41d3-9a0c-0305e82c3309"
        func file(id: Int) -> [UInt8] {
            Array(#"[{"id":\#(id),"uuid":"\#(uuid)","title":"Far","createdAt":"2030-01-01T09:00:00Z"}]"#.utf8)
        }
        for id in [Todo.maximumID + 1, Int.max - 1, Int.max] {
            #expect(throws: TodoError.self) { try TodoJSONFormat.parse(file(id: id), file: "big.json") }
            let error = todoError { try TodoJSONFormat.parse(file(id: id), file: "big.json") }
            #expect(error?.category == .damagedData)
        }
        let service = self.service()
        let imported = try TodoJSONFormat.parse(file(id: Todo.maximumID), file: "big.json")
        #expect(try service.importTodos(imported).toBlocking().single().created.map(\.id) == [Todo.maximumID])
        #expect(todoError { try service.create(TodoDraft(title: "after")).toBlocking().single() }?.category == .failed)
        #expect(
            try self.service().fetch(TodoQuery(status: .all)).toBlocking().single().count == 1, "the store still reads")
    }

    @Test func aTodoAtTheEndOfTheOrderCannotBePushedPastIt() throws {
        let limit = StoreState.positionLimit
        let text = Self.storeWithEveryKey.replacingOccurrences(
            of: #","position":2048}"#, with: #","position":\#(limit)}"#)
        folder.write("todos.json", text)
        let service = self.service()
        #expect(
            todoError { try service.create(TodoDraft(title: "after the end")).toBlocking().single() }?.category
                == .failed)
        // Moving one past the end renumbers the order instead.
        _ = try service.markUndone(ids: [2]).toBlocking().single()
        _ = try service.move(id: 1, to: 2).toBlocking().single()
        #expect(try service.fetch(TodoQuery(status: .all)).toBlocking().single().map(\.id) == [2, 1])
        _ = try service.move(id: 1, to: 1).toBlocking().single()
        #expect(
            try self.service().fetch(TodoQuery(status: .all)).toBlocking().single().map(\.id) == [1, 2],
            "the store still reads")
    }

    @Test func nineteenDigitIdsAreFoundInAJournaledStore() throws {
        let options = JSONFileStoreTests.journaled
        let ids = [1_000_000_000_000_000_005, 999_999_999_999_999_999, 8_999_999_999_999_999_000]
        let items = ids.enumerated().map { index, id in
            ImportedTodo(
                id: id, title: "todo with a long id, number \(index + 1)",
                note: String(repeating: "a note long enough to make the store journal its changes. ", count: 4),
                createdAt: monday)
        }
        let service = self.service(options)
        _ = try service.importTodos(items).toBlocking().single()
        func journalLines() -> Int {
            String(decoding: folder.bytes("todos.json.journal") ?? [], as: UTF8.self).split(separator: "\n").count
        }
        #expect(journalLines() == 1, "the imported todos are in the snapshot; the journal has its header only")
        _ = try service.create(TodoDraft(title: "in the journal")).toBlocking().single()
        #expect(journalLines() == 2)
        for (index, id) in ids.enumerated() {
            let found = try self.service(options).todo(id: id).toBlocking().single()
            #expect(found.title == "todo with a long id, number \(index + 1)")
        }
        #expect(
            todoError { try self.service(options).todo(id: 1_000_000_000_000_000_006).toBlocking().single() }
                == .unknownTodos([1_000_000_000_000_000_006]))
    }

    // MARK: Helpers

    static func firstRange(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        return (0...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
    }
}
