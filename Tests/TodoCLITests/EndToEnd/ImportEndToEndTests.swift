import Foundation
import TestSupport
import Testing

/// `todo import` and `todo export` as processes: importing what the store has already, and a
/// round trip of todo.txt through todo.txt-cli itself.
@Suite struct ImportEndToEndTests {
    let todo = TodoSandbox()

    /// The path of a file `name` in the sandbox, holding `text`.
    func file(_ name: String, _ text: String) -> String {
        let path = todo.folder + "/" + name
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return path
    }

    /// Every todo of the store at `path` (the sandbox's by default), as `list --all --json`.
    func todos(in path: String? = nil) async -> [[String: Any]] {
        await todo.run(["list", "--all", "--json"] + (path.map { ["--file", $0] } ?? [])).json as? [[String: Any]] ?? []
    }

    /// Wide enough for a message naming a long path on one line (messages wrap to the width).
    static let wide = ["COLUMNS": "1000"]

    @Test func importingTheSameFileTwiceAddsNothingTheSecondTime() async throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../TodoCoreTests/Formats/Fixtures").standardized
        for (name, count, format) in [
            ("todo.txt", 5, "todo.txt"), ("done.txt", 1, "todo.txt"), ("taskwarrior-export.json", 8, "Taskwarrior"),
            ("rfc5545.ics", 3, "iCalendar"), ("nextcloud.ics", 2, "iCalendar"),
        ] {
            let path = fixtures.appendingPathComponent(name).path
            let first = await todo.run(["import", path], environment: Self.wide)
            #expect(first.stdout == "Imported \(count) todo\(count == 1 ? "" : "s") from \(path) (\(format))\n")
            let store = todo.storeBytes
            let second = await todo.run(["import", path], environment: Self.wide)
            #expect(second.status == 0, "\(second)")
            #expect(second.stdout == "Imported 0 todos from \(path) (\(format)), \(count) already there\n")
            #expect(todo.storeBytes == store, "the store is not written")
            let json = try #require(
                await todo.run(["import", path, "--json"], environment: Self.wide).json as? [String: Any])
            #expect((json["created"] as? [Any])?.isEmpty == true && (json["updated"] as? [Any])?.isEmpty == true)
            #expect(json["unchanged"] as? Int == count)
        }
        #expect(await todos().count == 19)
        // Undo takes back the last import that added something.
        #expect(await todo.run("undo").stdout.hasPrefix("Undid importing"))
        #expect(await todos().count == 17)
    }

    @Test func anICalendarExportKeepsWhatAnotherAppWroteAndABadFileExits65() async throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../TodoCoreTests/Formats/Fixtures").standardized
        let path = fixtures.appendingPathComponent("nextcloud.ics").path
        #expect(await todo.run(["import", "--format", "ics", path]).status == 0)
        let export = await todo.run(["export", "--format", "ics"])
        #expect(export.status == 0)
        #expect(export.stdout.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        for line in [
            "UID:b6d0a6f1c2e24f0e9a1b@laptop", "CLASS:PRIVATE", "PERCENT-COMPLETE:40", "TRIGGER;RELATED=END:-PT15M",
            "DUE;TZID=Custom/Eastern:20300310T203000", "TZID:Custom/Eastern", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE",
        ] {
            #expect(export.stdout.contains(line + "\r\n"), "\(line)")
        }
        // `show` prints the rule todo cannot repeat, kept as it is.
        let shown = await todo.run(["show", "1"], environment: Self.wide)
        #expect(
            shown.stdout.contains("FREQ=WEEKLY;BYDAY=MO,WE (an iCalendar rule todo does not repeat; kept as it is)"),
            "\(shown)")
        // `list --json` shows the local uuid.
        let listed = await todos()
        #expect(listed.contains { $0["uuid"] as? String == "cb4f7858-f383-5fc0-af16-9336961c72e0" })
        let bad = file("bad.ics", "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY\nEND:VTODO\nEND:VCALENDAR\n")
        let result = await todo.run(["import", bad], environment: Self.wide)
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("bad.ics:3: the property SUMMARY has no ':' before its value"), "\(result)")
    }

    @Test func aLineTwiceInOneFileIsTwoTodosAddedOnce() async {
        let path = file("twice.txt", "Call mum @phone\nCall mum @phone\n")
        #expect(
            await todo.run(["import", path], environment: Self.wide).stdout
                == "Imported 2 todos from \(path) (todo.txt)\n")
        #expect(
            await todo.run(["import", path], environment: Self.wide).stdout
                == "Imported 0 todos from \(path) (todo.txt), 2 already there\n")
        let three = file("three.txt", "Call mum @phone\nCall mum @phone\nCall mum @phone\n")
        #expect(
            await todo.run(["import", three]).stdout == "Imported 1 todo from \(three) (todo.txt), 2 already there\n")
        #expect(await todos().count == 3)
    }

    @Test func anExportImportedIntoItsOwnStoreAddsNothing() async throws {
        await todo.run([
            "add", "Buy milk", "--note", "Oat: the blue one\nor soy", "--priority", "high", "--tag", "shop",
        ])
        await todo.run(["add", "Water plants", "--due", "2030-01-08", "--repeat", "weekly"])
        await todo.run(["add", "Pay rent"])
        await todo.run("done 3")
        for format in ["todotxt", "json", "taskwarrior", "ics"] {
            let path = todo.folder + "/export." + format
            #expect(await todo.run(["export", "--format", format, "--output", path]).status == 0)
            let again = await todo.run(["import", path], environment: Self.wide)
            #expect(again.stdout.hasPrefix("Imported 0 todos from \(path)"), "\(again)")
            #expect(again.stdout.hasSuffix(", 3 already there\n"), "\(again)")
        }
        #expect(await todos().count == 3)
    }

    // MARK: todo.txt-cli

    /// todo.txt-cli's command: Debian's `todotxt-cli` installs it as `todo-txt`, upstream as
    /// `todo.sh`; `nil` when neither is on `PATH`.
    static let todoTxtCLI = ["todo-txt", "todo.sh"].first(where: Shell.isInstalled)

    /// Whether this is a CI run, where a missing todo.txt-cli is a failure (`.ci/run` installs it).
    static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

    @Test(
        .enabled(
            if: todoTxtCLI != nil || isCI,
            "todo.txt-cli (todo-txt or todo.sh) is not installed: skipped (.ci/run installs it)"))
    func notesSurviveARoundTripThroughTodoTxtCLI() async throws {
        let command = try #require(Self.todoTxtCLI, "todo.txt-cli must be installed in CI (.ci/run installs it)")
        let notes = [
            "Oat milk: the blue one\nor soy, 100% sure",
            "Café ☕ «sûr» 日本語\n\n\tindented after a blank line",
            "t:2030-01-01\nfree text between pairs\nh:1",
            "back\\slash | pipe & ampersand $HOME `tick` 'single' \"double\" *star* [brackets] /slash",
        ]
        await todo.run(["add", "Buy milk", "--note", notes[0], "--priority", "high", "--tag", "shop"])
        await todo.run(["add", "Call Anaïs", "--note", notes[1], "--due", "2030-01-09", "--repeat", "weekly"])
        await todo.run(["add", "Plain", "--note", notes[2]])
        await todo.run(["add", "Pay rent", "--note", notes[3], "--priority", "low"])
        await todo.run("done 4")
        let folder = todo.folder + "/todo-txt"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(await todo.run(["export", "--format", "todotxt", "--output", folder + "/todo.txt"]).status == 0)
        let config = file(
            "todo-txt.cfg",
            """
            export TODO_DIR=\(folder)
            export TODO_FILE="$TODO_DIR/todo.txt"
            export DONE_FILE="$TODO_DIR/done.txt"
            export REPORT_FILE="$TODO_DIR/report.txt"

            """)
        let environment = ["HOME": todo.folder, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TERM": "dumb"]
        for arguments in [
            ["pri", "3", "A"], ["prepend", "3", "First"], ["append", "2", "soon"], ["depri", "1"], ["do", "1"],
            ["archive"], ["ls"],
        ] {
            let result = try Shell.run(command, ["-d", config, "-p"] + arguments, environment: environment)
            #expect(result.status == 0, "\(command) \(arguments): \(result.output) \(result.error)")
        }
        let fresh = todo.folder + "/fresh.json"
        for name in ["todo.txt", "done.txt"] {
            let imported = await todo.run(["import", folder + "/" + name, "--file", fresh])
            #expect(imported.status == 0, "\(imported)")
        }
        let byTitle = Dictionary(
            await todos(in: fresh).map { ($0["title"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byTitle.keys.sorted() == ["Buy milk", "Call Anaïs soon", "First Plain", "Pay rent"])
        #expect(byTitle["Buy milk"]?["note"] as? String == notes[0])
        #expect(byTitle["Buy milk"]?["isDone"] as? Bool == true)
        #expect(byTitle["Buy milk"]?["tags"] as? [String] == ["shop"])
        #expect(byTitle["Call Anaïs soon"]?["note"] as? String == notes[1])
        #expect(byTitle["Call Anaïs soon"]?["due"] as? String == "2030-01-09")
        #expect(byTitle["Call Anaïs soon"]?["recurrence"] as? String == "weekly")
        #expect(byTitle["First Plain"]?["note"] as? String == notes[2])
        #expect(byTitle["First Plain"]?["priority"] as? String == "high")
        #expect(byTitle["Pay rent"]?["note"] as? String == notes[3])
        #expect(byTitle["Pay rent"]?["isDone"] as? Bool == true)
        #expect(byTitle["Pay rent"]?["priority"] as? String == "low")
    }
}
