import Foundation
import TestSupport
import Testing

/// A real peer through a real server: todoman (Debian's `todoman`) keeps its todos in a vdir,
/// vdirsyncer (Debian's `vdirsyncer`) syncs that vdir with a Radicale collection, and `todo sync`
/// syncs with the same collection. Todos made in todoman reach `todo` with their title, due day,
/// priority and completion; `todo`'s changes show in `todoman --porcelain list` with theirs and
/// their categories, in the same resources (no second copy); a property added to todoman's file
/// by hand survives the round trip. Skipped when a tool is missing, a failure in CI (`.ci/run`
/// installs them).
@Suite(.enabled(if: PeerTools.canRun, "todoman, vdirsyncer or radicale is not installed: skipped"))
struct TodomanSyncEndToEndTests {
    /// The server, todoman's vdir and configuration, vdirsyncer's, and a `todo` store.
    final class Peer: @unchecked Sendable {
        // @unchecked Sendable: set up once, then used by one test
        let dav: DAVServer
        let sandbox = TodoSandbox()
        var folder: String { sandbox.folder }
        /// todoman's list: the vdir vdirsyncer syncs.
        var list: String { folder + "/calendars/list" }

        init() throws {
            dav = try DAVServer(.radicale, auth: true)
            try FileManager.default.createDirectory(atPath: list, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(
                atPath: folder + "/config/todoman", withIntermediateDirectories: true)
            try """
            path = "\(folder)/calendars/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "list"

            """.write(toFile: folder + "/config/todoman/config.py", atomically: true, encoding: .utf8)
            try """
            [general]
            status_path = "\(folder)/vdirsyncer/status/"

            [pair tasks]
            a = "tasks_local"
            b = "tasks_remote"
            collections = null

            [storage tasks_local]
            type = "filesystem"
            path = "\(list)/"
            fileext = ".ics"

            [storage tasks_remote]
            type = "caldav"
            url = "\(dav.collectionURL)"
            username = "\(dav.username)"
            password = "\(dav.password ?? "")"

            """.write(toFile: folder + "/vdirsyncer.conf", atomically: true, encoding: .utf8)
            sandbox.writeConfig(
                """
                sync.url = \(dav.collectionURL)
                sync.username = \(dav.username)
                sync.password_command = echo '\(dav.password ?? "")'

                """)
        }

        deinit { dav.stop() }

        /// Runs `program arguments…` (todoman or vdirsyncer) in UTC with its configuration here;
        /// its standard output.
        @discardableResult
        func run(
            _ program: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> String {
            let path = try #require(
                PeerTools.path(of: program), "\(program) must be installed in CI (.ci/run installs it)",
                sourceLocation: sourceLocation)
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.environment = [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": folder + "/home",
                "XDG_CONFIG_HOME": folder + "/config", "XDG_CACHE_HOME": folder + "/cache", "TZ": "UTC",
                "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "VDIRSYNCER_CONFIG": folder + "/vdirsyncer.conf",
                "PYTHONDONTWRITEBYTECODE": "1",
            ]
            let output = ChildPipe()
            let errors = ChildPipe()
            process.standardOutput = .pipe(output)
            process.standardError = .pipe(errors)
            try process.run()
            let (outputData, errorData) = process.readBothToEndAndWait(output, errors)
            try #require(
                process.terminationReason == .exit && process.terminationStatus == 0,
                "\(program) \(arguments.joined(separator: " ")) failed: \(String(decoding: errorData, as: UTF8.self))",
                sourceLocation: sourceLocation)
            return String(decoding: outputData, as: UTF8.self)
        }

        /// `vdirsyncer sync`: todoman's vdir and the server agree.
        func vdirsyncer() throws { try run("vdirsyncer", ["sync"]) }

        /// `todoman --porcelain list --status ANY` (and more arguments), by summary.
        func porcelain(_ more: [String] = []) throws -> [String: [String: Any]] {
            let json = try run("todoman", ["--porcelain", "list", "--status", "ANY"] + more)
            let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            return Dictionary(items.map { ($0["summary"] as? String ?? "", $0) }) { first, _ in first }
        }

        /// todoman's `.ics` files, by name.
        func files() -> [String: String] {
            var files: [String: String] = [:]
            for name in (try? FileManager.default.contentsOfDirectory(atPath: list)) ?? [] where name.hasSuffix(".ics")
            {
                if let data = FileManager.default.contents(atPath: list + "/" + name) {
                    files[name] = String(decoding: data, as: UTF8.self)
                }
            }
            return files
        }

        /// The resources Radicale keeps in the collection, by name, read from its storage.
        func stored() -> [String: String] {
            let storage = dav.folder + "/collections/collection-root/alice/tasks"
            var files: [String: String] = [:]
            for name in (try? FileManager.default.contentsOfDirectory(atPath: storage)) ?? [] where !name.hasPrefix(".")
            {
                if let data = FileManager.default.contents(atPath: storage + "/" + name) {
                    files[name] = String(decoding: data, as: UTF8.self)
                }
            }
            return files
        }

        /// `todo`'s todos, done ones included, by title.
        func todos() throws -> [String: [String: Any]] {
            let todos = try #require(sandbox.run(["list", "--all", "--json"]).json as? [[String: Any]])
            return Dictionary(todos.map { ($0["title"] as? String ?? "", $0) }) { first, _ in first }
        }
    }

    /// An iCalendar text unfolded (a CRLF or LF followed by a space or tab joins the lines), for
    /// looking for a property line whatever a server's folding.
    static func unfolded(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n ", with: "")
            .replacingOccurrences(of: "\n\t", with: "")
    }

    /// The due day todoman's porcelain gives (seconds since 1970 of its midnight in UTC).
    static func due(_ day: String) -> Int {
        let formatter = ISO8601DateFormatter()
        return Int(formatter.date(from: day + "T00:00:00Z")!.timeIntervalSince1970)
    }

    @Test func todosGoBothWaysBetweenTodomanAndTodoThroughTheServer() throws {
        let peer = try Peer()
        let todo = peer.sandbox
        try peer.run("todoman", ["new", "-l", "list", "--due", "2030-01-08", "--priority", "high", "Buy milk"])
        try peer.run("todoman", ["new", "-l", "list", "--due", "2030-01-09", "Call Anaïs, about the café"])
        try peer.run("todoman", ["new", "-l", "list", "Pay rent"])
        try peer.run("todoman", ["done", "2"])
        // A property todoman does not know, added by hand to the first todo's file.
        let handMade = #"X-HAND-MADE;X-NOTE="a;b":kept\, by hand"#
        let (milkFile, milkText) = try #require(peer.files().first { $0.value.contains("SUMMARY:Buy milk") })
        try milkText.replacingOccurrences(of: "END:VTODO", with: handMade + "\r\nEND:VTODO")
            .write(toFile: peer.list + "/" + milkFile, atomically: true, encoding: .utf8)
        let milkUID = String(milkFile.dropLast(4))
        try peer.run("vdirsyncer", ["discover"])
        try peer.vdirsyncer()
        #expect(peer.stored().count == 3)

        // todoman's todos reach todo.
        let first = todo.run(["sync"])
        #expect(first.status == 0 && first.stdout.contains(": 3 received, 0 sent"), "\(first)")
        var here = try peer.todos()
        let milk = try #require(here["Buy milk"])
        #expect(milk["due"] as? String == "2030-01-08" && milk["priority"] as? String == "high")
        #expect(milk["isDone"] as? Bool == false)
        let call = try #require(here["Call Anaïs, about the café"])
        #expect(call["isDone"] as? Bool == true && call["due"] as? String == "2030-01-09")
        #expect(here["Pay rent"]?["isDone"] as? Bool == false)

        // todo's changes reach todoman: an edit, a completion, a new todo.
        let milkID = try #require(milk["id"] as? Int)
        let rentID = try #require(here["Pay rent"]?["id"] as? Int)
        let edit = todo.run([
            String(milkID), "edit", "--title", "Buy oat milk", "--priority", "low", "--tag", "shop", "--tag", "errands",
        ])
        #expect(edit.status == 0, "\(edit)")
        #expect(todo.run(["done", String(rentID)]).status == 0)
        #expect(todo.run(["add", "Made here", "due:2030-02-01", "+home", "pri:medium"]).status == 0)
        let second = todo.run(["sync"])
        #expect(second.status == 0 && second.stdout.contains(": 0 received, 3 sent"), "\(second)")
        try peer.vdirsyncer()
        let shown = try peer.porcelain()
        #expect(shown.count == 4, "\(shown.keys.sorted())")
        let oat = try #require(shown["Buy oat milk"])
        #expect(oat["priority"] as? Int == 9 && oat["completed"] as? Bool == false)
        #expect((oat["due"] as? NSNumber)?.intValue == Self.due("2030-01-08"))
        #expect(shown["Pay rent"]?["completed"] as? Bool == true)
        #expect(shown["Call Anaïs, about the café"]?["completed"] as? Bool == true)
        let made = try #require(shown["Made here"])
        #expect(made["priority"] as? Int == 5 && made["completed"] as? Bool == false)
        #expect((made["due"] as? NSNumber)?.intValue == Self.due("2030-02-01"))
        #expect(try peer.porcelain(["--category", "shop"]).keys.sorted() == ["Buy oat milk"])
        #expect(try peer.porcelain(["--category", "errands"]).keys.sorted() == ["Buy oat milk"])
        #expect(try peer.porcelain(["--category", "home"]).keys.sorted() == ["Made here"])
        // The same resource, file and UID: no second copy; the hand-made line kept.
        let files = peer.files()
        #expect(files.count == 4 && peer.stored().count == 4)
        let milkNow = Self.unfolded(try #require(files[milkFile]))
        #expect(milkNow.contains("SUMMARY:Buy oat milk") && milkNow.contains("UID:\(milkUID)\n"))
        #expect(milkNow.contains(handMade + "\n"), "\(milkNow)")

        // todoman's changes come back, the hand-made line still there.
        let oatID = try #require((oat["id"] as? NSNumber)?.intValue)
        let madeID = try #require((made["id"] as? NSNumber)?.intValue)
        Thread.sleep(forTimeInterval: 1.1)  // LAST-MODIFIED is to the second: todoman's edit is later
        try peer.run("todoman", ["edit", String(oatID), "--due", "2030-01-10"])
        try peer.run("todoman", ["done", String(madeID)])
        try peer.vdirsyncer()
        let third = todo.run(["sync"])
        #expect(third.status == 0 && third.stdout.contains(": 2 received, 0 sent"), "\(third)")
        here = try peer.todos()
        #expect(here["Buy oat milk"]?["due"] as? String == "2030-01-10")
        // todoman 4.1 (Debian 12) writes a todo it edits without its CATEGORIES (its cache does
        // not keep them): that is a change there, which the three-way merge takes like any other.
        let categories = Self.unfolded(try #require(peer.files()[milkFile])).split(separator: "\n")
            .first { $0.hasPrefix("CATEGORIES:") }.map { $0.dropFirst("CATEGORIES:".count).split(separator: ",") }
        #expect(
            Set(here["Buy oat milk"]?["tags"] as? [String] ?? []) == Set((categories ?? []).map(String.init)))
        #expect(here["Made here"]?["isDone"] as? Bool == true)
        #expect(here.count == 4)
        let storedMilk = try #require(peer.stored().values.first { $0.contains("UID:\(milkUID)") })
        #expect(Self.unfolded(storedMilk).contains(handMade + "\n"))
        let last = todo.run(["sync"])
        #expect(last.stdout.contains(": 0 received, 0 sent, 0 deleted here, 0 conflicts"), "\(last)")
        try peer.vdirsyncer()
        #expect(peer.files().count == 4)
    }
}

/// Where the peer's tools are, and whether the test can run: they are installed, or this is CI
/// (where a missing one fails the test).
enum PeerTools {
    static func path(of program: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let canRun =
        DAVServer.isCI
        || (path(of: "todoman") != nil && path(of: "vdirsyncer") != nil && DAVServer.path(of: .radicale) != nil)
}
