import Foundation
import Testing

@testable import TodoCore

extension Formats {
    /// Guessing a file's format from its name and contents, for `todo import` without `--format`.
    @Suite struct TodoFileFormatGuessTests {
        func guess(_ text: String, _ fileName: String? = nil) -> TodoFileFormat {
            TodoFileFormat.guess(bytes: Array(text.utf8), fileName: fileName)
        }

        @Test func theFixturesAreRecognized() throws {
            #expect(TodoFileFormat.guess(bytes: try FormatFixture.todoTxt.bytes, fileName: "todo.txt") == .todoTxt)
            #expect(TodoFileFormat.guess(bytes: try FormatFixture.doneTxt.bytes, fileName: nil) == .todoTxt)
            #expect(
                TodoFileFormat.guess(bytes: try FormatFixture.taskwarrior.bytes, fileName: "export.json")
                    == .taskwarrior)
            // The contents decide over the name.
            #expect(
                TodoFileFormat.guess(bytes: try FormatFixture.taskwarrior.bytes, fileName: "tasks.txt") == .taskwarrior)
            #expect(TodoFileFormat.guess(bytes: try FormatFixture.taskwarrior.bytes, fileName: nil) == .taskwarrior)
        }

        @Test func ourExportsTheStoreAndBareArraysAreOurs() {
            let todos = demandingTodos()
            #expect(
                TodoFileFormat.guess(bytes: TodoJSONFormat.export(todos, context: .test), fileName: "backup") == .json)
            #expect(TodoFileFormat.guess(bytes: TodoJSONFormat.export([], context: .test), fileName: nil) == .json)
            let store = Snapshot.encode(
                StoreState(todos: todos.sorted { $0.id < $1.id }, nextID: 20, nextPosition: 0, history: []),
                generation: uuid(1))
            #expect(TodoFileFormat.guess(bytes: store.bytes, fileName: "todos.json") == .json)
            #expect(guess("[" + todos[0].testJSON + "]") == .json)
            #expect(guess(#"  {"todos": []}"#) == .json)
            #expect(guess(#"[{"title": "Hand written"}]"#) == .json)
        }

        @Test func taskwarriorByItsKeys() {
            #expect(guess(#"{"description":"a","status":"pending"}"#) == .taskwarrior)
            #expect(guess(#"[{"uuid":"x","entry":"20261121T075842Z","description":"a"}]"#, "x.json") == .taskwarrior)
            #expect(guess("{\"id\":1,\"description\":\"a\",\"status\":\"pending\"},\n{\"id\":2}") == .taskwarrior)
            // The first object decides even when the file is cut short after it.
            #expect(guess(#"[{"description":"a","status":"pending"},{"descr"#) == .taskwarrior)
            #expect(guess(#"[{"description":"a","status":"pen"#) == .taskwarrior)
        }

        @Test func textThatLooksLikeJSONButIsNotIsTodoTxt() {
            #expect(guess("[urgent] call mom\n(A) pay rent") == .todoTxt)
            #expect(guess("{draft} the report") == .todoTxt)
            #expect(guess("[] empty brackets title", "todo.txt") == .todoTxt)
        }

        @Test func undecidedJSONIsOurs() {
            #expect(guess("[]") == .json)
            #expect(guess(#"{"something":"else"}"#) == .json)
            #expect(guess("[1, 2, 3]") == .json)
            #expect(guess("", "backup.JSON") == .json)
        }

        @Test func theNameOnlyBreaksTies() throws {
            // Text that does not start like JSON is todo.txt, whatever the name says.
            #expect(guess("not json at all", "broken.json") == .todoTxt)
            #expect(TodoFileFormat.guess(bytes: try FormatFixture.todoTxt.bytes, fileName: "a.json") == .todoTxt)
            #expect(TodoFileFormat.guess(bytes: try FormatFixture.doneTxt.bytes, fileName: "done.JSON") == .todoTxt)
            // JSON is JSON, whatever the name says.
            #expect(
                TodoFileFormat.guess(bytes: TodoJSONFormat.export(demandingTodos(), context: .test), fileName: "a.txt")
                    == .json)
            // Damaged JSON, or a bracket opening a title: the name decides.
            #expect(guess("{broken", "export.json") == .json)
            #expect(guess("{broken", "todo.txt") == .todoTxt)
            #expect(guess("[urgent] call mom", "a.json") == .json)
            #expect(guess("[urgent] call mom", "a.txt") == .todoTxt)
        }

        @Test func everythingElseIsTodoTxt() {
            #expect(guess("") == .todoTxt)
            #expect(guess("", "todo.txt") == .todoTxt)
            #expect(guess("Buy milk") == .todoTxt)
            #expect(TodoFileFormat.guess(bytes: [0xFF, 0xFE, 0x00, 0x7B], fileName: nil) == .todoTxt)
        }

        @Test func theFormatParsesWithItsParser() throws {
            #expect(
                try TodoFileFormat.todoTxt.parse(FormatFixture.doneTxt.bytes, file: "done.txt").map(\.title) == [
                    "Pay rent"
                ])
            #expect(try TodoFileFormat.taskwarrior.parse(FormatFixture.taskwarrior.bytes, file: "t.json").count == 8)
            #expect(
                try TodoFileFormat.json.parse(TodoJSONFormat.export(demandingTodos(), context: .test), file: "x.json")
                    .count == 6)
            #expect(TodoFileFormat.allCases.map(\.description) == ["JSON", "todo.txt", "Taskwarrior", "iCalendar"])
        }
    }
}
