import Foundation
import Testing

@testable import TodoCore

extension Formats {
    /// Each kind of error each format reports: `.invalidImport` naming the file and the line,
    /// with a lower-case problem that says what to do.
    @Suite struct ImportFormatsErrorTests {
        func json(_ text: String) -> (line: Int?, problem: String)? {
            importFailure { () throws(TodoError) in try TodoJSONFormat.parse(Array(text.utf8), file: "todos.json") }
        }

        func todoTxt(_ bytes: [UInt8]) -> (line: Int?, problem: String)? {
            importFailure { () throws(TodoError) in try TodoTxtFormat.parse(bytes, file: "todo.txt") }
        }

        func taskwarrior(_ text: String) -> (line: Int?, problem: String)? {
            importFailure { () throws(TodoError) in try TaskwarriorFormat.parse(Array(text.utf8), file: "tasks.json") }
        }

        /// A valid todo object with `id`, as our export writes it.
        func object(_ id: Int) -> String {
            Todo(id: id, uuid: uuid(id), title: "Todo \(id)", createdAt: instant("2026-11-21T07:58:42Z"), position: 0)
                .testJSON
        }

        @Test func ourJSON() throws {
            let cases: [(text: String, line: Int, problem: String)] = [
                (
                    "{\"version\":1,\"todos\":[\n\(object(1)),\n\(object(2))", 3,
                    "unexpected end of data in an array at column \(object(2).utf8.count + 1)"
                ),
                (
                    "{\"version\":1,\"todos\":[\n\(object(1)),\n{\"id\":2,}\n]}", 3,
                    "expected a key (a string in double quotes) at column 9"
                ),
                (
                    "{\"version\":1,\"todos\":[\n\(object(1)),\n{\"title\":\"No id\"}\n]}", 3,
                    "a todo without 'id' at column 1"
                ),
                ("{\"version\":0,\"todos\":[]}", 1, "version 0 is not a format version at column 12"),
                ("{\"version\":1}", 1, "the top-level object has no \"todos\" array at column 1"),
                ("{\"version\":1,\"todos\":{}}", 1, "'todos' must be an array of todo objects at column 22"),
                (
                    "\n\n\"todos\"", 3,
                    "the file holds a string, not a todo export ({\"version\":1,\"todos\":[…]}) or an array of todos at column 1"
                ),
                ("[\(object(1)),\n 42]", 2, "expected a todo object, found a number at column 2"),
                ("[\(object(1))]\n[]", 2, "unexpected data after the end of the document at column 1"),
                (
                    "[{\"id\":1,\"uuid\":\"\(uuid(1))\",\"title\":\"  \",\"createdAt\":\"2026-11-21T07:58:42Z\"}]", 1,
                    "a todo's title must be a string that is not blank, without surrounding spaces at column 64"
                ),
                ("{\"version\":99999999999999999999,\"todos\":[]}", 1, "a number too large at column 12"),
            ]
            for (text, line, problem) in cases {
                let failure = try #require(json(text), "\(text)")
                #expect(failure.line == line, "\(text)")
                #expect(
                    failure.problem == problem + "; fix the file, or export the todos again in this JSON format")
                expectActionable(failure.problem)
            }
            // Not UTF-8 inside a string.
            var bytes = Array("[{\"id\":1,\"title\":\"".utf8)
            bytes += [0xC3, 0x28] + Array("\"}]".utf8)
            let failure = try #require(
                importFailure { () throws(TodoError) in try TodoJSONFormat.parse(bytes, file: "x") })
            #expect(failure.line == 1)
            #expect(failure.problem.hasPrefix("a string that is not valid UTF-8"))
        }

        @Test func todoTxt() throws {
            let noTitle = try #require(
                todoTxt(Array("Buy milk\n\n(A) 2026-11-21 +errands @store due:2026-12-01\n".utf8)))
            #expect(noTitle.line == 3)
            #expect(
                noTitle.problem
                    == "the line has no title once its priority, dates, +projects, @contexts and key:value pairs are taken out; add a title or delete the line"
            )
            expectActionable(noTitle.problem)
            for line in [
                "x", "x 2026-01-01", "x 2026-01-02 2026-01-01", "(A)", "2026-01-01", "+p @c k:v", "\u{A0}\u{3000}",
            ] {
                #expect(todoTxt(Array((line + "\n").utf8))?.line == 1, "\(line)")
            }
            // CRLF and lone CR lines count as one line each.
            #expect(todoTxt(Array("a\r\nb\rc\r\n(B)\r\n".utf8))?.line == 4)
            let notUTF8 = try #require(todoTxt(Array("Fine\nAlso fine ☕\n".utf8) + [0x42, 0xFF, 0x0A]))
            #expect(notUTF8.line == 3)
            #expect(notUTF8.problem == "the line is not valid UTF-8 text; save the file as UTF-8")
            expectActionable(notUTF8.problem)
            let error = todoError { try TodoTxtFormat.parse("\n\nx\n", file: "todo.txt") }
            #expect(error?.description.hasPrefix("todo.txt:3: the line has no title") == true)
            #expect(error?.category == .damagedData)
        }

        @Test func taskwarrior() throws {
            let hint = "fix the file, or export the tasks again with `task export`"
            let cases: [(text: String, line: Int, problem: String)] = [
                (
                    "[\n{\"description\":\"a\",\"status\":\"pending\"},\n{\"status\":\"pending\"}\n]", 3,
                    "a task without a description; give it one in Taskwarrior (`task ID modify …`) and export again"
                ),
                (
                    "[\n{\"description\":\"   \",\"status\":\"completed\"}]", 2,
                    "a task without a description; give it one in Taskwarrior (`task ID modify …`) and export again"
                ),
                ("[{\"description\":\"a\"}]", 1, "a task without a 'status'; \(hint)"),
                (
                    "[\n\n{\"description\":\"a\",\"status\":\"pending\",\"uuid\":\"nope\"}]", 3,
                    "'uuid' is 'nope', not a uuid; \(hint)"
                ),
                (
                    "[{\"description\":\"a\",\"status\":\"pending\",\"due\":\"tomorrow\"}]", 1,
                    "'due' is 'tomorrow', not a Taskwarrior date (YYYYMMDDTHHMMSSZ); \(hint)"
                ),
                (
                    "[{\"description\":\"a\",\"status\":\"pending\",\"entry\":\"20261321T000000Z\"}]", 1,
                    "'entry' is '20261321T000000Z', not a Taskwarrior date (YYYYMMDDTHHMMSSZ); \(hint)"
                ),
                (
                    "[{\"description\":\"a\",\"status\":\"completed\",\"end\":\"\"}]", 1,
                    "'end' is '', not a Taskwarrior date (YYYYMMDDTHHMMSSZ); \(hint)"
                ),
                (
                    "[{\"description\":\"a\",\"status\":\"pending\",\"annotations\":[{\"entry\":\"x\",\"description\":\"n\"}]}]",
                    1,
                    "'annotations' is 'x', not a Taskwarrior date (YYYYMMDDTHHMMSSZ); \(hint)"
                ),
                ("[\n{\"description\":\"a\",\"tags\":[1]}]", 2, "'tags': expected a string at column 28; \(hint)"),
                (
                    "[\n{\"description\":\"a\",\n\"status\":\"pending\"", 3,
                    "unexpected end of data in an object at column 19; \(hint)"
                ),
                (
                    "\"tasks\"", 1,
                    "the file holds a string, not a Taskwarrior export (an array of task objects, or one task object per line) at column 1; \(hint)"
                ),
                (
                    "[{\"description\":\"a\",\"status\":\"pending\"},\n3]", 2,
                    "expected a task object, found a number at column 1; \(hint)"
                ),
                (
                    "[{\"description\":\"a\",\"status\":\"pending\",\n\"depends\":[\"\(uuid(1))\",\"x\"]}]", 1,
                    "'depends' holds 'x', not a uuid; \(hint)"
                ),
                (
                    "[{\"description\":\"a\",\"status\":\"pending\",\"parent\":\"0000\"}]", 1,
                    "'parent' is '0000', not a uuid; \(hint)"
                ),
                (
                    "{\"description\":\"a\",\"status\":\"pending\"}\n{\"description\":\"b\",\"status\":\"pending\"} x",
                    2,
                    "expected a task object, found something that is not JSON at column 40; \(hint)"
                ),
            ]
            for (text, line, problem) in cases {
                let failure = try #require(taskwarrior(text), "\(text)")
                #expect(failure.line == line, "\(text)")
                #expect(failure.problem == problem, "\(text)")
                expectActionable(failure.problem)
            }
            // Deleted tasks are not checked: they are not imported.
            #expect(taskwarrior("[{\"status\":\"deleted\",\"due\":\"whenever\"}]") == nil)
        }

        @Test func deepNestingAndHugeInputsAreErrorsNotCrashes() throws {
            let deep = String(repeating: "[", count: 100_000)
            let deepObject = "{\"version\":1,\"x\":" + deep
            let deepTask = "[{\"description\":\"a\",\"status\":\"pending\",\"uda\":" + deep
            #expect(json(deep)?.line == 1)
            #expect(json(deepObject)?.problem.hasPrefix("arrays or objects nested too deeply") == true)
            #expect(taskwarrior(deep)?.line == 1)
            #expect(taskwarrior(deepTask)?.problem.contains("nested too deeply") == true)
            #expect(TodoFileFormat.guess(bytes: Array(deep.utf8), fileName: nil) == .todoTxt)
            #expect(try TodoTxtFormat.parse(deep, file: "t").count == 1)
            let longLine = String(repeating: "word ", count: 200_000)
            #expect(try TodoTxtFormat.parse(longLine, file: "t").first?.title.count == 200_000 * 5 - 1)
        }
    }
}
