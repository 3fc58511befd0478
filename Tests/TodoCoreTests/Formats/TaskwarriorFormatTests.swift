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
                    uuid: UUID(uuidString: "d4d42e58-ee5d-4a49-85eb-460ce9e2e2c7"), title: "Buy milk", priority: .high,
                    due: day("2026-12-01"), tags: ["errand", "home"], createdAt: entry, updatedAt: entry,
                    annotations: [Annotation(at: entry, text: "Oat milk if no whole milk")]),
                ImportedTodo(
                    uuid: UUID(uuidString: "0115ee62-28ba-45cc-bd21-08b2f8a538b2"), title: "Write the quarterly report",
                    priority: .medium, due: day("2026-11-28"), createdAt: entry, updatedAt: entry,
                    project: "work.reports", annotations: [Annotation(at: entry, text: "Use last quarter's template")]),
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
                // The recurring series: its pending occurrence, not its template, whose uuid the
                // note keeps so that an export names the same template.
                ImportedTodo(
                    uuid: UUID(uuidString: "b578aa13-1711-477d-83e1-576339c66dc5"), title: "Water the plants",
                    note: "parent: d9063d8a-98b8-4339-9c0b-36405a2cb897", due: day("2026-11-23"), createdAt: entry,
                    updatedAt: entry, recurrence: .weekly),
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
                #expect(todo.project == expected.project)
                #expect(todo.annotations == expected.annotations)
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

        @Test func dueWaitAndScheduledAreLocalDaysAndAnnotationsKeepTheirTimes() throws {
            let text = """
                [{"description":"East","status":"pending","due":"20261130T230000Z","wait":"20261129T230000Z",
                  "scheduled":"20261128T225959Z","entry":"20261121T075842Z",
                  "annotations":[{"entry":"20261122T233000Z","description":"late note"}]}]
                """
            let todo = try parse(text, utcOffset: 3600)[0]
            #expect(todo.due == day("2026-12-01"))
            #expect(todo.wait == day("2026-11-30"))
            #expect(todo.scheduled == day("2026-11-28"))
            #expect(todo.annotations == [Annotation(at: instant("2026-11-22T23:30:00Z"), text: "late note")])
            #expect(todo.note == nil)
            let utc = try parse(text)[0]
            #expect(utc.due == day("2026-11-30") && utc.wait == day("2026-11-29") && utc.scheduled == day("2026-11-28"))
        }

        @Test func waitingIsPendingWithItsWaitDayAndUnknownStatusesAreSkipped() throws {
            let text = """
                [{"description":"Later","status":"waiting","wait":"20300101T000000Z"},
                 {"description":"Future","status":"archived"}]
                """
            #expect(try parse(text) == [ImportedTodo(title: "Later", wait: day("2030-01-01"))])
        }

        @Test func projectsStartsAndDependenciesHaveTheirFields() throws {
            let text = """
                [{"uuid":"00000000-0000-0000-0000-000000000001","description":"Started","status":"pending",
                  "project":"Home.Garden","start":"20261121T075842Z",
                  "depends":["00000000-0000-0000-0000-000000000002","0115EE62-28BA-45CC-BD21-08B2F8A538B2"]},
                 {"uuid":"00000000-0000-0000-0000-000000000002","description":"Old style","status":"completed",
                  "project":" My Project, Q4 . Launch ","start":"20261121T075842Z","end":"20261122T000000Z",
                  "depends":"00000000-0000-0000-0000-000000000003, 00000000-0000-0000-0000-000000000004"},
                 {"description":"Nothing left","status":"pending","project":" . , ","depends":""}]
                """
            let todos = try parse(text)
            #expect(todos[0].project == "Home.Garden")
            #expect(todos[0].startedAt == instant("2026-11-21T07:58:42Z"))
            #expect(todos[0].dependsOnUUIDs == [uuid(2), UUID(uuidString: "0115ee62-28ba-45cc-bd21-08b2f8a538b2")!])
            #expect(todos[0].depends == [] && todos[0].tags == [] && todos[0].note == nil)
            // A completed task is not active; 2.5's comma-separated depends; a project's white
            // space and commas become `-`, its empty names go.
            #expect(todos[1].project == "My-Project-Q4.Launch")
            #expect(todos[1].startedAt == nil)
            #expect(todos[1].dependsOnUUIDs == [uuid(3), uuid(4)])
            #expect(todos[2].project == nil && todos[2].dependsOnUUIDs == [])
        }

        @Test func theNoteAnnotationIsTheNote() throws {
            let text = """
                [{"description":"Noted","status":"pending","entry":"20261121T075842Z",
                  "annotations":[{"entry":"20261121T075841Z","description":"note: Line one\\n  Line two"},
                                 {"entry":"20261121T080000Z","description":"A real one"},
                                 {"entry":"20261121T080001Z","description":"note: a second is an annotation"},
                                 {"entry":"20261121T080002Z","description":"note:"}],
                  "until":"20300201T000000Z"}]
                """
            let todo = try parse(text)[0]
            #expect(todo.note == "Line one\n  Line two\n\nuntil: 2030-02-01")
            #expect(
                todo.annotations.map(\.text) == ["A real one", "note: a second is an annotation", "note:"])
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
            // What the todo does not carry is in its note: a recur that does not map, the series
            // of the occurrences that are not its carrier, and the template of each occurrence.
            let aa = "parent: 00000000-0000-0000-0000-0000000000aa"
            #expect(
                todos.map(\.note) == [
                    "recur: 2w\n" + aa, aa, "recur: 2w\n" + aa, "parent: 00000000-0000-0000-0000-0000000000bb",
                    "recur: weekdays\nparent: 00000000-0000-0000-0000-0000000000cc", nil,
                ])
        }

        @Test func theTemplateOurExportMakesIsNotKept() throws {
            let series = TaskwarriorSeries.templateUUID(title: "Water", recurrence: .weekly)
            let occurrence = TaskwarriorSeries.templateUUID(occurrence: uuid(7))
            let text = """
                [{"uuid":"\(series)","description":"Water","status":"recurring","recur":"weekly","due":"20261102T000000Z"},
                {"uuid":"00000000-0000-0000-0000-000000000001","description":"Water","status":"pending","parent":"\(series)","recur":"weekly","due":"20261102T000000Z"},
                {"uuid":"\(occurrence)","description":"Water","status":"recurring","recur":"weekly","due":"20261102T000000Z"},
                {"uuid":"00000000-0000-0000-0000-000000000007","description":"Water","status":"pending","parent":"\(occurrence)","recur":"weekly","due":"20261102T000000Z"},
                {"uuid":"00000000-0000-0000-0000-000000000008","description":"Water","status":"completed","parent":"\(series)","recur":"weekly","due":"20261026T000000Z"}]
                """
            let todos = try parse(text)
            #expect(todos.map(\.recurrence) == [.weekly, .weekly, nil])
            #expect(todos.map(\.note) == [nil, nil, "recur: weekly\nparent: \(series.uuidString.lowercased())"])
            // The same uuids every time, version 8.
            #expect(series == TaskwarriorSeries.templateUUID(title: "Water", recurrence: .weekly))
            #expect(series != TaskwarriorSeries.templateUUID(title: "Water", recurrence: .daily))
            #expect(series.uuidString.lowercased().hasPrefix(series.uuidString.lowercased().prefix(14) + "8"))
            #expect(occurrence != TaskwarriorSeries.templateUUID(occurrence: uuid(8)))
        }

        @Test func todorecurIsTheRecurrenceOfATaskTaskwarriorCannotRepeat() throws {
            let text = """
                [{"description":"No due","status":"pending","todorecur":"3d"},
                 {"description":"Done","status":"completed","todorecur":"weekly"},
                 {"description":"Odd","status":"pending","todorecur":"weekdays"}]
                """
            let todos = try parse(text)
            #expect(todos.map(\.recurrence) == [.everyDays(3), .weekly, nil])
            #expect(todos.map(\.note) == [nil, nil, "todorecur: weekdays"])
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
            // An annotation without a time, in a task without one, is a line of the note.
            #expect(todo.note == "no date\n\npriority: X\nudaField: {\"nested\":[[]]}")
            #expect(todo.annotations == [Annotation(at: instant("2026-11-21T00:00:00Z"), text: "dated")])
            #expect(todo.tags == ["one", "two"])
            #expect(todo.project == "My-Project-Q4")
            #expect(todo.createdAt == nil)
            #expect(todo.uuid == nil)
            // With a creation time, an annotation without one takes it.
            let dated = try parse(
                #"[{"description":"a","status":"pending","entry":"20261120T000000Z","annotations":[{"description":"no date"}]}]"#
            )[0]
            #expect(dated.annotations == [Annotation(at: instant("2026-11-20T00:00:00Z"), text: "no date")])
            #expect(dated.note == nil)
        }

        @Test func attributesWithoutAFieldEndTheNoteOneLineEachInOneOrder() throws {
            // The keys in an order of their own, to show that the note's order is fixed.
            let text = """
                [{"uuid":"00000000-0000-0000-0000-000000000001","description":"Everything","status":"waiting",
                  "estimate":3,"reviewed":"20261120T120000Z","depends":["0115EE62-28BA-45CC-BD21-08B2F8A538B2",
                  "86eaf758-2352-454b-9dc6-188b321deee3"],"start":"20261121T075842Z","until":"20300201T230000Z",
                  "scheduled":"20300104T230000Z","wait":"20300109T230000Z","recur":"weekdays","priority":"X",
                  "flag":true,"blank":"","nothing":null,"list":[1, "two"],"entry":"20261121T075842Z",
                  "todorecur":"fortnightly","parent":"00000000-0000-0000-0000-0000000000AA",
                  "annotations":[{"entry":"20261121T080000Z","description":"First"},
                                 {"entry":"20261122T080000Z","description":"note: The note\\nin two lines"}],
                  "id":3,"urgency":4.2,"mask":"-","imask":1,"rtype":"periodic"},
                 {"uuid":"00000000-0000-0000-0000-000000000002","description":"No note","status":"completed",
                  "end":"20261122T000000Z","recur":"weekly","parent":"00000000-0000-0000-0000-0000000000aa"}]
                """
            let todos = try parse(text, utcOffset: 3600)
            try #require(todos.count == 2)
            #expect(
                todos[0].note == """
                    The note
                    in two lines

                    until: 2030-02-02
                    recur: weekdays
                    parent: 00000000-0000-0000-0000-0000000000aa
                    priority: X
                    todorecur: fortnightly
                    estimate: 3
                    reviewed: 20261120T120000Z
                    flag: true
                    list: [1, "two"]
                    """)
            #expect(!todos[0].isDone && todos[0].recurrence == nil && todos[0].priority == .none)
            #expect(todos[0].wait == day("2030-01-10") && todos[0].scheduled == day("2030-01-05"))
            #expect(todos[0].startedAt == instant("2026-11-21T07:58:42Z"))
            #expect(todos[0].annotations == [Annotation(at: instant("2026-11-21T08:00:00Z"), text: "First")])
            #expect(todos[0].dependsOnUUIDs.count == 2)
            #expect(
                todos[1].note == """
                    recur: weekly
                    parent: 00000000-0000-0000-0000-0000000000aa
                    """)
        }

        @Test func everyAttributeOfTaskwarrior26IsAFieldOrInTheNote() throws {
            // Each attribute of the Taskwarrior JSON format (and the ones 2.6 adds), with a value
            // of its own; what must be found of it in the imported todo. `nil`: not kept, on
            // purpose (see TaskwarriorFormat).
            let attributes: [(key: String, json: String, found: ((ImportedTodo) -> Bool)?)] = [
                ("status", #""pending""#, { !$0.isDone }),
                (
                    "uuid", #""d4d42e58-ee5d-4a49-85eb-460ce9e2e2c7""#,
                    { $0.uuid == UUID(uuidString: "d4d42e58-ee5d-4a49-85eb-460ce9e2e2c7") }
                ),
                ("entry", #""20261101T000000Z""#, { $0.createdAt == instant("2026-11-01T00:00:00Z") }),
                ("description", #""All of it""#, { $0.title == "All of it" }),
                ("start", #""20261102T010203Z""#, { $0.startedAt == instant("2026-11-02T01:02:03Z") }),
                ("end", #""20261103T000000Z""#, { $0.completedAt == nil }),  // only a completed task's
                ("due", #""20261104T000000Z""#, { $0.due == day("2026-11-04") }),
                ("until", #""20261105T000000Z""#, { $0.note?.contains("until: 2026-11-05") == true }),
                ("wait", #""20261106T000000Z""#, { $0.wait == day("2026-11-06") }),
                ("modified", #""20261107T000000Z""#, { $0.updatedAt == instant("2026-11-07T00:00:00Z") }),
                ("scheduled", #""20261108T000000Z""#, { $0.scheduled == day("2026-11-08") }),
                ("recur", #""quarterly""#, { $0.note?.contains("recur: quarterly") == true }),
                ("mask", #""-+""#, nil),
                ("imask", "1", nil),
                (
                    "parent", #""00000000-0000-0000-0000-0000000000aa""#,
                    { $0.note?.contains("parent: 00000000-0000-0000-0000-0000000000aa") == true }
                ),
                ("rtype", #""periodic""#, nil),
                ("project", #""Home.Garden""#, { $0.project == "Home.Garden" && $0.tags == ["garden", "next"] }),
                ("priority", #""M""#, { $0.priority == .medium }),
                (
                    "depends", #"["0115ee62-28ba-45cc-bd21-08b2f8a538b2"]"#,
                    { $0.dependsOnUUIDs == [UUID(uuidString: "0115ee62-28ba-45cc-bd21-08b2f8a538b2")!] }
                ),
                ("tags", #"["garden","next"]"#, { $0.tags == ["garden", "next"] }),
                (
                    "annotations",
                    #"[{"entry":"20261109T000000Z","description":"Look at the roses"},{"entry":"20261109T000001Z","description":"note: Roses"}]"#,
                    {
                        $0.annotations == [Annotation(at: instant("2026-11-09T00:00:00Z"), text: "Look at the roses")]
                            && $0.note?.hasPrefix("Roses\n\n") == true
                    }
                ),
                ("id", "0", nil),
                ("urgency", "4.5", nil),
                ("estimate", #""3h""#, { $0.note?.contains("estimate: 3h") == true }),
                ("todorecur", #""2w""#, { $0.recurrence == .everyWeeks(2) }),
            ]
            let object = "[{" + attributes.map { "\"\($0.key)\":\($0.json)" }.joined(separator: ",") + "}]"
            let todo = try #require(try parse(object).first)
            for attribute in attributes {
                if let found = attribute.found {
                    #expect(found(todo), "\(attribute.key) is lost: \(todo)")
                }
            }
            // The note's text, an empty line and each attribute line once, nothing else.
            #expect(todo.note?.split(separator: "\n", omittingEmptySubsequences: false).count == 6)
        }

        @Test func anEmptyFileOrEmptyArrayImportsNothing() throws {
            #expect(try parse("") == [])
            #expect(try parse(" \n") == [])
            #expect(try parse("[]") == [])
            #expect(try parse("[\n]\n") == [])
        }
    }
}
