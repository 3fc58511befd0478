import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing
import TodoCoreTesting

@testable import TodoCore

extension ICalendar {
    /// A real peer: todoman (Debian's `todoman`), which keeps todos as a vdir of `.ics` files.
    /// Todos made in todoman are read here with their title, due day, priority and completion;
    /// todos written here show in `todoman --porcelain list`; a property added by hand survives the
    /// round trip. Skipped when todoman is not installed, a failure in CI (`.ci/run` installs it).
    @Suite(.serialized) struct TodomanInteropTests {
        static let todomanPath: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            .split(separator: ":").map { "\($0)/todoman" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

        let folder = TemporaryFolder()
        var list: String { folder.file("calendars/list") }

        /// Runs todoman with `arguments` in UTC, its configuration and cache in the temporary folder.
        @discardableResult
        func todoman(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let path = try #require(Self.todomanPath, "todoman must be installed in CI (.ci/run installs it)")
            try FileManager.default.createDirectory(atPath: list, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                atPath: folder.file("config/todoman"), withIntermediateDirectories: true)
            folder.write(
                "config/todoman/config.py",
                """
                path = "\(folder.file("calendars"))/*"
                date_format = "%Y-%m-%d"
                time_format = "%H:%M"
                default_list = "list"

                """)
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.environment = [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder.path,
                "XDG_CONFIG_HOME": folder.file("config"), "XDG_CACHE_HOME": folder.file("cache"), "TZ": "UTC",
                "LANG": "C.UTF-8",
            ]
            let output = ChildPipe()
            let errors = ChildPipe()
            process.standardOutput = .pipe(output)
            process.standardError = .pipe(errors)
            try process.run()
            let (outputData, errorData) = process.readBothToEndAndWait(output, errors)
            try #require(
                process.terminationReason == .exit && process.terminationStatus == 0,
                "todoman \(arguments.joined(separator: " ")) failed: \(String(decoding: errorData, as: UTF8.self))",
                sourceLocation: sourceLocation)
            return String(decoding: outputData, as: UTF8.self)
        }

        /// The `.ics` files of the list, by name.
        func files() throws -> [String: [UInt8]] {
            var files: [String: [UInt8]] = [:]
            for name in try FileManager.default.contentsOfDirectory(atPath: list) where name.hasSuffix(".ics") {
                files[name] = Array(try Data(contentsOf: URL(fileURLWithPath: list + "/" + name)))
            }
            return files
        }

        /// `todoman --porcelain list --status ANY`, by summary.
        func porcelain() throws -> [String: [String: Any]] {
            let json = try todoman(["--porcelain", "list", "--status", "ANY"])
            let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            return Dictionary(
                items.map { ($0["summary"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        }

        @Test(.enabled(if: todomanPath != nil || isCI, "todoman is not installed: skipped (.ci/run installs it)"))
        func todosMadeInTodomanComeHereAndOursShowThere() throws {
            try todoman(["new", "-l", "list", "--due", "2030-01-08", "--priority", "high", "Buy milk"])
            try todoman(["new", "-l", "list", "--due", "2030-01-09", "Call Anaïs, about the café"])
            try todoman(["done", "2"])
            // A property todoman does not write, added by hand to the first todo's file.
            var made = try files()
            let (milkFile, milkBytes) = try #require(
                made.first { String(decoding: $0.value, as: UTF8.self).contains("Buy milk") })
            let handMade = "X-HAND-MADE;X-NOTE=\"a;b\":kept\\, by hand"
            let edited = String(decoding: milkBytes, as: UTF8.self).replacingOccurrences(
                of: "END:VTODO", with: handMade + "\r\nEND:VTODO")
            folder.write("calendars/list/" + milkFile, edited)
            made = try files()

            // Read here.
            let clock = FakeClock(instant("2030-01-01T10:00:00Z"), utcOffset: 0)
            let provider = makeProvider(clock: clock)
            for (name, bytes) in made {
                _ = try provider.todoService.importTodos(ICalendarFormat.parse(bytes, file: name)).toBlocking().single()
            }
            var todos = try provider.todoService.fetch(TodoQuery(status: .all)).toBlocking().single()
            #expect(todos.count == 2)
            var milk = try #require(todos.first { $0.title == "Buy milk" })
            let call = try #require(todos.first { $0.title == "Call Anaïs, about the café" })
            #expect(milk.due == CalendarDay(year: 2030, month: 1, day: 8) && milk.priority == .high && !milk.isDone)
            #expect(call.isDone && call.due == CalendarDay(year: 2030, month: 1, day: 9))
            let milkUID = String(milkFile.dropLast(4))
            #expect(milk.uuid == ICalendarFormat.uuid(forUID: milkUID))
            #expect(ICalendarFormat.uid(of: milk) == milkUID)

            // Changed here, and a new one made here, written into the vdir.
            milk.title = "Buy oat milk"
            milk.priority = .low
            milk.tags = ["shop", "errands"]
            milk.updatedAt = instant("2030-01-01T11:00:00Z")
            let fresh = Todo(
                id: 3, uuid: UUID(), title: "Made here", due: CalendarDay(year: 2030, month: 2, day: 1),
                createdAt: instant("2030-01-01T11:00:00Z"), position: 4096)
            todos = [milk, call, fresh]
            let uids = Dictionary(uniqueKeysWithValues: todos.map { ($0.id, ICalendarFormat.uid(of: $0)) })
            let milkOut = ICalendarFormat.calendar(for: milk, uids: uids).serialized()
            folder.write("calendars/list/" + milkFile, String(decoding: milkOut, as: UTF8.self))
            let freshOut = ICalendarFormat.calendar(for: fresh, uids: uids).serialized()
            folder.write(
                "calendars/list/\(fresh.uuid.uuidString.lowercased()).ics", String(decoding: freshOut, as: UTF8.self))

            let shown = try porcelain()
            let milkThere = try #require(shown["Buy oat milk"])
            #expect(milkThere["priority"] as? Int == 9)
            #expect(milkThere["completed"] as? Bool == false)
            #expect(
                (milkThere["due"] as? NSNumber)?.intValue == Int(instant("2030-01-08T00:00:00Z").timeIntervalSince1970))
            let freshThere = try #require(shown["Made here"])
            #expect(
                (freshThere["due"] as? NSNumber)?.intValue == Int(instant("2030-02-01T00:00:00Z").timeIntervalSince1970)
            )
            #expect(shown["Call Anaïs, about the café"]?["completed"] as? Bool == true)
            let milkText = String(decoding: try #require(try files()[milkFile]), as: UTF8.self)
            #expect(milkText.contains("CATEGORIES:errands,shop\r\n"))
            #expect(milkText.contains(handMade + "\r\n"))
            #expect(milkText.contains("UID:\(milkUID)\r\n"))

            // Changed in todoman: the change comes back, and the hand-made line is still there.
            let milkID = try #require((milkThere["id"] as? NSNumber)?.intValue)
            Thread.sleep(forTimeInterval: 1.1)  // LAST-MODIFIED is to the second: the edit is later
            try todoman(["edit", String(milkID), "--due", "2030-01-10"])
            let again = try #require(try files()[milkFile])
            #expect(String(decoding: again, as: UTF8.self).contains(handMade))
            clock.advance(days: 1)
            let result = try provider.todoService.importTodos(ICalendarFormat.parse(again, file: milkFile)).toBlocking()
                .single()
            #expect(result.created.isEmpty)
            let updated = try provider.todoService.fetch(TodoQuery(status: .all)).toBlocking().single().first {
                $0.uuid == milk.uuid
            }
            #expect(updated?.due == CalendarDay(year: 2030, month: 1, day: 10))
            #expect(updated?.iCalendarLines?.contains(handMade) == true)
        }
    }
}
