import Foundation
import ReactorKit
import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

extension Formats {
    /// A Taskwarrior export imported into a store: dependencies by uuid, what a newer version of
    /// a task changes, and importing the same file twice.
    @Suite struct TaskwarriorImportTests {
        let clock = FakeClock(instant("2026-11-24T10:00:00Z"))
        let provider: TodoServiceProvider
        var service: TodoServiceType { provider.todoService }

        init() {
            provider = makeProvider(clock: clock)
        }

        /// Imports `text`, a Taskwarrior export.
        @discardableResult
        func importTasks(_ text: String) throws -> TodoImportResult {
            try service.importTodos(TaskwarriorFormat.parse(Array(text.utf8), file: "tasks.json")).toBlocking().single()
        }

        /// Every todo of the store, by the last two hex digits of its uuid.
        func todos() throws -> [Int: Todo] {
            let all = try service.fetch(TodoQuery(status: .all)).toBlocking().single()
            return Dictionary(uniqueKeysWithValues: all.map { (Int($0.uuid.uuidString.suffix(2), radix: 16)!, $0) })
        }

        /// A task object with uuid `number`, and more JSON members.
        func task(_ number: Int, _ members: String = "", modified: String = "20261121T075842Z") -> String {
            #"{"uuid":"\#(uuid(number))","description":"Task \#(number)","status":"pending","entry":"20261121T075842Z","modified":"\#(modified)""#
                + (members.isEmpty ? "" : "," + members) + "}"
        }

        @Test func dependenciesNameTheTodosOfTheirUuidsInTheFileOrTheStore() throws {
            try importTasks("[\(task(9))]")
            let text = """
                [\(task(1, #""depends":["\#(uuid(2))","\#(uuid(9))","\#(uuid(1))","\#(uuid(2))"]"#)),
                \(task(2, #""depends":"\#(uuid(255)),\#(uuid(254))""#)),
                \(task(3, #""depends":["\#(uuid(253))"],"annotations":[{"entry":"20261121T075842Z","description":"note: Text"}],"estimate":"3""#))]
                """
            let result = try importTasks(text)
            #expect(result.created.count == 3)
            let store = try todos()
            let (one, two, three, nine) = (store[1]!, store[2]!, store[3]!, store[9]!)
            // In the file, in the store, itself (left out), twice (once).
            #expect(one.depends == [two.id, nine.id].sorted())
            #expect(one.note == nil)
            // Neither here nor there: kept in the note, with the other attributes or after the text.
            #expect(two.depends == [])
            #expect(two.note == "depends: \(uuid(255).uuidString.lowercased()), \(uuid(254).uuidString.lowercased())")
            #expect(three.note == "Text\n\nestimate: 3\ndepends: \(uuid(253).uuidString.lowercased())")
            // The same file again changes nothing.
            let again = try importTasks(text)
            #expect(again.created.isEmpty && again.updated.isEmpty && again.unchanged == 3)
            #expect(try todos() == store)
        }

        @Test func dependenciesInACircleAreRefused() throws {
            let text = """
                [\(task(1, #""depends":["\#(uuid(2))"]"#)), \(task(2, #""depends":["\#(uuid(1))"]"#))]
                """
            #expect(throws: TodoError.self) { try importTasks(text) }
            #expect(try todos().isEmpty)
        }

        @Test func aNewerTaskThatStartedOrChangedItsDependenciesUpdatesItsTodo() throws {
            try importTasks("[\(task(1)), \(task(2))]")
            // Started in Taskwarrior since.
            let started = try importTasks(
                "[\(task(1, #""start":"20261122T080000Z""#, modified: "20261122T080000Z"))]")
            #expect(started.updated.map(\.startedAt) == [instant("2026-11-22T08:00:00Z")])
            // Then made to wait for task 2.
            let blocked = try importTasks(
                "[\(task(1, #""start":"20261122T080000Z","depends":["\#(uuid(2))"]"#, modified: "20261123T080000Z"))]")
            let store = try todos()
            #expect(blocked.updated.map(\.depends) == [[store[2]!.id]])
            #expect(store[1]!.depends == [store[2]!.id] && store[1]!.startedAt == instant("2026-11-22T08:00:00Z"))
            // Stopped, and no longer waiting.
            let stopped = try importTasks("[\(task(1, modified: "20261124T080000Z"))]")
            #expect(stopped.updated.count == 1)
            #expect(try todos()[1]!.depends == [] && (try todos()[1]!.startedAt) == nil)
            // An older version changes nothing.
            let older = try importTasks("[\(task(1, #""start":"20261122T080000Z""#, modified: "20261122T080000Z"))]")
            #expect(older.updated.isEmpty && older.unchanged == 1)
        }

        @Test func theDependencyLineJoinsTheAttributesOrStartsAParagraph() {
            let uuids = [uuid(1), uuid(2)]
            let line = "depends: 00000000-0000-0000-0000-000000000001, 00000000-0000-0000-0000-000000000002"
            #expect(ImportedTodo(title: "a").noteKeeping(dependencies: uuids) == line)
            #expect(ImportedTodo(title: "a", note: "x: 1").noteKeeping(dependencies: uuids) == "x: 1\n" + line)
            #expect(ImportedTodo(title: "a", note: "Text").noteKeeping(dependencies: uuids) == "Text\n\n" + line)
            #expect(ImportedTodo(title: "a", note: "Text").noteKeeping(dependencies: []) == "Text")
        }
    }
}
