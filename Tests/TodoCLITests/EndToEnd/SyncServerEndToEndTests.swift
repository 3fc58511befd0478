import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `todo sync` with a real Radicale (Basic authentication; the built `todo` starting the built
/// `todo-caldav` helper beside it), and the faults a network and a server make: the server stopped
/// mid-sync, a connection reset after a PUT reached the server, a 500, a malformed multistatus,
/// a resource that is not iCalendar (the last four from a proxy in front of the server). Each
/// fault gives its exit code (69 unreachable, 76 a bad answer, 77 refused credentials, 78 the
/// settings) and is followed by a clean sync after which every todo is there once, here, there
/// and on a second device, and a second sync changes nothing.
@Suite(.enabled(if: DAVServer.path(of: .radicale) != nil || DAVServer.isCI, "radicale is not installed: skipped"))
struct SyncServerEndToEndTests {
    /// A Radicale with a todo collection, maybe a proxy in front of it, two devices syncing with
    /// it (through the proxy when there is one), and what the tests look at.
    final class World: @unchecked Sendable {
        // @unchecked Sendable: set up once, then used by one test
        let dav: DAVServer
        /// The proxy in front of the server (relaying everything until a test says otherwise).
        let proxy: LoopbackProxy?
        let a = TodoSandbox()
        let b = TodoSandbox()

        init(proxy: Bool = true) throws {
            dav = try DAVServer(.radicale, auth: true)
            self.proxy = proxy ? try LoopbackProxy(upstreamPort: dav.port) : nil
            configure(a)
            configure(b)
        }

        deinit {
            proxy?.stop()
            dav.stop()
        }

        /// The URL the devices sync with: the collection, through the proxy when there is one.
        var url: String { (proxy?.baseURL ?? dav.baseURL) + dav.collectionPath }

        /// Points `sandbox` at `url` (``url`` by default) as alice, her password from a command
        /// (`sync.password_command`).
        func configure(_ sandbox: TodoSandbox, url: String? = nil, password: String = "correct horse") {
            sandbox.writeConfig(
                """
                sync.url = \(url ?? self.url)
                sync.username = alice
                sync.password_command = echo '\(password)'

                """)
        }

        /// The name the summary line gives the collection.
        var name: String { "127.0.0.1:\(proxy?.port ?? dav.port)/tasks" }

        /// The files Radicale keeps for the collection's resources, by name, read from its storage.
        func stored() -> [String: String] {
            let folder = dav.folder + "/collections/collection-root/alice/tasks"
            var files: [String: String] = [:]
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".")
            {
                if let data = FileManager.default.contents(atPath: folder + "/" + name) {
                    files[name] = String(decoding: data, as: UTF8.self)
                }
            }
            return files
        }

        /// The UIDs of the stored resources, one per resource.
        func storedUIDs() -> [String] {
            stored().values.compactMap { text in
                text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("UID:") }.map {
                    String($0.dropFirst(4)).trimmingCharacters(in: .whitespaces)
                }
            }
        }

        /// Puts an iCalendar object holding one todo at `name`, as another client does.
        func putTodo(_ name: String, uid: String, summary: String) throws {
            let body =
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//another client//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\n"
                + "DTSTAMP:20300101T000000Z\r\nSUMMARY:\(summary)\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\n"
                + "END:VCALENDAR\r\n"
            let response = try dav.request(
                "PUT", dav.collectionPath + name, headers: ["Content-Type": "text/calendar; charset=utf-8"],
                body: body)
            try #require(response.status == 201, "PUT \(name): \(response.status) \(response.text)")
        }

        /// The uuids of `sandbox`'s todos, done ones included.
        func uuids(_ sandbox: TodoSandbox) throws -> [String] {
            let todos = try #require(sandbox.run(["list", "--all", "--json"]).json as? [[String: Any]])
            return todos.compactMap { $0["uuid"] as? String }
        }

        /// After a fault: a clean sync finishes, then every todo is there once, here, there and on
        /// the second device, and syncing again changes nothing.
        func checkCleanSync(count: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let clean = a.run(["sync"])
            try #require(clean.status == 0, "\(clean)", sourceLocation: sourceLocation)
            let uids = storedUIDs()
            #expect(
                uids.count == count && Set(uids).count == count, "\(uids.count) stored", sourceLocation: sourceLocation)
            let here = try uuids(a)
            #expect(here.count == count && Set(here) == Set(uids), "\(here.count) here", sourceLocation: sourceLocation)
            let again = a.run(["sync"])
            #expect(
                again.stdout == "Synced with \(name): 0 received, 0 sent, 0 deleted here, 0 conflicts\n",
                "\(again)", sourceLocation: sourceLocation)
            let other = b.run(["sync"])
            #expect(other.status == 0, "\(other)", sourceLocation: sourceLocation)
            #expect(Set(try uuids(b)) == Set(uids), sourceLocation: sourceLocation)
        }
    }

    static let malformed = #"<multistatus xmlns="DAV:"><response><href>/alice/tasks/a.ics</href><propstat>"#

    @Test func eachFailureHasItsExitCodeAndChangesNothing() throws {
        let world = try World()
        let a = world.a
        a.run(["add", "Buy milk", "due:2030-01-09", "+shop"])
        let store = a.storeBytes

        world.configure(a, password: "wrong horse")
        let refused = a.run(["sync"])
        #expect(refused.status == 77 && refused.stderr.contains("alice"), "\(refused)")
        #expect(!refused.stderr.contains("wrong horse") && !refused.stdout.contains("wrong horse"))

        world.configure(a, url: world.dav.baseURL + "/alice/nowhere/")
        let missing = a.run(["sync"])
        #expect(missing.status == 78 && missing.stderr.contains("sync.url"), "\(missing)")
        a.writeConfig("sync.url = \(world.dav.collectionURL)\nsync.username = alice\nsync.password_command = false\n")
        let noPassword = a.run(["sync"])
        #expect(noPassword.status == 78 && noPassword.stderr.contains("sync.password_command"), "\(noPassword)")

        world.configure(a, url: "http://127.0.0.1:\(try LoopbackHTTP.freePort())/alice/tasks/")
        let down = a.run(["sync"])
        #expect(down.status == 69 && down.stderr.contains("cannot reach 127.0.0.1"), "\(down)")

        let proxy = try #require(world.proxy)
        proxy.rule = { request in
            request.method == "REPORT" || (request.method == "PROPFIND" && request.headers["depth"] == "1")
                ? .answer(status: 207, headers: ["Content-Type": "application/xml"], body: Self.malformed) : .forward
        }
        world.configure(a)
        let bad = a.run(["sync"])
        #expect(bad.status == 76 && bad.stderr.contains("not XML"), "\(bad)")

        #expect(a.storeBytes == store && world.stored().isEmpty, "no failure changed anything, here or there")
        proxy.rule = { _ in .forward }
        try world.checkCleanSync(count: 1)
    }

    @Test func theServerStoppedMidSyncThenRestartedLeavesACleanSyncToFinish() throws {
        let world = try World(proxy: false)
        let a = world.a
        try a.importTodos(count: 300, prefix: "A")
        let sync = try a.start(["sync"], input: ChildPipe(), output: ChildPipe())
        #expect(Patience.waitUntil { world.stored().count >= 50 || !sync.isRunning })
        world.dav.stop()
        sync.waitUntilExit()
        #expect(sync.terminationReason == .exit && sync.terminationStatus == 69)
        let sent = world.stored().count
        #expect(sent >= 50 && sent < 300, "\(sent) written before the server stopped")
        try world.dav.restart()
        try world.checkCleanSync(count: 300)
    }

    @Test func aConnectionResetAfterAPutReachedTheServerLosesAndDuplicatesNothing() throws {
        let world = try World()
        let a = world.a
        try a.importTodos(count: 30, prefix: "A")
        let proxy = try #require(world.proxy)
        // The PUTs counted, and the one whose number is `resetAt` reset once it reached the server.
        let puts = Locked((count: 0, resetAt: 5))
        proxy.rule = { request in
            guard request.method == "PUT" else { return .forward }
            return puts.withLock { puts in
                puts.count += 1
                return puts.count == puts.resetAt ? .forwardThenReset : .forward
            }
        }
        let reset = a.run(["sync"])
        #expect(reset.status == 69 && reset.stderr.contains("cannot reach"), "\(reset)")
        // Four todos were sent before: the message does not say that nothing changed.
        #expect(reset.stderr.contains("sent so far is kept") && !reset.stderr.contains("nothing was changed"))
        #expect(world.stored().count == 5, "the fifth PUT reached the server; its answer did not come back")
        let resumed = a.run(["sync"])
        #expect(resumed.stdout == "Synced with \(world.name): 0 received, 25 sent, 0 deleted here, 0 conflicts\n")
        #expect(puts.withLock { $0.count } == 30, "the todo whose answer was lost is not written again")
        try world.checkCleanSync(count: 30)

        // An update whose answer is lost: the next sync finds it there and does not write it again.
        for id in 1...3 { a.run([String(id), "edit", "--title", "Changed \(id)"]) }
        puts.withLock { $0 = (count: 0, resetAt: 2) }
        #expect(a.run(["sync"]).status == 69)
        let after = a.run(["sync"])
        #expect(after.stdout == "Synced with \(world.name): 0 received, 1 sent, 0 deleted here, 0 conflicts\n")
        #expect(puts.withLock { $0.count } == 3, "three updates, each written once")
        try world.checkCleanSync(count: 30)
        #expect(world.stored().values.filter { $0.contains("SUMMARY:Changed ") }.count == 3)
    }

    @Test func a500IsExit76NamingTheResourceAndTheNextSyncFinishes() throws {
        let world = try World()
        let a = world.a
        try a.importTodos(count: 10, prefix: "A")
        let proxy = try #require(world.proxy)
        let puts = Locked(0)
        proxy.rule = { request in
            guard request.method == "PUT" else { return .forward }
            return puts.withLock { count in
                count += 1
                return count == 3 ? .answer(status: 500, body: "Internal Server Error") : .forward
            }
        }
        let failed = a.run(["sync"])
        #expect(failed.status == 76, "\(failed)")
        #expect(failed.stderr.contains(".ics: the server answered HTTP 500"), "\(failed)")
        #expect(world.stored().count == 2)
        proxy.rule = { _ in .forward }
        try world.checkCleanSync(count: 10)
    }

    @Test func aMalformedMultistatusIsExit76AndTheNextSyncFinishes() throws {
        let world = try World()
        let (a, b) = (world.a, world.b)
        try b.importTodos(count: 10, prefix: "B")
        #expect(b.run(["sync"]).status == 0)
        try a.importTodos(count: 5, prefix: "A")
        let proxy = try #require(world.proxy)
        proxy.rule = { request in
            request.method == "REPORT" || (request.method == "PROPFIND" && request.headers["depth"] == "1")
                ? .answer(status: 207, headers: ["Content-Type": "application/xml"], body: Self.malformed) : .forward
        }
        let store = a.storeBytes
        let failed = a.run(["sync"])
        #expect(failed.status == 76 && failed.stderr.contains("not XML"), "\(failed)")
        #expect(a.storeBytes == store && world.stored().count == 10)
        // A server whose sync-collection answers are malformed but whose PROPFIND works is listed
        // with PROPFIND: the sync goes through.
        proxy.rule = { request in
            request.method == "REPORT" && request.text.contains("sync-collection")
                ? .answer(status: 207, headers: ["Content-Type": "application/xml"], body: Self.malformed) : .forward
        }
        let fallback = a.run(["sync"])
        #expect(fallback.stdout == "Synced with \(world.name): 10 received, 5 sent, 0 deleted here, 0 conflicts\n")
        proxy.rule = { _ in .forward }
        try world.checkCleanSync(count: 15)
    }

    @Test func aResourceThatIsNotICalendarIsNamedOnEverySyncUntilItCanBeRead() throws {
        let world = try World()
        let a = world.a
        a.run(["add", "Made here"])
        let phone = ["1a9d8f8e-0000-4000-8000-000000000001", "1a9d8f8e-0000-4000-8000-000000000002"]
        try world.putTodo("phone-1.ics", uid: phone[0], summary: "From the phone")
        try world.putTodo("phone-2.ics", uid: phone[1], summary: "BREAKME")
        // The proxy spoils one resource's content on its way here: a line that is not a property.
        let proxy = try #require(world.proxy)
        let spoil: LoopbackProxy.Action = .rewrite { body in
            Array(
                String(decoding: body, as: UTF8.self).replacingOccurrences(
                    of: "SUMMARY:BREAKME", with: "SUMMARY BREAKME"
                ).utf8)
        }
        proxy.rule = { request in request.method == "REPORT" || request.method == "GET" ? spoil : .forward }
        let first = a.run(["sync"])
        #expect(first.status == 76, "\(first)")
        #expect(first.stderr.contains("phone-2.ics") && first.stderr.contains("not iCalendar"), "\(first)")
        #expect(first.stdout == "Synced with \(world.name): 1 received, 1 sent, 0 deleted here, 0 conflicts\n")
        // Still unreadable: named again (not forgotten behind the sync token).
        let second = a.run(["sync"])
        #expect(second.status == 76 && second.stderr.contains("phone-2.ics"), "\(second)")
        // Readable now: it comes.
        proxy.rule = { _ in .forward }
        let third = a.run(["sync"])
        #expect(third.status == 0 && third.stdout.contains(": 1 received, 0 sent"), "\(third)")
        try world.checkCleanSync(count: 3)
        #expect(try world.uuids(a).contains(phone[1]))
    }
}
