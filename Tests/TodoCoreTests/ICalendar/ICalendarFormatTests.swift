import Foundation
import ReactorKit
import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

extension ICalendar {
    /// The VTODO ↔ todo mapping, and what a todo keeps of its iCalendar form.
    @Suite struct FormatTests {
        let clock = FakeClock(instant("2030-02-01T10:00:00Z"), utcOffset: 0)
        let provider: TodoServiceProvider

        init() {
            provider = makeProvider(clock: clock)
        }

        static func fixture(_ name: String) throws -> [UInt8] {
            try Array(Data(contentsOf: FormatFixture.folder.appendingPathComponent(name)))
        }

        /// Imports `bytes` into the store and gives back every todo, by id.
        @discardableResult
        func importICS(_ bytes: [UInt8]) throws -> [Todo] {
            _ = try provider.todoService.importTodos(ICalendarFormat.parse(bytes, file: "x.ics")).toBlocking().single()
            return try provider.todoService.fetch(TodoQuery(status: .all)).toBlocking().single().sorted {
                $0.id < $1.id
            }
        }

        /// The unfolded content lines of the VTODO of `uid` in an iCalendar text.
        func lines(ofUID uid: String, in bytes: [UInt8]) throws -> [String] {
            let calendar = try ICalendarComponent.parse(bytes, file: "x.ics")[0]
            let vtodo = try #require(calendar.components.first { $0.property("UID")?.text == uid })
            var lines: [String] = []
            var tzids: [String] = []
            vtodo.appendContentLines(to: &lines, tzids: &tzids)
            return lines
        }

        @Test func sha1AndNameBasedUUIDsAreTheStandardOnes() {
            let abc = SHA1.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
            #expect(abc == "a9993e364706816aba3e25717850c26c9cd0d89d")
            let empty = SHA1.digest([]).map { String(format: "%02x", $0) }.joined()
            #expect(empty == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
            let dns = UUID(uuidString: "6ba7b810-9dad-11d1-80b4-00c04fd430c8")!
            #expect(
                UUID(name: "python.org", namespace: dns).uuidString.lowercased()
                    == "886313e1-3b8a-5372-9b90-0c9aee199e5d")
            #expect(
                ICalendarFormat.uuid(forUID: "b6d0a6f1c2e24f0e9a1b@laptop").uuidString.lowercased()
                    == "cb4f7858-f383-5fc0-af16-9336961c72e0")
            let uuid = UUID()
            #expect(ICalendarFormat.uuid(forUID: uuid.uuidString) == uuid)
        }

        @Test func readsEachMappedField() throws {
            let todos = try ICalendarFormat.parse(Self.fixture("nextcloud.ics"), file: "nextcloud.ics")
            #expect(todos.count == 2)
            let call = todos[0]
            #expect(call.uuid == ICalendarFormat.uuid(forUID: "b6d0a6f1c2e24f0e9a1b@laptop"))
            #expect(call.title == "Appeler Anaïs à propos du café ☕")
            #expect(
                call.note
                    == "Line one, with a comma\nLine two; with a semicolon\nA backslash: \\\\ and a very long tail that has to be folded across lines because it is longer than seventy-five octets"
            )
            #expect(call.priority == .high)  // 3
            #expect(!call.isDone)
            #expect(call.due == CalendarDay(year: 2030, month: 3, day: 11))  // 20:30 EDT is 00:30 UTC
            #expect(call.tags == ["Work", "home-office", "Two-words"])
            #expect(call.recurrence == nil)  // BYDAY: not ours to repeat
            #expect(call.createdAt == instant("2030-01-01T09:00:00Z"))
            #expect(call.updatedAt == instant("2030-01-02T10:00:00Z"))
            let rent = todos[1]
            #expect(rent.uuid == UUID(uuidString: "5d1a0b7e-1111-4222-8333-944455556666"))
            #expect(rent.isDone && rent.completedAt == instant("2030-01-03T08:00:00Z"))
            #expect(
                rent.priority == .high && rent.due == CalendarDay(year: 2030, month: 1, day: 2)
                    && rent.tags == ["bills"])
            #expect(rent.iCalendarLines == "")  // everything it says is mapped
        }

        @Test func theRFC5545ExamplesImportAndComeBackWithTheirLines() throws {
            let bytes = try Self.fixture("rfc5545.ics")
            let todos = try importICS(bytes)
            #expect(
                todos.map(\.title) == [
                    "Submit Quebec Income Tax Return for 2006", "Submit Revised Internet-Draft", "Submit Income Taxes",
                ])
            #expect(
                todos[0].tags == ["FAMILY", "FINANCE"] && todos[0].due == CalendarDay(year: 2007, month: 5, day: 1))
            #expect(todos[1].priority == .high && todos[1].scheduled == CalendarDay(year: 2007, month: 5, day: 14))
            #expect(todos[1].due == CalendarDay(year: 2007, month: 7, day: 9))
            #expect(todos[2].due == CalendarDay(year: 1998, month: 4, day: 15))
            let exported = ICalendarFormat.export(todos)
            for uid in [
                "20070313T123432Z-456553@example.com", "20070514T103211Z-123404@example.com", "uid4@example.com",
            ] {
                let original = try lines(ofUID: uid, in: bytes)
                let written = try lines(ofUID: uid, in: exported)
                for line in original {
                    #expect(written.contains(line), "\(uid): \(line) is lost in \(written)")
                }
            }
        }

        @Test func unknownLinesAndLossyOnesComeBackUnchangedWhenTheTodoIsWrittenAgain() throws {
            let bytes = try Self.fixture("nextcloud.ics")
            let todos = try importICS(bytes)
            let exported = ICalendarFormat.export(todos)
            let uid = "b6d0a6f1c2e24f0e9a1b@laptop"
            let original = try lines(ofUID: uid, in: bytes)
            let written = try lines(ofUID: uid, in: exported)
            for line in original {
                #expect(written.contains(line), "\(line) is lost in \(written)")
            }
            #expect(written.filter { $0.hasPrefix("UID:") } == ["UID:" + uid])
            #expect(written.filter { $0.hasPrefix("DUE") } == ["DUE;TZID=Custom/Eastern:20300310T203000"])
            // The zone its DUE names is written too.
            let calendar = try ICalendarComponent.parse(exported, file: "x.ics")[0]
            #expect(calendar.components(named: "VTIMEZONE").map { $0.property("TZID")?.value } == ["Custom/Eastern"])
            // Imported again: nothing changes.
            let again = try provider.todoService.importTodos(ICalendarFormat.parse(exported, file: "again.ics"))
                .toBlocking().single()
            #expect(again.created.isEmpty && again.updated.isEmpty && again.unchanged == 2)
        }

        @Test func aFieldChangedHereReplacesOnlyItsLines() throws {
            var todos = try importICS(Self.fixture("nextcloud.ics"))
            todos[0].due = CalendarDay(year: 2030, month: 3, day: 12)
            todos[0].priority = .low
            todos[0].tags.insert("urgent")
            let written = try lines(ofUID: "b6d0a6f1c2e24f0e9a1b@laptop", in: ICalendarFormat.export(todos))
            #expect(written.filter { $0.hasPrefix("DUE") } == ["DUE;VALUE=DATE:20300312"])
            #expect(written.filter { $0.hasPrefix("PRIORITY") } == ["PRIORITY:9"])
            #expect(written.filter { $0.hasPrefix("CATEGORIES") } == ["CATEGORIES:Two-words,Work,home-office,urgent"])
            #expect(written.contains("SUMMARY;LANGUAGE=fr:Appeler Anaïs à propos du café ☕"))
            #expect(written.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,WE"))
            #expect(written.contains(#"X-NEXTCLOUD-PINNED;X-FLAG="a:b;c":yes"#))
            #expect(written.contains("TRIGGER;RELATED=END:-PT15M"))
            // A recurrence set here replaces the one it could not repeat.
            todos[0].recurrence = .everyWeeks(2)
            let again = try lines(ofUID: "b6d0a6f1c2e24f0e9a1b@laptop", in: ICalendarFormat.export(todos))
            #expect(again.filter { $0.hasPrefix("RRULE") } == ["RRULE:FREQ=WEEKLY;INTERVAL=2"])
        }

        @Test func everyFieldOfATodoMadeHereMakesTheRoundTrip() throws {
            let uuid = UUID()
            let blocker = Todo(
                id: 1, uuid: UUID(), title: "First", createdAt: instant("2030-01-01T09:00:00Z"), position: 1024)
            let todo = Todo(
                id: 2, uuid: uuid, title: "Write, the; report\\", note: "Two\nlines, with; marks", priority: .medium,
                due: CalendarDay(year: 2030, month: 1, day: 20), tags: ["work", "q1"],
                createdAt: instant("2030-01-01T09:00:00Z"), updatedAt: instant("2030-01-02T09:30:00Z"), position: 2048,
                recurrence: .everyDays(3), project: "Work.Reports", wait: CalendarDay(year: 2030, month: 1, day: 10),
                scheduled: CalendarDay(year: 2030, month: 1, day: 5), depends: [1],
                annotations: [Annotation(at: instant("2030-01-01T10:00:00Z"), text: "Called, no answer")],
                startedAt: instant("2030-01-02T09:00:00Z"))
            let bytes = ICalendarFormat.export([blocker, todo])
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("UID:\(uuid.uuidString.lowercased())\r\n"))
            #expect(text.contains("STATUS:IN-PROCESS\r\n"))
            #expect(text.contains("PRIORITY:5\r\n"))
            #expect(text.contains("DUE;VALUE=DATE:20300120\r\n"))
            #expect(text.contains("DTSTART;VALUE=DATE:20300105\r\n"))
            #expect(text.contains("RRULE:FREQ=DAILY;INTERVAL=3\r\n"))
            #expect(text.contains("RELATED-TO;RELTYPE=DEPENDS-ON:\(blocker.uuid.uuidString.lowercased())\r\n"))
            let back = try ICalendarFormat.parse(bytes, file: "x.ics")[1]
            #expect(back.uuid == uuid)
            #expect(back.title == todo.title && back.note == todo.note && back.priority == .medium)
            #expect(back.due == todo.due && back.tags == todo.tags && back.recurrence == todo.recurrence)
            #expect(back.createdAt == todo.createdAt && back.updatedAt == todo.updatedAt)
            #expect(back.project == "Work.Reports" && back.wait == todo.wait && back.scheduled == todo.scheduled)
            #expect(back.annotations == todo.annotations && back.startedAt == todo.startedAt)
            #expect(back.dependsOnUUIDs == [blocker.uuid])
            #expect(back.iCalendarLines == "")
            // Done, and a priority of each kind.
            var done = todo
            done.isDone = true
            done.completedAt = instant("2030-01-03T08:00:00Z")
            done.priority = .low
            let doneBack = try ICalendarFormat.parse(ICalendarFormat.export([done]), file: "x.ics")[0]
            #expect(doneBack.isDone && doneBack.completedAt == done.completedAt && doneBack.priority == .low)
            #expect(doneBack.startedAt == nil)
        }

        @Test(arguments: [
            ("0", Priority.none), ("1", .high), ("4", .high), ("5", .medium), ("6", .low), ("9", .low), ("x", .none),
        ])
        func prioritiesReadInRanges(value: String, priority: Priority) throws {
            let text = "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:p\nSUMMARY:t\nPRIORITY:\(value)\nEND:VTODO\nEND:VCALENDAR\n"
            #expect(try ICalendarFormat.parse(Array(text.utf8), file: "p.ics")[0].priority == priority)
        }

        @Test func theStoreKeepsTheLinesAndOldStoresStillRead() throws {
            let folder = TemporaryFolder()
            let path = folder.file("todos.json")
            let fileProvider = makeProvider(storage: JSONFileTodoStorage(path: path), clock: clock)
            _ = try fileProvider.todoService.importTodos(
                ICalendarFormat.parse(Self.fixture("nextcloud.ics"), file: "n.ics")
            )
            .toBlocking().single()
            let stored = try String(contentsOfFile: path, encoding: .utf8)
            #expect(stored.contains(#","icalendar":"UID:b6d0a6f1c2e24f0e9a1b@laptop\n"#))
            let reread = makeProvider(storage: JSONFileTodoStorage(path: path), clock: clock)
            let todos = try reread.todoService.fetch(TodoQuery(status: .all)).toBlocking().single().sorted {
                $0.id < $1.id
            }
            #expect(todos[0].iCalendarLines?.contains("BEGIN:VALARM") == true)
            #expect(todos[1].iCalendarLines == nil)
            // A todo without the key (every store before this one) reads as before.
            #expect(!stored.split(separator: "\n").filter { $0.contains("Pay the rent") }[0].contains("icalendar"))
        }

        @Test func theFormatIsGuessedFromBeginVCalendar() throws {
            #expect(TodoFileFormat.guess(bytes: Array("BEGIN:VCALENDAR\r\n".utf8), fileName: "x.txt") == .iCalendar)
            #expect(
                TodoFileFormat.guess(bytes: [0xEF, 0xBB, 0xBF] + Array("\n begin:vcalendar\n".utf8), fileName: nil)
                    == .iCalendar)
            #expect(TodoFileFormat.guess(bytes: Array("BEGIN:VCARD\n".utf8), fileName: "x.ics") == .todoTxt)
        }

        @Test func aFileThatIsNotAVCalendarIsAnError() throws {
            let text = "BEGIN:VCARD\nFN:Jane\nEND:VCARD\n"
            let failure = try #require(
                importFailure { () throws(TodoError) in try ICalendarFormat.parse(Array(text.utf8), file: "c.ics") })
            #expect(failure.problem.contains("VCARD"))
        }

        @Test func aVTodoWithoutSummaryGetsATitleAndKeepsEverything() throws {
            let text =
                "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:n\nDESCRIPTION:\\nFirst line\\nsecond\nEND:VTODO\nEND:VCALENDAR\n"
            let todo = try ICalendarFormat.parse(Array(text.utf8), file: "n.ics")[0]
            #expect(todo.title == "First line")
            let bare = "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:n\nEND:VTODO\nEND:VCALENDAR\n"
            #expect(try ICalendarFormat.parse(Array(bare.utf8), file: "n.ics")[0].title == "(no summary)")
        }
    }
}
