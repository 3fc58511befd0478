import Foundation
import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

extension Formats {
    /// Todos as Taskwarrior tasks (`TaskwarriorFormat.export`): each field, recurring series,
    /// the note, dependencies, and what an import of the export gives back.
    @Suite struct TaskwarriorFormatExportTests {
        /// Monday 2030-01-07 09:30 UTC, one hour east of UTC.
        static let context = TodoContext(
            now: monday, clock: .fixed(at: monday, utcOffset: 3600), relations: .none)

        /// The export of `todos`, as text.
        func export(_ todos: [Todo], context: TodoContext = context) -> String {
            String(decoding: TaskwarriorFormat.export(todos, context: context), as: UTF8.self)
        }

        /// The task objects of the export of `todos`.
        func tasks(_ todos: [Todo], context: TodoContext = context) throws -> [[String: Any]] {
            let bytes = TaskwarriorFormat.export(todos, context: context)
            return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
        }

        static let created = instant("2030-01-07T09:30:00Z")

        @Test func aTodoIsOneTaskObjectOnALine() {
            let todo = Todo(
                id: 3, uuid: uuid(3), title: #"Buy "milk" \ now"#, priority: .high, due: day("2030-01-08"),
                tags: ["shop", "errand"], createdAt: Self.created, updatedAt: instant("2030-01-07T10:00:00Z"),
                position: 0, project: "Home.Kitchen", wait: day("2030-01-06"), scheduled: day("2030-01-07"),
                startedAt: instant("2030-01-07T10:00:00Z"))
            #expect(
                export([todo]) == """
                    [
                    {"uuid":"00000000-0000-0000-0000-000000000003","description":"Buy \\"milk\\" \\\\ now",\
                    "status":"pending","entry":"20300107T093000Z","modified":"20300107T100000Z",\
                    "due":"20300107T230000Z","wait":"20300105T230000Z","scheduled":"20300106T230000Z",\
                    "start":"20300107T100000Z","priority":"H","project":"Home.Kitchen","tags":["errand","shop"]}
                    ]

                    """)
        }

        @Test func oneTaskPerLineAndNothingForNoTodos() throws {
            #expect(export([]) == "[\n]\n")
            let todos = (1...3).map {
                Todo(id: $0, uuid: uuid($0), title: "T\($0)", createdAt: Self.created, position: $0)
            }
            let lines = export(todos).split(separator: "\n")
            #expect(lines.count == 5)
            #expect(lines.first == "[" && lines.last == "]")
            #expect(lines[1].hasSuffix("},") && lines[2].hasSuffix("},") && lines[3].hasSuffix("}"))
            #expect(try tasks(todos).map { $0["description"] as? String } == ["T1", "T2", "T3"])
        }

        @Test func aDoneTodoIsCompletedAtItsCompletionAndNoLongerActive() throws {
            let done = Todo(
                id: 1, uuid: uuid(1), title: "Paid", isDone: true, priority: .low, createdAt: Self.created,
                updatedAt: instant("2030-01-08T10:00:00Z"), completedAt: instant("2030-01-08T09:00:00Z"),
                position: 0, startedAt: instant("2030-01-07T10:00:00Z"))
            let task = try #require(try tasks([done]).first)
            #expect(task["status"] as? String == "completed")
            #expect(task["end"] as? String == "20300108T090000Z")
            #expect(task["modified"] as? String == "20300108T100000Z")
            #expect(task["priority"] as? String == "L")
            #expect(task["start"] == nil)
            // Waiting todos are pending with a wait date: Taskwarrior 2.6 tells them apart by it.
            let waiting = Todo(
                id: 2, uuid: uuid(2), title: "Later", createdAt: Self.created, position: 0,
                wait: day("2030-02-01"))
            #expect(try tasks([waiting]).first?["status"] as? String == "pending")
            // No id, no urgency.
            #expect(task["id"] == nil && task["urgency"] == nil)
        }

        @Test func dueDaysAreLocalMidnightInTheContextsZone() throws {
            let todo = Todo(
                id: 1, uuid: uuid(1), title: "Due", due: day("2030-01-08"), createdAt: Self.created,
                position: 0)
            for (offset, due) in [(0, "20300108T000000Z"), (3600, "20300107T230000Z"), (-5 * 3600, "20300108T050000Z")]
            {
                let context = TodoContext(now: monday, clock: .fixed(at: monday, utcOffset: offset), relations: .none)
                #expect(try tasks([todo], context: context).first?["due"] as? String == due)
            }
        }

        // MARK: Recurring todos

        @Test func aRepeatingTodoIsTheOccurrenceOfASeriesWhoseTemplateComesFirst() throws {
            let todo = Todo(
                id: 1, uuid: uuid(1), title: "Water the plants", priority: .medium, due: day("2030-01-08"),
                tags: ["home"], createdAt: Self.created, position: 0, recurrence: .weekly, project: "Garden",
                wait: day("2030-01-07"))
            let objects = try tasks([todo])
            try #require(objects.count == 2)
            let (template, occurrence) = (objects[0], objects[1])
            let templateUUID = TaskwarriorSeries.templateUUID(title: "Water the plants", recurrence: .weekly)
            #expect(template["uuid"] as? String == templateUUID.uuidString.lowercased())
            #expect(template["status"] as? String == "recurring")
            #expect(template["recur"] as? String == "weekly")
            #expect(template["mask"] as? String == "-")
            #expect(template["rtype"] as? String == "periodic")
            for key in ["description", "due", "wait", "priority", "project", "entry", "modified"] {
                #expect(template[key] as? String == occurrence[key] as? String, "\(key)")
            }
            #expect(template["tags"] as? [String] == ["home"])
            #expect(occurrence["uuid"] as? String == uuid(1).uuidString.lowercased())
            #expect(occurrence["status"] as? String == "pending")
            #expect(occurrence["parent"] as? String == templateUUID.uuidString.lowercased())
            #expect(occurrence["imask"] as? Int == 0)
            #expect(occurrence["recur"] as? String == "weekly")
            #expect(occurrence["rtype"] as? String == "periodic")
            // A waiting occurrence: `W` in the template's mask, as `task` writes it.
            var waiting = todo
            waiting.wait = day("2030-01-08")
            #expect(try tasks([waiting]).first?["mask"] as? String == "W")
        }

        @Test func recurrencesAreTaskwarriorsRecurValues() throws {
            let cases: [(Recurrence, String)] = [
                (.daily, "daily"), (.weekly, "weekly"), (.monthly, "monthly"), (.yearly, "yearly"),
                (.everyDays(3), "3d"), (.everyWeeks(2), "2w"),
            ]
            for (recurrence, value) in cases {
                let todo = Todo(
                    id: 1, uuid: uuid(1), title: "R", due: day("2030-01-08"), createdAt: Self.created,
                    position: 0, recurrence: recurrence)
                #expect(try tasks([todo]).map { $0["recur"] as? String } == [value, value])
                #expect(Recurrence(taskwarrior: value) == recurrence)
            }
        }

        @Test func eachSeriesHasItsOwnTemplateAndTheNoteNamesATemplateKept() throws {
            let first = Todo(
                id: 1, uuid: uuid(1), title: "Stand-up", due: day("2030-01-08"), createdAt: Self.created,
                position: 0, recurrence: .daily)
            var second = first
            (second.id, second.uuid) = (2, uuid(2))
            var kept = first
            (kept.id, kept.uuid, kept.note) = (
                3, uuid(3), "Bring notes\n\nparent: 00000000-0000-0000-0000-0000000000aa"
            )
            let objects = try tasks([first, second, kept])
            try #require(objects.count == 6)
            let templates = objects.filter { $0["status"] as? String == "recurring" }.map { $0["uuid"] as? String }
            #expect(
                templates == [
                    TaskwarriorSeries.templateUUID(title: "Stand-up", recurrence: .daily).uuidString.lowercased(),
                    TaskwarriorSeries.templateUUID(occurrence: uuid(2)).uuidString.lowercased(),
                    "00000000-0000-0000-0000-0000000000aa",
                ])
            #expect(objects[5]["parent"] as? String == "00000000-0000-0000-0000-0000000000aa")
            // The note is the template's too, for the occurrences Taskwarrior makes from it.
            for object in objects[4...5] {
                #expect(
                    (object["annotations"] as? [[String: String]]) == [
                        ["entry": "20300107T093000Z", "description": "note: Bring notes"]
                    ])
            }
        }

        @Test func aRecurrenceTaskwarriorCannotRepeatIsTodorecur() throws {
            // Without a due day (`task` needs one, and 2.6.2 crashes importing a pending task with
            // `recur` and no `due`), or done.
            let noDue = Todo(
                id: 1, uuid: uuid(1), title: "Every 3 days", createdAt: Self.created, position: 0,
                recurrence: .everyDays(3))
            let done = Todo(
                id: 2, uuid: uuid(2), title: "Done", isDone: true, due: day("2030-01-01"),
                createdAt: Self.created, completedAt: Self.created, position: 0, recurrence: .monthly)
            let objects = try tasks([noDue, done])
            try #require(objects.count == 2)
            #expect(objects.map { $0["todorecur"] as? String } == ["3d", "monthly"])
            #expect(objects.allSatisfy { $0["recur"] == nil && $0["parent"] == nil })
        }

        @Test func aSeriesWhoseRecurDoesNotMapIsWrittenBackByItsLastOccurrence() throws {
            let note = "recur: weekdays\nparent: 00000000-0000-0000-0000-0000000000cc"
            let earlier = Todo(
                id: 1, uuid: uuid(1), title: "Stand-up", note: note, due: day("2030-01-07"),
                createdAt: Self.created, position: 0)
            var later = earlier
            (later.id, later.uuid, later.due) = (2, uuid(2), day("2030-01-08"))
            let objects = try tasks([later, earlier])
            #expect(
                objects.map { $0["uuid"] as? String } == [
                    "00000000-0000-0000-0000-0000000000cc", uuid(2).uuidString.lowercased(),
                    uuid(1).uuidString.lowercased(),
                ])
            #expect(objects[0]["recur"] as? String == "weekdays" && objects[0]["status"] as? String == "recurring")
            for occurrence in objects.dropFirst() {
                #expect(occurrence["recur"] as? String == "weekdays")
                #expect(occurrence["parent"] as? String == "00000000-0000-0000-0000-0000000000cc")
                #expect(occurrence["annotations"] == nil)
            }
        }

        // MARK: The note

        @Test func theNoteIsAnAnnotationBeforeTheOthers() throws {
            let todo = Todo(
                id: 1, uuid: uuid(1), title: "Noted", note: "Oat milk\n\tor soy", createdAt: Self.created,
                position: 0,
                annotations: [
                    Annotation(at: Self.created, text: "Called"), Annotation(at: Self.created, text: "Called again"),
                    Annotation(at: Self.created.addingTimeInterval(-1), text: "Earlier"),
                ])
            let annotations = try #require(try tasks([todo]).first?["annotations"] as? [[String: String]])
            // Each annotation at a second of its own (Taskwarrior keeps one per second).
            #expect(
                annotations == [
                    ["entry": "20300107T092958Z", "description": "note: Oat milk\n\tor soy"],
                    ["entry": "20300107T093000Z", "description": "Called"],
                    ["entry": "20300107T093001Z", "description": "Called again"],
                    ["entry": "20300107T092959Z", "description": "Earlier"],
                ])
        }

        @Test func theNotesLastParagraphOfAttributesIsWrittenAsAttributes() throws {
            let note = """
                Ask for the blue one

                until: 2030-02-01
                estimate: 3h
                priority: X
                depends: 00000000-0000-0000-0000-000000000009, 00000000-0000-0000-0000-000000000002
                """
            let todo = Todo(
                id: 1, uuid: uuid(1), title: "A", note: note, createdAt: Self.created, position: 0,
                depends: [2])
            let other = Todo(id: 2, uuid: uuid(2), title: "B", createdAt: Self.created, position: 1)
            let task = try #require(try tasks([todo, other]).first)
            #expect(task["until"] as? String == "20300131T230000Z")
            #expect(task["estimate"] as? String == "3h")
            #expect(task["priority"] as? String == "X")
            #expect(task["depends"] as? [String] == [uuid(2), uuid(9)].map { $0.uuidString.lowercased() })
            #expect(
                (task["annotations"] as? [[String: String]])?.map { $0["description"] } == [
                    "note: Ask for the blue one"
                ])
            // Only attributes: no annotation.
            var bare = todo
            bare.note = "estimate: 3h"
            let bareTask = try #require(try tasks([bare]).first)
            #expect(bareTask["estimate"] as? String == "3h" && bareTask["annotations"] == nil)
        }

        @Test(arguments: [
            "Remember: eggs",  // a name Taskwarrior attributes do not have
            "estimate: 3h\nand more",  // a line that is not an attribute
            "text\n\ndue: 2030-01-01",  // a field the export writes itself
            "until: soon",  // not a day
            "parent: nope",  // not a uuid
            "depends: 1, 2",  // not uuids
            "estimate: 1\nestimate: 2",  // twice
            "priority: X",  // the todo has a priority
            "recur: weekdays",  // pending without a parent: Taskwarrior would start a series
            "estimate:3h",  // todo.txt's form
            "annotation_1795247922: x",  // how Taskwarrior's data files keep annotations
        ])
        func aLastParagraphThatCannotAllBeWrittenStaysText(note: String) throws {
            let todo = Todo(
                id: 1, uuid: uuid(1), title: "A", note: note, priority: .low, due: day("2030-01-08"),
                createdAt: Self.created, position: 0)
            let task = try #require(try tasks([todo]).first)
            #expect(
                (task["annotations"] as? [[String: String]])?.map { $0["description"] } == ["note: " + note])
            #expect(task["estimate"] == nil && task["until"] == nil && task["recur"] == nil)
            #expect(task["due"] as? String == "20300107T230000Z" && task["priority"] as? String == "L")
        }

        // MARK: Dependencies

        @Test func dependenciesAreTheUuidsOfExportedTodos() throws {
            let todos = [
                Todo(id: 1, uuid: uuid(1), title: "A", createdAt: Self.created, position: 0, depends: [2, 5]),
                Todo(id: 2, uuid: uuid(2), title: "B", createdAt: Self.created, position: 1, depends: [1]),
            ]
            let objects = try tasks(todos)
            #expect(objects[0]["depends"] as? [String] == [uuid(2).uuidString.lowercased()])
            #expect(objects[1]["depends"] as? [String] == [uuid(1).uuidString.lowercased()])
            // Todo 5 is not exported: the dependency on it is left out.
            #expect(try tasks([todos[0]]).first?["depends"] == nil)
        }

        // MARK: Back again

        /// Todos with every field, as the store keeps them, in every way the export writes them.
        static func everyKindOfTodo() -> [Todo] {
            let created = instant("2026-11-21T07:58:42Z")
            var todos = demandingTodos()
            todos += [
                Todo(
                    id: 20, uuid: uuid(20), title: "Everything", note: "Free text\n\nuntil: 2030-02-01\nestimate: 3h",
                    priority: .medium, due: day("2030-01-20"), tags: ["next", "work"], createdAt: created,
                    updatedAt: created.addingTimeInterval(90), position: 7000, project: "Work.Reports",
                    wait: day("2030-01-10"), scheduled: day("2030-01-05"), depends: [7, 21],
                    annotations: [
                        Annotation(at: created.addingTimeInterval(30), text: "First"),
                        Annotation(at: created.addingTimeInterval(40), text: "Second\nline"),
                    ], startedAt: created.addingTimeInterval(60)),
                Todo(
                    id: 21, uuid: uuid(21), title: "Blocking", note: "phone: 555-1234", createdAt: created,
                    position: 7100),
                Todo(
                    id: 22, uuid: uuid(22), title: "Kept from Taskwarrior",
                    note: "recur: weekdays\nparent: 00000000-0000-0000-0000-0000000000cc\npriority: X",
                    due: day("2030-01-08"), createdAt: created, position: 7200, depends: [99]),
                Todo(
                    id: 23, uuid: uuid(23), title: "Series of its own",
                    note: "parent: 00000000-0000-0000-0000-0000000000dd",
                    due: day("2030-01-08"), createdAt: created, position: 7300, recurrence: .everyWeeks(3)),
                Todo(
                    id: 24, uuid: uuid(24), title: "Not attributes", note: "Remember: eggs\n\nTo: Bob", isDone: true,
                    createdAt: created, completedAt: created.addingTimeInterval(5), position: 7400,
                    annotations: [Annotation(at: created, text: "Same second as the note")]),
            ]
            return todos
        }

        @Test(arguments: [0, 3600, -11 * 3600])
        func anExportImportedIntoAnEmptyStoreGivesBackEveryTodo(utcOffset: Int) throws {
            let clock = FakeClock(instant("2026-11-24T10:00:00Z"), utcOffset: utcOffset)
            let source = makeProvider(clock: clock)
            _ = try source.todoService.importTodos(Self.everyKindOfTodo().map(ImportedTodo.init)).toBlocking().single()
            let todos = try source.todoService.fetch(TodoQuery(status: .all)).toBlocking().single()
            let context = TodoContext(todos: todos, clock: clock.clock)
            let bytes = TaskwarriorFormat.export(todos, context: context)

            let target = makeProvider(clock: clock)
            let parsed = try TaskwarriorFormat.parse(bytes, file: "tasks.json", utcOffset: clock.clock.utcOffset)
            _ = try target.todoService.importTodos(parsed).toBlocking().single()
            let back = try target.todoService.fetch(TodoQuery(status: .all)).toBlocking().single()
            try #require(back.count == todos.count)
            let uuidOf = Dictionary(uniqueKeysWithValues: todos.map { ($0.id, $0.uuid) })
            let backUUIDOf = Dictionary(uniqueKeysWithValues: back.map { ($0.id, $0.uuid) })
            for todo in todos {
                let again = try #require(back.first { $0.uuid == todo.uuid }, "\(todo.title)")
                #expect(again.title == todo.title)
                #expect(again.note == todo.note, "\(todo.title)")
                #expect(again.isDone == todo.isDone)
                #expect(again.priority == todo.priority)
                #expect(again.due == todo.due)
                #expect(again.tags == todo.tags)
                #expect(again.createdAt == todo.createdAt)
                #expect(again.updatedAt == todo.updatedAt)
                #expect(again.completedAt == todo.completedAt)
                #expect(again.recurrence == todo.recurrence, "\(todo.title)")
                #expect(again.project == todo.project)
                #expect(again.wait == todo.wait)
                #expect(again.scheduled == todo.scheduled)
                #expect(again.annotations == todo.annotations, "\(todo.title)")
                #expect(again.startedAt == todo.startedAt)
                #expect(Set(again.depends.compactMap { backUUIDOf[$0] }) == Set(todo.depends.compactMap { uuidOf[$0] }))
            }
            // And again: the same tasks, byte for byte.
            let backContext = TodoContext(todos: back, clock: clock.clock)
            let reordered = todos.map { todo in back.first { $0.uuid == todo.uuid }! }
            #expect(TaskwarriorFormat.export(reordered, context: backContext) == bytes)
        }

        @Test func theFixtureThroughTheStoreExportsAsItImports() throws {
            let clock = FakeClock(instant("2026-11-24T10:00:00Z"))
            let provider = makeProvider(clock: clock)
            let fixture = try TaskwarriorFormat.parse(FormatFixture.taskwarrior.bytes, file: "taskwarrior-export.json")
            _ = try provider.todoService.importTodos(fixture).toBlocking().single()
            let todos = try provider.todoService.fetch(TodoQuery(status: .all)).toBlocking().single()
            let bytes = TaskwarriorFormat.export(todos, context: TodoContext(todos: todos, clock: clock.clock))
            #expect(try TaskwarriorFormat.parse(bytes, file: "again.json") == fixture)

            // What Taskwarrior finds in it: the fixture's tasks, but the deleted one.
            let exported = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
            let original = try #require(
                try JSONSerialization.jsonObject(with: Data(FormatFixture.taskwarrior.bytes)) as? [[String: Any]])
            #expect(
                Set(exported.compactMap { $0["uuid"] as? String })
                    == Set(
                        original.filter { $0["status"] as? String != "deleted" }.compactMap { $0["uuid"] as? String }))
            for task in exported {
                let twin = try #require(original.first { $0["uuid"] as? String == task["uuid"] as? String })
                for key in [
                    "description", "status", "entry", "modified", "end", "due", "priority", "project", "recur",
                    "parent", "mask", "imask",
                ] {
                    #expect("\(twin[key] ?? "-")" == "\(task[key] ?? "-")", "\(key) of \(twin["description"] ?? "")")
                }
                #expect(Set(twin["tags"] as? [String] ?? []) == Set(task["tags"] as? [String] ?? []))
                #expect(
                    (twin["annotations"] as? [[String: String]] ?? [])
                        == (task["annotations"] as? [[String: String]] ?? []))
            }
        }
    }
}
