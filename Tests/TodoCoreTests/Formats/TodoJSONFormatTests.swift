import Foundation
import ReactorKitTesting
import Testing

@testable import TodoCore

extension Formats {
    /// Our own JSON: the export's layout, a lossless round trip, and the other shapes it reads.
    @Suite struct TodoJSONFormatTests {
        @Test func exportingThenParsingGivesBackEveryFieldOfEveryTodo() throws {
            let todos = demandingTodos()
            let imported = try TodoJSONFormat.parse(TodoJSONFormat.export(todos, context: .test), file: "todos.json")
            #expect(imported == todos.map(ImportedTodo.init))
            #expect(imported.map(\.id) == [7, 3, 12, 1, 2, 4])
            #expect(imported.map(\.uuid) == todos.map(\.uuid))
        }

        @Test func theExportIsOneObjectWithTheVersionAndOneTodoPerLineInListOrder() throws {
            let todos = demandingTodos()
            let text = String(decoding: TodoJSONFormat.export(todos, context: .test), as: UTF8.self)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == #"{"version":2,"todos":["#)
            #expect(lines.count == todos.count + 3)
            #expect(lines[lines.count - 2] == "]}")
            #expect(lines.last == "")
            for (index, todo) in todos.enumerated() {
                let expected = todo.testJSON + (index < todos.count - 1 ? "," : "")
                #expect(lines[index + 1] == Substring(expected))
            }
            // The keys in the order the todo object has them, and no position.
            #expect(lines[1].hasPrefix(#"{"id":7,"uuid":"00000000-0000-0000-0000-000000000007","title":"#))
            #expect(!text.contains("position"))
            // Foundation reads it as plain JSON.
            let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            #expect(document?["version"] as? Int == 2)
            #expect((document?["todos"] as? [[String: Any]])?.count == todos.count)
        }

        @Test func anEmptyListExportsAndImportsAsNothing() throws {
            let bytes = TodoJSONFormat.export([], context: .test)
            #expect(String(decoding: bytes, as: UTF8.self) == "{\"version\":2,\"todos\":[\n]}\n")
            #expect(try TodoJSONFormat.parse(bytes, file: "x.json") == [])
        }

        @Test func anEmptyFileOrOneOfWhiteSpaceImportsNothing() throws {
            #expect(try TodoJSONFormat.parse([], file: "x.json") == [])
            #expect(try TodoJSONFormat.parse(Array(" \n\t\r\n".utf8), file: "x.json") == [])
            #expect(try TodoJSONFormat.parse([0xEF, 0xBB, 0xBF], file: "x.json") == [])
        }

        @Test func aBareArrayOfTodoObjectsIsReadInItsOrder() throws {
            let todos = demandingTodos()
            let text = "[" + todos.map(\.testJSON).joined(separator: ",\n") + "]"
            #expect(try TodoJSONFormat.parse(Array(text.utf8), file: "x.json") == todos.map(ImportedTodo.init))
        }

        @Test func oneTodoObjectIsReadAsOneTodo() throws {
            let todo = demandingTodos()[0]
            let text = TodoJSONOutput.object(todo, context: .test)
            #expect(try TodoJSONFormat.parse(Array(text.utf8), file: "x.json") == [ImportedTodo(todo)])
            #expect(TodoFileFormat.guess(bytes: Array(text.utf8), fileName: nil) == .json)
            let list = TodoJSONOutput.array(demandingTodos(), context: .test)
            #expect(
                try TodoJSONFormat.parse(Array(list.utf8), file: "x.json") == demandingTodos().map(ImportedTodo.init))
        }

        @Test func theStoreFileItselfIsReadInPositionOrder() throws {
            var todos = demandingTodos()
            todos[0].position = 9000  // id 7 last
            todos[1].position = 10  // id 3 first
            let sorted = todos.sorted { $0.id < $1.id }
            let store = Snapshot.encode(
                StoreState(todos: sorted, nextID: 20, nextPosition: 10_000, history: []), generation: uuid(99))
            let imported = try TodoJSONFormat.parse(store.bytes, file: "todos.json")
            let inListOrder = todos.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
            #expect(imported == inListOrder.map(ImportedTodo.init))
            #expect(imported.first?.id == 3)
            #expect(imported.last?.id == 7)
        }

        @Test func equalPositionsAreOrderedByID() throws {
            var todos = Array(demandingTodos().prefix(3))
            for index in todos.indices { todos[index].position = 5 }
            var json = JSONWriter()
            json.beginArray()
            for todo in todos {
                json.element()
                todo.writeForStore(to: &json)
            }
            json.endArray()
            let imported = try TodoJSONFormat.parse(json.bytes, file: "x.json")
            #expect(imported.map(\.id) == [3, 7, 12])
        }

        @Test func withoutPositionsOnEveryTodoTheFileOrderIsKept() throws {
            let todos = Array(demandingTodos().prefix(3))
            var json = JSONWriter()
            json.beginArray()
            for (index, todo) in todos.enumerated() {
                json.element()
                if index == 0 {
                    todo.writeForStore(to: &json)
                } else {
                    todo.write(to: &json, facts: TodoContext.test.facts(for: todo))
                }
            }
            json.endArray()
            #expect(try TodoJSONFormat.parse(json.bytes, file: "x.json").map(\.id) == [7, 3, 12])
        }

        @Test func unknownKeysAnyLayoutAndAByteOrderMarkAreAccepted() throws {
            let text = """
                \u{FEFF}{ "generator" : {"name": "todo", "nested": [1, 2.5e3, null, true]},
                  "todos" : [ { "title" : "Buy milk", "createdAt" : "2026-11-21T08:58:42+01:00",
                                "uuid" : "D4D42E58-EE5D-4A49-85EB-460CE9E2E2C7", "id" : 5, "extra": {} } ],
                  "version" : 1 }
                """
            let imported = try TodoJSONFormat.parse(Array(text.utf8), file: "x.json")
            #expect(
                imported == [
                    ImportedTodo(
                        id: 5, uuid: UUID(uuidString: "d4d42e58-ee5d-4a49-85eb-460ce9e2e2c7"), title: "Buy milk",
                        createdAt: instant("2026-11-21T07:58:42Z"), updatedAt: instant("2026-11-21T07:58:42Z"))
                ])
        }

        @Test func issue18sFieldsMakeTheRoundTripAndDependenciesFollowTheIdsTheStoreGives() throws {
            let provider = makeProvider()
            let service = provider.todoService
            _ = try service.create(TodoDraft(title: "taken")).toBlocking().single()
            let file = #"""
                {"version":2,"todos":[
                {"id":1,"uuid":"3f2504e0-4f89-41d3-9a0c-0305e82c3311","title":"Ask","createdAt":"2030-01-01T09:00:00Z","project":"Home","status":"pending","urgency":1.2,"isBlocked":false,"isBlocking":true},
                {"id":2,"uuid":"3f2504e0-4f89-41d3-9a0c-0305e82c3312","title":"Plant","createdAt":"2030-01-01T09:00:00Z","wait":"2030-02-01","scheduled":"2030-02-02","depends":[1],"annotations":[{"at":"2030-01-02T09:00:00Z","text":"soon"}],"startedAt":"2030-01-03T09:00:00Z"}
                ]}
                """#
            let imported = try TodoJSONFormat.parse(Array(file.utf8), file: "x.json")
            #expect(imported[1].depends == [1] && imported[1].annotations.map(\.text) == ["soon"])
            let created = try service.importTodos(imported).toBlocking().single().created
            // Id 1 is taken: "Ask" gets another, and "Plant" depends on that one.
            let ask = try #require(created.first { $0.title == "Ask" })
            let plant = try #require(created.first { $0.title == "Plant" })
            #expect(ask.id != 1 && plant.depends == [ask.id] && ask.project == "Home")
            #expect(plant.wait == day("2030-02-01") && plant.scheduled == day("2030-02-02") && plant.startedAt != nil)
            // Our export of the store, imported into an empty one, gives the same todos.
            let todos = try service.fetch(TodoQuery(status: .all)).toBlocking().single()
            let export = TodoJSONFormat.export(todos, context: TodoContext(todos: todos, clock: .fixed(at: monday)))
            let text = String(decoding: export, as: UTF8.self)
            #expect(text.contains(#""isBlocked":true"#) && text.contains(#""status":"waiting""#))
            let otherProvider = makeProvider()
            let other = otherProvider.todoService
            let again = try other.importTodos(try TodoJSONFormat.parse(export, file: "export.json")).toBlocking()
                .single().created
            #expect(again.map(\.id) == todos.map(\.id))
            #expect(try other.fetch(TodoQuery(status: .all)).toBlocking().single() == todos)
            withExtendedLifetime((provider, otherProvider)) {}
        }

        @Test func aNewerVersionIsRefusedOnItsLine() throws {
            let text = "{\n\"todos\":[],\n\"version\":4}"
            let failure = try #require(
                importFailure { () throws(TodoError) in try TodoJSONFormat.parse(Array(text.utf8), file: "x.json") })
            #expect(failure.line == 3)
            #expect(
                failure.problem
                    == "the file has format version 4, newer than this todo reads (3); upgrade todo to import it")
            expectActionable(failure.problem)
            let error = todoError { try TodoJSONFormat.parse(Array(text.utf8), file: "new.json") }
            #expect(error?.description.hasPrefix("new.json:3: the file has format version 4") == true)
        }
    }
}
