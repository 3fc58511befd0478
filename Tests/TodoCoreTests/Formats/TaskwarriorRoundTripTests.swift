import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing
import TodoCoreTesting

@testable import TodoCore

extension Formats {
    /// The round trip through the real Taskwarrior (`task`, Debian's `taskwarrior`, 2.6):
    /// `task export` → our import → our export → `task import` into an empty Taskwarrior gives
    /// the same tasks; and our todos → `task import` → `task export` → our import gives the same
    /// todos. Skipped when `task` is not installed, a failure in CI (`.ci/run` installs it).
    @Suite(.serialized) struct TaskwarriorRoundTripTests {
        /// `task`'s path, when it is on `PATH`.
        static let taskPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":").map { "\($0)/task" }.first { FileManager.default.isExecutableFile(atPath: $0) }

        /// Whether this is a CI run, where a missing `task` is a failure.
        static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

        /// The time zone of both sides: one hour east of UTC, without daylight saving time (POSIX
        /// `TZ`, so that `task` and our clock agree on every day's local midnight).
        static let timeZone = "CET-1"
        static let utcOffset = 3600

        /// One Taskwarrior: its data folder and configuration in a temporary folder.
        struct Taskwarrior {
            let folder: TemporaryFolder
            let name: String
            let executable: String

            init(in folder: TemporaryFolder, name: String, executable: String) {
                self.folder = folder
                self.name = name
                self.executable = executable
                try? FileManager.default.createDirectory(
                    atPath: folder.file(name), withIntermediateDirectories: true)
                folder.write(
                    name + ".taskrc",
                    """
                    data.location=\(folder.file(name))
                    confirmation=off
                    recurrence.confirmation=off
                    hooks=off
                    verbose=nothing
                    news.version=2.6.0
                    json.array=on

                    """)
            }

            /// Runs `task` with `arguments`; fails the test (throws) when it does not exit with 0.
            @discardableResult
            func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
                let process = ChildProcess()
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = arguments
                process.environment = [
                    "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                    "HOME": folder.path, "TASKRC": folder.file(name + ".taskrc"), "TASKDATA": folder.file(name),
                    "TZ": TaskwarriorRoundTripTests.timeZone, "LANG": "C.UTF-8",
                ]
                let output = ChildPipe()
                let errors = ChildPipe()
                process.standardOutput = .pipe(output)
                process.standardError = .pipe(errors)
                try process.run()
                let (outputData, errorData) = process.readBothToEndAndWait(output, errors)
                let text = String(decoding: outputData, as: UTF8.self)
                try #require(
                    process.terminationReason == .exit && process.terminationStatus == 0,
                    "task \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(text) \(String(decoding: errorData, as: UTF8.self))",
                    sourceLocation: sourceLocation)
                return text
            }

            /// Adds a task (with `overrides` of the configuration) and returns its uuid.
            @discardableResult
            func add(_ arguments: [String], overrides: [String] = []) throws -> String {
                let output = try run(overrides + ["rc.verbose=new-uuid", "add"] + arguments)
                let uuid = try #require(
                    output.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
                return String(uuid.dropLast())  // "Created task <uuid>."
            }

            /// `task export`: the bytes, and the task objects.
            func export() throws -> (bytes: [UInt8], tasks: [[String: Any]]) {
                let bytes = Array(try run(["export"]).utf8)
                let tasks = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [[String: Any]])
                return (bytes, tasks)
            }
        }

        /// `task`, checked: 2.6.
        func taskwarrior(in folder: TemporaryFolder, _ name: String) throws -> Taskwarrior {
            let path = try #require(Self.taskPath, "task must be installed in CI (.ci/run installs taskwarrior)")
            let taskwarrior = Taskwarrior(in: folder, name: name, executable: path)
            let version = try taskwarrior.run(["--version"]).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(version.hasPrefix("2.6."), "Taskwarrior \(version): these tests are made for 2.6")
            return taskwarrior
        }

        /// A store in memory on a clock at now, in ``timeZone``.
        static func makeStore() -> (TodoServiceProvider, FakeClock) {
            let clock = FakeClock(
                Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)),
                utcOffset: utcOffset)
            return (makeProvider(clock: clock), clock)
        }

        @Test(
            .enabled(if: taskPath != nil || isCI, "Taskwarrior (task) is not installed: skipped (.ci/run installs it)"),
            .timeLimit(.minutes(5)))
        func taskExportThroughTodoBackIntoAnEmptyTaskwarriorGivesTheSameTasks() throws {
            let folder = TemporaryFolder()
            let first = try taskwarrior(in: folder, "first")

            // A varied set of tasks, made by `task` itself.
            let milk = try first.add([
                "Buy milk", "project:Home.Kitchen", "+shop", "+next", "priority:H", "due:2030-01-08",
            ])
            let report = try first.add([
                "Write the report", "project:Work", "priority:M", "due:2030-01-20", "wait:2030-01-10",
                "scheduled:2030-01-05", "until:2030-02-01",
            ])
            let call = try first.add(["Call Anaïs about the café ☕", "+phone", "priority:L"])
            try first.add(["Blocked", "depends:\(milk),\(call)"])
            let started = try first.add(["Started", "+work"])
            try first.run([started, "start"])
            let annotated = try first.add(["Annotated", "project:Home"])
            try first.run([annotated, "annotate", "Called, no answer"])
            try first.run([annotated, "annotate", #"Left a "message""#])
            let done = try first.add(["Paid the rent", "+bills", "due:2030-01-02"])
            try first.run([done, "done"])
            let deleted = try first.add(["Deleted one"])
            try first.run([deleted, "delete"])
            try first.add(["Water the plants", "due:2030-01-08", "recur:weekly", "project:Garden"])
            try first.add(["Estimated", "estimate:3h"], overrides: ["rc.uda.estimate.type=string"])
            try first.add([#"Fix "quoted" title, with commas; and semicolons"#, "depends:\(report)"])
            let original = try first.export()
            #expect(original.tasks.count == 12)

            // Into todo, twice: the second time changes nothing.
            let (provider, clock) = Self.makeStore()
            let service = provider.todoService
            let parsed = try TaskwarriorFormat.parse(
                original.bytes, file: "first.json", utcOffset: clock.clock.utcOffset)
            let imported = try service.importTodos(parsed).toBlocking().single()
            #expect(imported.created.count == 10)  // not the deleted task, nor the series' template
            let todos = try service.fetch(TodoQuery(status: .all)).toBlocking().single()
            let again = try service.importTodos(
                TaskwarriorFormat.parse(original.bytes, file: "first.json", utcOffset: clock.clock.utcOffset)
            ).toBlocking().single()
            #expect(again.created.isEmpty && again.updated.isEmpty && again.unchanged == 10)
            #expect(try service.fetch(TodoQuery(status: .all)).toBlocking().single() == todos)

            // The todos have the fields; the note keeps only what has none.
            let byTitle = Dictionary(uniqueKeysWithValues: todos.map { ($0.title, $0) })
            #expect(byTitle["Buy milk"]?.project == "Home.Kitchen")
            #expect(byTitle["Write the report"]?.wait == day("2030-01-10"))
            #expect(byTitle["Write the report"]?.note == "until: 2030-02-01")
            #expect(byTitle["Blocked"]?.depends.count == 2)
            #expect(byTitle["Started"]?.startedAt != nil)
            #expect(byTitle["Annotated"]?.annotations.map(\.text) == ["Called, no answer", #"Left a "message""#])
            #expect(byTitle["Water the plants"]?.recurrence == .weekly)
            #expect(byTitle["Estimated"]?.note == "estimate: 3h")

            // Back into an empty Taskwarrior.
            let exported = TaskwarriorFormat.export(todos, context: TodoContext(todos: todos, clock: clock.clock))
            folder.write("todo.json", exported)
            let second = try taskwarrior(in: folder, "second")
            try second.run(["import", folder.file("todo.json")])
            let final = try second.export()
            let exportedBy = Date()
            try expectSameTasks(
                final.tasks, original.tasks.filter { $0["status"] as? String != "deleted" }, touchedBy: exportedBy)

            // And what the second Taskwarrior exports is what the store has.
            let last = try service.importTodos(
                TaskwarriorFormat.parse(final.bytes, file: "second.json", utcOffset: clock.clock.utcOffset)
            ).toBlocking().single()
            #expect(last.created.isEmpty && last.updated.isEmpty && last.unchanged == 10)
        }

        @Test(
            .enabled(if: taskPath != nil || isCI, "Taskwarrior (task) is not installed: skipped (.ci/run installs it)"),
            .timeLimit(.minutes(5)))
        func ourTodosThroughTaskwarriorComeBackAsTheyWere() throws {
            let (provider, clock) = Self.makeStore()
            let service = provider.todoService
            let now = clock.now
            let todos = Self.todosForTaskwarrior(createdAt: now.addingTimeInterval(-86_400 * 3))
            _ = try service.importTodos(todos.map(ImportedTodo.init)).toBlocking().single()
            let stored = try service.fetch(TodoQuery(status: .all)).toBlocking().single()
            let exported = TaskwarriorFormat.export(stored, context: TodoContext(todos: stored, clock: clock.clock))

            let folder = TemporaryFolder()
            folder.write("todo.json", exported)
            let taskwarrior = try taskwarrior(in: folder, "tasks")
            try taskwarrior.run(["import", folder.file("todo.json")])
            let (bytes, tasks) = try taskwarrior.export()
            // Taskwarrior's own view: pending ones are pending (waiting by their wait date),
            // each series is a template with its occurrence, the note an annotation.
            #expect(tasks.count == stored.count + 2)
            #expect(try taskwarrior.run(["+WAITING", "count"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
            #expect(try taskwarrior.run(["+BLOCKED", "count"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
            #expect(try taskwarrior.run(["+ACTIVE", "count"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1")
            #expect(tasks.filter { $0["status"] as? String == "recurring" }.count == 2)

            let (target, _) = Self.makeStore()
            let parsed = try TaskwarriorFormat.parse(bytes, file: "tasks.json", utcOffset: clock.clock.utcOffset)
            _ = try target.todoService.importTodos(parsed).toBlocking().single()
            let back = try target.todoService.fetch(TodoQuery(status: .all)).toBlocking().single()
            try #require(back.count == stored.count)
            let uuidOf = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0.uuid) })
            let backUUIDOf = Dictionary(uniqueKeysWithValues: back.map { ($0.id, $0.uuid) })
            for todo in stored {
                let again = try #require(back.first { $0.uuid == todo.uuid }, "\(todo.title) is lost")
                #expect(again.title == todo.title)
                #expect(again.note == todo.note, "\(todo.title)")
                #expect(again.isDone == todo.isDone)
                #expect(again.priority == todo.priority)
                #expect(again.due == todo.due)
                #expect(again.tags == todo.tags)
                #expect(again.createdAt == todo.createdAt)
                #expect(again.updatedAt == todo.updatedAt, "\(todo.title)")
                #expect(again.completedAt == todo.completedAt)
                #expect(again.recurrence == todo.recurrence, "\(todo.title)")
                #expect(again.project == todo.project)
                #expect(again.wait == todo.wait)
                #expect(again.scheduled == todo.scheduled)
                #expect(again.annotations == todo.annotations, "\(todo.title)")
                #expect(again.startedAt == todo.startedAt)
                #expect(Set(again.depends.compactMap { backUUIDOf[$0] }) == Set(todo.depends.compactMap { uuidOf[$0] }))
            }
        }

        /// Todos with each field Taskwarrior has a place for, and some it has not.
        static func todosForTaskwarrior(createdAt created: Date) -> [Todo] {
            [
                Todo(
                    id: 1, uuid: uuid(0xA1), title: "Buy milk", note: "Oat milk: the blue one\nor soy",
                    priority: .high, due: day("2030-01-08"), tags: ["shop", "next"], createdAt: created,
                    updatedAt: created.addingTimeInterval(60), position: 1, project: "Home.Kitchen",
                    annotations: [
                        Annotation(at: created.addingTimeInterval(10), text: "Asked Anaïs"),
                        Annotation(at: created.addingTimeInterval(20), text: "Called back\nat noon"),
                    ]),
                Todo(
                    id: 2, uuid: uuid(0xA2), title: #"Write the "report""#,
                    note: "Outline first\n\nuntil: 2030-02-01\nestimate: 3h", priority: .medium,
                    due: day("2030-01-20"), createdAt: created, position: 2, project: "Work",
                    wait: day("2030-01-10"), scheduled: day("2030-01-05")),
                Todo(
                    id: 3, uuid: uuid(0xA3), title: "Blocked", createdAt: created, position: 3, depends: [1, 2]),
                Todo(
                    id: 4, uuid: uuid(0xA4), title: "Started", tags: ["work"], createdAt: created,
                    updatedAt: created.addingTimeInterval(120), position: 4, startedAt: created.addingTimeInterval(120)),
                Todo(
                    id: 5, uuid: uuid(0xA5), title: "Paid the rent", isDone: true, priority: .low,
                    due: day("2030-01-02"), tags: ["bills"], createdAt: created,
                    updatedAt: created.addingTimeInterval(300), completedAt: created.addingTimeInterval(300),
                    position: 5),
                Todo(
                    id: 6, uuid: uuid(0xA6), title: "Water the plants", note: "Only the ferns", due: day("2030-01-08"),
                    createdAt: created, position: 6, recurrence: .everyWeeks(2), project: "Garden"),
                Todo(
                    id: 7, uuid: uuid(0xA7), title: "Stretch", createdAt: created, position: 7,
                    recurrence: .everyDays(3)),
                Todo(
                    id: 8, uuid: uuid(0xA8), title: "Kept from Taskwarrior",
                    note: "recur: weekdays\nparent: 00000000-0000-0000-0000-0000000000cc\npriority: X",
                    due: day("2030-01-09"), createdAt: created, position: 8),
            ]
        }

        /// Checks that `tasks` are `expected`, field by field (the templates of recurring series
        /// by their uuid, description, status, due, recur and project, and their creation
        /// between the template's and its first occurrence's: `task add` makes both in one
        /// command, maybe seconds apart on a busy machine, and the export writes the
        /// occurrence's).
        ///
        /// - Parameter touchedBy: A time measured after `tasks` were exported: no task was
        ///   touched later.
        func expectSameTasks(
            _ tasks: [[String: Any]], _ expected: [[String: Any]], touchedBy: Date,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws {
            func time(_ key: String, of task: [String: Any]?) -> Date? {
                (task?[key] as? String).flatMap(Timestamp.parse)
            }
            #expect(
                Set(tasks.compactMap { $0["uuid"] as? String }) == Set(expected.compactMap { $0["uuid"] as? String }),
                sourceLocation: sourceLocation)
            for task in expected {
                let name = task["description"] as? String ?? "?"
                let twin = try #require(
                    tasks.first { $0["uuid"] as? String == task["uuid"] as? String }, "\(name) is lost",
                    sourceLocation: sourceLocation)
                let isTemplate = task["status"] as? String == "recurring"
                var keys = [
                    "description", "status", "due", "wait", "scheduled", "until", "project", "priority", "recur",
                ]
                // An occurrence of a series is touched by Taskwarrior's own recurrence pass when
                // it is imported (its `modified` is that second), so it can be any time from the
                // original's to the export's, however long the imports took; every other task
                // keeps the time it was given.
                let isOccurrence = task["parent"] != nil
                if !isTemplate {
                    keys += ["entry", "end", "start", "parent", "estimate"] + (isOccurrence ? [] : ["modified"])
                    if isOccurrence {
                        let was = try #require(time("modified", of: task), "\(name)", sourceLocation: sourceLocation)
                        let now = try #require(time("modified", of: twin), "\(name)", sourceLocation: sourceLocation)
                        #expect(
                            was <= now && now <= touchedBy.addingTimeInterval(1), "\(name): \(was) \(now)",
                            sourceLocation: sourceLocation)
                    }
                } else {
                    let occurrence = expected.first { $0["parent"] as? String == task["uuid"] as? String }
                    let entry = try #require(time("entry", of: task), "\(name)", sourceLocation: sourceLocation)
                    let occurrenceEntry = try #require(
                        time("entry", of: occurrence), "\(name)", sourceLocation: sourceLocation)
                    let twinEntry = try #require(time("entry", of: twin), "\(name)", sourceLocation: sourceLocation)
                    #expect(
                        min(entry, occurrenceEntry) <= twinEntry && twinEntry <= max(entry, occurrenceEntry),
                        "\(name): \(entry) \(occurrenceEntry) \(twinEntry)", sourceLocation: sourceLocation)
                }
                for key in keys {
                    #expect(
                        "\(twin[key] ?? "-")" == "\(task[key] ?? "-")", "\(key) of \(name)",
                        sourceLocation: sourceLocation)
                }
                #expect(
                    Set(twin["tags"] as? [String] ?? []) == Set(task["tags"] as? [String] ?? []), "tags of \(name)",
                    sourceLocation: sourceLocation)
                #expect(
                    Set(twin["depends"] as? [String] ?? []) == Set(task["depends"] as? [String] ?? []),
                    "depends of \(name)", sourceLocation: sourceLocation)
                #expect(
                    (twin["annotations"] as? [[String: String]] ?? [])
                        == (task["annotations"] as? [[String: String]] ?? []),
                    "annotations of \(name)", sourceLocation: sourceLocation)
            }
        }
    }
}
