import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing
import TodoCoreTesting

@testable import TodoCore

extension Formats {
    /// Importing what the store has already: the same file twice, an export back into its
    /// store, a file holding the same line twice. Todos with a uuid are the same todo by their
    /// uuid; todo.txt lines carry none, and are the same todo by what the line says.
    @Suite struct ImportTwiceTests {
        let clock: FakeClock
        let provider: TodoServiceProvider
        let events = Locked<[TodoEvent]>([])
        let bag = DisposeBag()
        var service: TodoServiceType { provider.todoService }

        init() {
            self.init(utcOffset: 0)
        }

        init(utcOffset: Int) {
            clock = FakeClock(instant("2026-11-24T10:00:00Z"), utcOffset: utcOffset)
            provider = makeProvider(clock: clock)
            provider.todoService.events.subscribe(onNext: { [events] event in events.withLock { $0.append(event) } })
                .disposed(by: bag)
        }

        /// Every todo of the store.
        func all() throws -> [Todo] {
            try service.fetch(TodoQuery(status: .all)).toBlocking().single()
        }

        /// Imports `text` as todo.txt, in the clock's zone.
        @discardableResult
        func importTodoTxt(_ text: String) throws -> TodoImportResult {
            let offset = clock.utcOffset
            return try service.importTodos(TodoTxtFormat.parse(text, file: "todo.txt", utcOffset: { _ in offset }))
                .toBlocking().single()
        }

        /// Imports `todos` a second time, a while later, and checks that nothing changed: no todo
        /// created or updated, every one counted as already there, no change published.
        func expectNothingChanges(
            importing todos: () throws -> TodoImportResult, count: Int,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            let before = try all()
            let published = events.withLock { $0.count }
            clock.advance(days: 3)
            let again = try todos()
            #expect(again.created == [], sourceLocation: sourceLocation)
            #expect(again.updated == [], sourceLocation: sourceLocation)
            #expect(again.unchanged == count, sourceLocation: sourceLocation)
            #expect(try all() == before, sourceLocation: sourceLocation)
            #expect(events.withLock { $0.count } == published, sourceLocation: sourceLocation)
        }

        /// A todo.txt file with every kind of line: dates or none, done or not, notes, pairs,
        /// recurrences, white space and the same line twice.
        static let demandingTodoTxt = """
            (A) 2026-11-21 Buy milk +errands @store due:2026-12-01 note:Oat%20milk%0Aor%20soy t:2026-11-25
            Call Anaïs about the café ☕ @phone
            (B)   2026-11-21   Spaced\tout    title
            x 2026-11-22 2026-11-21 Renew passport +admin pri:B
            x 2026-11-22 Completed only
            x No dates at all
            Water the plants rec:+1w due:2026-11-23
            Same line twice
            Same line twice
            2026-11-21 Same line twice

            """

        @Test(arguments: [0, 3600 * 14, -3600 * 11])
        func theSameTodoTxtFileTwiceAddsNothingTheSecondTime(utcOffset: Int) throws {
            let suite = ImportTwiceTests(utcOffset: utcOffset)
            for fixture in [FormatFixture.todoTxt, .doneTxt] {
                let text = String(decoding: try fixture.bytes, as: UTF8.self)
                let first = try suite.importTodoTxt(text)
                #expect(first.created.count == text.split(separator: "\n").count)
                try suite.expectNothingChanges(importing: { try suite.importTodoTxt(text) }, count: first.created.count)
            }
            let other = ImportTwiceTests(utcOffset: utcOffset)
            let first = try other.importTodoTxt(Self.demandingTodoTxt)
            #expect(first.created.count == 10)
            try other.expectNothingChanges(importing: { try other.importTodoTxt(Self.demandingTodoTxt) }, count: 10)
        }

        @Test func theSameLineTwiceInOneFileIsTwoTodosAddedOnce() throws {
            #expect(try importTodoTxt("Buy milk\nBuy milk\n").created.map(\.title) == ["Buy milk", "Buy milk"])
            try expectNothingChanges(importing: { try importTodoTxt("Buy milk\nBuy milk\n") }, count: 2)
            // A third copy in the file is one more todo; one copy alone is already there.
            let three = try importTodoTxt("Buy milk\nBuy milk\nBuy milk\n")
            #expect(three.created.count == 1 && three.unchanged == 2)
            try expectNothingChanges(importing: { try importTodoTxt("Buy milk\n") }, count: 1)
            #expect(try all().count == 3)
        }

        @Test func aLineWithoutDatesMatchesATodoOfAnyDayAndEachTodoOnce() throws {
            try importTodoTxt("2026-01-01 Walk\n2026-01-02 Walk\n")
            // The dated line takes its own todo first, whatever the order of the lines.
            let result = try importTodoTxt("Walk\n2026-01-01 Walk\nWalk\nWalk\n")
            #expect(result.unchanged == 2)
            #expect(result.created.count == 2)
            #expect(result.created.allSatisfy { $0.createdAt == clock.now })
        }

        @Test func aLineIsNewWhenAnythingItSaysDiffers() throws {
            let line = "(A) 2026-11-21 Buy milk +errands @store due:2026-12-01 rec:+1w note:Oat%20milk t:1"
            try importTodoTxt(line)
            let variants = [
                "(A) 2026-11-21 Buy oat milk +errands @store due:2026-12-01 rec:+1w note:Oat%20milk t:1",
                "(B) 2026-11-21 Buy milk +errands @store due:2026-12-01 rec:+1w note:Oat%20milk t:1",
                "2026-11-21 Buy milk +errands @store due:2026-12-01 rec:+1w note:Oat%20milk t:1",
                "(A) 2026-11-20 Buy milk +errands @store due:2026-12-01 rec:+1w note:Oat%20milk t:1",
                "(A) 2026-11-21 Buy milk +errands due:2026-12-01 rec:+1w note:Oat%20milk t:1",
                "(A) 2026-11-21 Buy milk +errands +more @store due:2026-12-01 rec:+1w note:Oat%20milk t:1",
                "(A) 2026-11-21 Buy milk +Errands @store due:2026-12-01 rec:+1w note:Oat%20milk t:1",
                "(A) 2026-11-21 Buy milk +errands @store due:2026-12-02 rec:+1w note:Oat%20milk t:1",
                "(A) 2026-11-21 Buy milk +errands @store rec:+1w note:Oat%20milk t:1",
                "(A) 2026-11-21 Buy milk +errands @store due:2026-12-01 rec:+2w note:Oat%20milk t:1",
                "(A) 2026-11-21 Buy milk +errands @store due:2026-12-01 note:Oat%20milk t:1",
                "(A) 2026-11-21 Buy milk +errands @store due:2026-12-01 rec:+1w note:Soy%20milk t:1",
                "(A) 2026-11-21 Buy milk +errands @store due:2026-12-01 rec:+1w t:1",
                "(A) 2026-11-21 Buy milk +errands @store due:2026-12-01 rec:+1w note:Oat%20milk t:2",
                "(A) 2026-11-21 Buy milk +errands @store due:2026-12-01 rec:+1w t:1 note:Oat%20milk",
                "x 2026-11-22 2026-11-21 Buy milk +errands @store due:2026-12-01 rec:+1w note:Oat%20milk t:1 pri:A",
            ]
            for variant in variants {
                let result = try importTodoTxt(variant)
                #expect(result.created.count == 1 && result.unchanged == 0, "\(variant)")
            }
            // The same words, spaced differently, are the same line.
            #expect(try importTodoTxt("(A)  2026-11-21 Buy\tmilk  " + line.dropFirst(23)).unchanged == 1)
            // Done todos differ by their completion day.
            try importTodoTxt("x 2026-11-22 2026-11-21 Pay rent")
            #expect(try importTodoTxt("x 2026-11-23 2026-11-21 Pay rent").created.count == 1)
            #expect(try importTodoTxt("x 2026-11-22 2026-11-21 Pay rent\nx Pay rent").unchanged == 2)
        }

        @Test(arguments: [0, 3600 * 14, -3600 * 11])
        func aTodoTxtExportImportedIntoItsStoreAddsNothing(utcOffset: Int) throws {
            let suite = ImportTwiceTests(utcOffset: utcOffset)
            var todos = demandingTodos()
            todos.append(
                Todo(
                    id: 30, uuid: uuid(30), title: "Line\nbreaks,\ttabs and  double  spaces", note: "a: b\n\nc",
                    createdAt: instant("2026-11-21T23:59:59Z"), position: 0))
            todos.append(
                Todo(
                    id: 31, uuid: uuid(31), title: "Same", createdAt: instant("2026-11-21T00:00:00Z"), position: 0))
            todos.append(
                Todo(
                    id: 32, uuid: uuid(32), title: "Same", createdAt: instant("2026-11-21T00:00:01Z"), position: 0))
            let items = todos.map(ImportedTodo.init)
            _ = try suite.service.importTodos(items).toBlocking().single()
            let stored = try suite.all()
            #expect(stored.count == todos.count)
            let text = TodoTxtFormat.export(stored, utcOffset: { _ in utcOffset })
            try suite.expectNothingChanges(importing: { try suite.importTodoTxt(text) }, count: todos.count)
        }

        @Test func theSameTaskwarriorExportTwiceAddsNothingTheSecondTime() throws {
            let bytes = try FormatFixture.taskwarrior.bytes
            let tasks = { [service] () throws -> TodoImportResult in
                try service.importTodos(TaskwarriorFormat.parse(bytes, file: "export.json")).toBlocking().single()
            }
            #expect(try tasks().created.count == 8)
            try expectNothingChanges(importing: tasks, count: 8)
            // A task without times is as old as the import: the second import must not take it
            // for a newer version.
            let timeless = Array(
                #"[{"uuid":"00000000-0000-0000-0000-0000000000aa","description":"No times","status":"pending"}]"#.utf8)
            let once = { [service] () throws -> TodoImportResult in
                try service.importTodos(TaskwarriorFormat.parse(timeless, file: "export.json")).toBlocking().single()
            }
            #expect(try once().created.count == 1)
            try expectNothingChanges(importing: once, count: 1)
        }

        @Test func ourJSONExportImportedIntoItsStoreAddsNothing() throws {
            _ = try service.importTodos(demandingTodos().map(ImportedTodo.init)).toBlocking().single()
            let export = TodoJSONFormat.export(try all(), context: .test)
            try expectNothingChanges(
                importing: {
                    try service.importTodos(TodoJSONFormat.parse(export, file: "export.json")).toBlocking().single()
                },
                count: demandingTodos().count)
        }

        @Test func aNewerVersionWithTheSameContentsChangesNothing() throws {
            let todo = try service.create(TodoDraft(title: "Pay rent", note: "by transfer")).toBlocking().single()
            var item = ImportedTodo(todo)
            item.updatedAt = todo.updatedAt.addingTimeInterval(3600)
            try expectNothingChanges(importing: { try service.importTodos([item]).toBlocking().single() }, count: 1)
            item.note = "by cheque"
            #expect(try service.importTodos([item]).toBlocking().single().updated.map(\.note) == ["by cheque"])
        }

        @Test func withoutAUUIDOurJSONMatchesToTheSecond() throws {
            let item = ImportedTodo(
                title: "Exact", isDone: true, createdAt: instant("2026-11-21T07:58:42Z"),
                completedAt: instant("2026-11-22T08:00:00Z"))
            _ = try service.importTodos([item]).toBlocking().single()
            try expectNothingChanges(importing: { try service.importTodos([item]).toBlocking().single() }, count: 1)
            var later = item
            later.completedAt = item.completedAt?.addingTimeInterval(1)
            #expect(try service.importTodos([later]).toBlocking().single().created.count == 1)
            // Titles compare exactly: JSON can hold line breaks and runs of spaces.
            _ = try service.importTodos([ImportedTodo(title: "Two  spaces")]).toBlocking().single()
            #expect(
                try service.importTodos([ImportedTodo(title: "Two spaces")]).toBlocking().single().created.count == 1)
            #expect(
                try service.importTodos([ImportedTodo(title: "Two\nspaces")]).toBlocking().single().created.count == 1)
        }
    }
}
