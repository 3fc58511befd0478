import Foundation
import Testing

@testable import TodoCore

extension Formats {
    /// Taskwarrior's `task export`: the fixture field by field, recurring series, and each mapping.
    @Suite struct TaskwarriorFormatTests {
        /// Parses `text` as a Taskwarrior export.
        func parse(_ text: String, utcOffset: Int = 0) throws -> [ImportedTodo] {
            try TaskwarriorFormat.parse(Array(text.utf8), file: "export.json", utcOffset: { _ in utcOffset })
        }

        /// The fixture's todos, as they must import.
        static let expectedFixtureTodos: [ImportedTodo] = {
            let entry = instant("2026-11-21T07:58:42Z")
            return [
                ImportedTodo(
                    uuid: UUID(uuidString: "d4d42e58-ee5d-4a49-85eb-460ce9e2e2c7"), title: "Buy milk",
                    note: "2026-11-21: Oat milk if no whole milk", priority: .high, due: day("2026-12-01"),
                    tags: ["errand", "home"], createdAt: entry, updatedAt: entry),
                ImportedTodo(
                    uuid: UUID(uuidString: "0115ee62-28ba-45cc-bd21-08b2f8a538b2"), title: "Write the quarterly report",
                    note: "2026-11-21: Use last quarter's template", priority: .medium, due: day("2026-11-28"),
                    tags: ["work.reports"], createdAt: entry, updatedAt: entry),
                ImportedTodo(
                    uuid: UUID(uuidString: "86eaf758-2352-454b-9dc6-188b321deee3"),
                    title: "Call Anaïs about the café ☕",
                    tags: ["phone"], createdAt: entry, updatedAt: entry),
                ImportedTodo(
                    uuid: UUID(uuidString: "0dfff0a6-e565-4fbf-8ed3-a3ef573f6997"),
                    title: #"Fix "quoted" title, with commas; and semicolons"#, priority: .low, createdAt: entry,
                    updatedAt: entry),
                ImportedTodo(
                    uuid: UUID(uuidString: "ee0811e2-b569-4495-a789-acca4863bc91"), title: "Renew passport",
                    due: day("2026-11-01"), tags: ["admin"], createdAt: entry, updatedAt: entry),
                ImportedTodo(
                    uuid: UUID(uuidString: "00e6a370-7008-41fa-928d-cb535a0cf00d"), title: "Old task to delete",
                    createdAt: entry, updatedAt: entry),
                // The recurring series: its pending occurrence, not its template.
                ImportedTodo(
                    uuid: UUID(uuidString: "b578aa13-1711-477d-83e1-576339c66dc5"), title: "Water the plants",
                    due: day("2026-11-23"), createdAt: entry, updatedAt: entry, recurrence: .weekly),
                ImportedTodo(
                    uuid: UUID(uuidString: "0a62d905-611e-436c-be74-ee9a7aa811dd"), title: "Pay rent", isDone: true,
                    due: day("2026-11-05"), tags: ["bills"], createdAt: instant("2026-11-21T07:58:44Z"),
                    updatedAt: instant("2026-11-21T07:58:44Z"), completedAt: instant("2026-11-21T07:58:44Z")),
            ]
        }()

        @Test func theFixtureImportsFieldByField() throws {
            let todos = try TaskwarriorFormat.parse(FormatFixture.taskwarrior.bytes, file: "taskwarrior-export.json")
            try #require(todos.count == Self.expectedFixtureTodos.count)
            for (todo, expected) in zip(todos, Self.expectedFixtureTodos) {
                #expect(todo.id == nil)
                #expect(todo.uuid == expected.uuid)
                #expect(todo.title == expected.title)
                #expect(todo.note == expected.note)
                #expect(todo.isDone == expected.isDone)
                #expect(todo.priority == expected.priority)
                #expect(todo.due == expected.due)
                #expect(todo.tags == expected.tags)
                #expect(todo.createdAt == expected.createdAt)
                #expect(todo.updatedAt == expected.updatedAt)
                #expect(todo.completedAt == expected.completedAt)
                #expect(todo.recurrence == expected.recurrence)
            }
            #expect(todos == Self.expectedFixtureTodos)
            // Deleted and template tasks are not there; the series is there once.
            #expect(!todos.contains { $0.title == "Book dentist" })
            #expect(todos.filter { $0.title == "Water the plants" }.count == 1)
        }

        @Test func oneObjectPerLineReadsTheSame() throws {
            let text = String(decoding: try FormatFixture.taskwarrior.bytes, as: UTF8.self)
            let lines = text.split(separator: "\n").filter { $0 != "[" && $0 != "]" }
            let withCommas = lines.joined(separator: "\n")
            let withoutCommas = lines.map { $0.hasSuffix(",") ? $0.dropLast() : $0 }.joined(separator: "\n")
            #expect(try parse(withCommas) == Self.expectedFixtureTodos)
            #expect(try parse(withoutCommas + "\n") == Self.expectedFixtureTodos)
        }

        @Test func dueDaysAndAnnotationDaysAreLocalDays() throws {
            let text = """
                [{"description":"East","status":"pending","due":"20261130T230000Z","entry":"20261121T075842Z",
                  "annotations":[{"entry":"20261122T233000Z","description":"late note"}]}]
                """
            let todo = try parse(text, utcOffset: 3600)[0]
            #expect(todo.due == day("2026-12-01"))
            #expect(todo.note == "2026-11-23: late note")
            #expect(try parse(text)[0].due == day("2026-11-30"))
        }

        @Test func waitingIsPendingAndUnknownStatusesAreSkipped() throws {
            let text = """
                [{"description":"Later","status":"waiting","wait":"20300101T000000Z"},
                 {"description":"Future","status":"archived"}]
                """
            #expect(try parse(text) == [ImportedTodo(title: "Later")])
        }

        @Test func theOccurrenceDueLastCarriesTheRecurrence() throws {
            let text = """
                [{"uuid":"00000000-0000-0000-0000-0000000000aa","description":"Water","status":"recurring","recur":"2w","due":"20261102T000000Z"},
                {"uuid":"00000000-0000-0000-0000-000000000001","description":"Water","status":"completed","parent":"00000000-0000-0000-0000-0000000000AA","recur":"2w","due":"20261102T000000Z","end":"20261103T000000Z"},
                {"uuid":"00000000-0000-0000-0000-000000000002","description":"Water","status":"pending","parent":"00000000-0000-0000-0000-0000000000aa","recur":"2w","due":"20261130T000000Z"},
                {"uuid":"00000000-0000-0000-0000-000000000003","description":"Water","status":"pending","parent":"00000000-0000-0000-0000-0000000000aa","recur":"2w","due":"20261116T000000Z"},
                {"uuid":"00000000-0000-0000-0000-000000000004","description":"Orphan","status":"pending","parent":"00000000-0000-0000-0000-0000000000bb","recur":"daily"},
                {"uuid":"00000000-0000-0000-0000-000000000005","description":"Weekdays","status":"pending","parent":"00000000-0000-0000-0000-0000000000cc","recur":"weekdays"},
                {"uuid":"00000000-0000-0000-0000-000000000006","description":"Loose","status":"pending","recur":"monthly"}]
                """
            let todos = try parse(text)
            #expect(todos.map(\.uuid) == (1...6).map { uuid($0) })
            #expect(todos.map(\.recurrence) == [nil, .everyWeeks(2), nil, .daily, nil, .monthly])
            #expect(todos[0].isDone)
            #expect(todos[0].completedAt == instant("2026-11-03T00:00:00Z"))
            #expect(todos[4].note == "recur:weekdays")
        }

        @Test func recurValuesThatMapAndThoseThatDoNot() {
            let cases: [(String, Recurrence?)] = [
                ("daily", .daily), ("day", .daily), ("1d", .daily), ("1day", .daily), ("P1D", .daily),
                ("3d", .everyDays(3)), ("3days", .everyDays(3)), ("P3D", .everyDays(3)),
                ("weekly", .weekly), ("Weekly", .weekly), ("1w", .weekly), ("1wk", .weekly), ("P1W", .weekly),
                ("2w", .everyWeeks(2)), ("2wks", .everyWeeks(2)), ("biweekly", .everyWeeks(2)),
                ("fortnight", .everyWeeks(2)), ("monthly", .monthly), ("1mo", .monthly), ("1month", .monthly),
                ("P1M", .monthly), ("yearly", .yearly), ("annual", .yearly), ("1y", .yearly), ("1yr", .yearly),
                ("P1Y", .yearly), ("weekdays", nil), ("quarterly", nil), ("semiannual", nil), ("biannual", nil),
                ("2mo", nil), ("2y", nil), ("1m", nil), ("1h", nil), ("PT1H", nil), ("0d", nil), ("", nil),
                ("99999d", nil), ("d", nil),
            ]
            for (value, recurrence) in cases {
                #expect(Recurrence(taskwarrior: value) == recurrence, "\(value)")
            }
        }

        @Test func otherPrioritiesTagsProjectsAndAnnotations() throws {
            let text = """
                [{"description":"  Spaced  ","status":"pending","priority":"X","tags":"one,two",
                  "project":"My Project, Q4","annotations":[{"description":"no date"},{"entry":"20261121T000000Z","description":"  "},
                  {"entry":"20261121T000000Z","description":"dated","extra":[1]}],
                  "urgency":1e999,"id":99999999999999999999999,"mask":"--","imask":0.5,"udaField":{"nested":[[]]}}]
                """
            let todo = try parse(text)[0]
            #expect(todo.title == "Spaced")
            #expect(todo.priority == .none)
            #expect(todo.note == "priority:X\nno date\n2026-11-21: dated")
            #expect(todo.tags == ["one", "two", "My-Project-Q4"])
            #expect(todo.createdAt == nil)
            #expect(todo.uuid == nil)
        }

        @Test func anEmptyFileOrEmptyArrayImportsNothing() throws {
            #expect(try parse("") == [])
            #expect(try parse(" \n") == [])
            #expect(try parse("[]") == [])
            #expect(try parse("[\n]\n") == [])
        }
    }
}
