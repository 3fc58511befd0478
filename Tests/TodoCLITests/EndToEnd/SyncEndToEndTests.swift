import Foundation
import TestSupport
import Testing

/// `todo sync` with a vdir folder, from the built binary: the summary line and `--json` keys, the
/// dry run, the exit codes (78 no settings, 69 no folder, 76 a file that is not iCalendar, named),
/// and SIGKILL at random points of a 1,000-todo sync, after which a clean sync finishes the work
/// with nothing lost and nothing duplicated.
@Suite struct SyncEndToEndTests {
    /// Two devices (sandboxes) syncing with one folder, in the first one's temporary folder.
    struct Devices {
        let a = TodoSandbox()
        let b = TodoSandbox()
        var vdir: String { a.folder + "/vdir" }

        init() {
            try? FileManager.default.createDirectory(atPath: a.folder + "/vdir", withIntermediateDirectories: true)
            a.writeConfig("sync.url = file://\(a.folder)/vdir\n")
            b.writeConfig("sync.url = file://\(a.folder)/vdir\n")
        }

        /// The `.ics` files of the folder, by name.
        func files() -> [String: String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: vdir)) ?? []
            var files: [String: String] = [:]
            for name in names where name.hasSuffix(".ics") && !name.hasPrefix(".") {
                if let data = FileManager.default.contents(atPath: vdir + "/" + name) {
                    files[name] = String(decoding: data, as: UTF8.self)
                }
            }
            return files
        }

        /// The UIDs in the folder's files, one per file.
        func uids() -> [String] {
            files().values.compactMap { text in
                text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("UID:") }.map { String($0.dropFirst(4)) }
            }
        }
    }

    @Test func aSyncSaysWhatItDidInOneLineAndInJSON() throws {
        let devices = Devices()
        let (a, b) = (devices.a, devices.b)
        a.run(["add", "Buy milk", "due:2030-01-09", "+shop"])
        a.run(["add", "Call mum"])
        let first = a.run(["sync"])
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout == "Synced with \(devices.vdir): 0 received, 2 sent, 0 deleted here, 0 conflicts\n")
        let second = b.run(["sync", "--json"])
        #expect(second.status == 0, "\(second)")
        let json = try #require(second.json as? [String: Any])
        #expect(json["received"] as? Int == 2 && json["sent"] as? Int == 0)
        #expect(json["deletedHere"] as? Int == 0 && json["deletedThere"] as? Int == 0)
        #expect((json["conflicts"] as? [Any])?.isEmpty == true)
        let listed = b.run(["list", "--json"])
        let titles = (listed.json as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["Buy milk", "Call mum"])
        // A conflict: the same field changed on both sides.
        a.run(["1", "edit", "--due", "2030-01-10"])
        b.run(["1", "edit", "--due", "2030-01-11"])
        a.run(["sync"])
        let third = b.run(["sync", "--json"])
        let conflicts = try #require((third.json as? [String: Any])?["conflicts"] as? [[String: Any]])
        #expect(conflicts.count == 1 && conflicts.first?["field"] as? String == "due")
        #expect(conflicts.first?["title"] as? String == "Buy milk")
        #expect(a.run(["sync"]).stdout.hasPrefix("Synced with \(devices.vdir): 1 received, 0 sent"))
        #expect(
            a.run(["sync"]).stdout == "Synced with \(devices.vdir): 0 received, 0 sent, 0 deleted here, 0 conflicts\n")
    }

    @Test func aDryRunChangesNothingHereOrThere() throws {
        let devices = Devices()
        let (a, b) = (devices.a, devices.b)
        a.run(["add", "Buy milk"])
        b.run(["add", "Call mum"])
        b.run(["sync"])
        let store = a.storeBytes
        let files = devices.files()
        let dry = a.run(["sync", "--dry-run"])
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.stdout.contains("would give: 1 received, 1 sent"))
        #expect(dry.stdout.contains("would receive: Call mum") && dry.stdout.contains("would send: Buy milk"))
        #expect(a.storeBytes == store && devices.files() == files)
        #expect(!FileManager.default.fileExists(atPath: a.storePath + ".sync"))
    }

    @Test func missingSettingsAreExit78AndAMissingFolderExit69() throws {
        let sandbox = TodoSandbox()
        sandbox.run(["add", "Buy milk"])
        let unset = sandbox.run(["sync"])
        #expect(unset.status == 78 && unset.stderr.contains("sync.url is not set"), "\(unset)")
        #expect(unset.stderr.contains("todo config sync.url"))
        sandbox.writeConfig("sync.url = file://\(sandbox.folder)/nowhere\n")
        let store = sandbox.storeBytes
        let missing = sandbox.run(["sync"])
        #expect(missing.status == 69, "\(missing)")
        #expect(
            missing.stderr.contains("\(sandbox.folder)/nowhere does not exist") && missing.stderr.contains("mkdir -p"))
        #expect(sandbox.storeBytes == store)
        sandbox.writeConfig("sync.url = http://dav.example.com/tasks/\n")
        let insecure = sandbox.run(["sync"])
        #expect(insecure.status == 78 && insecure.stderr.contains("sync.allow_insecure"), "\(insecure)")
    }

    @Test func aFileThatIsNotICalendarIsNamedAndTheRestSyncs() throws {
        let devices = Devices()
        let a = devices.a
        a.run(["add", "Buy milk"])
        try "this is not a calendar\n".write(toFile: devices.vdir + "/broken.ics", atomically: true, encoding: .utf8)
        let result = a.run(["sync"])
        #expect(result.status == 76, "\(result)")
        #expect(result.stderr.contains("broken.ics") && result.stderr.contains("not iCalendar"))
        #expect(result.stdout.contains("1 sent"))
        #expect(devices.files().count == 2)
        // Once it is fixed (here: removed), the sync is clean.
        try FileManager.default.removeItem(atPath: devices.vdir + "/broken.ics")
        #expect(a.run(["sync"]).status == 0)
    }

    @Test func killedAtRandomPointsOfALargeSyncTheNextSyncFinishesWithNothingLostOrDuplicated() throws {
        let devices = Devices()
        let (a, b) = (devices.a, devices.b)
        try a.importTodos(count: 1_000, prefix: "A")
        try b.importTodos(count: 100, prefix: "B")
        #expect(b.run(["sync"]).status == 0)
        let template = a.folder + "/template"
        try FileManager.default.createDirectory(atPath: template, withIntermediateDirectories: true)
        try copy(from: a.folder + "/store", to: template + "/store")
        try copy(from: devices.vdir, to: template + "/vdir")
        // How long a whole first sync takes here: the kills land within it.
        let started = ContinuousClock.now
        #expect(a.run(["sync"]).status == 0)
        let span = ContinuousClock.now - started
        // Rounds from the same start: each sync of a round is killed at a random point within half
        // a whole sync's time and the next goes on from where it stopped, until one finishes.
        // A round's first sync that finishes before its kill is a whole sync timed now: the
        // yardstick follows the machine, should it be faster than when it was first measured.
        var landed = 0
        var rounds = 0
        var seconds = Double(span.components.seconds) + Double(span.components.attoseconds) / 1e18
        while landed < 50 && rounds < 40 {
            rounds += 1
            try copy(from: template + "/store", to: a.folder + "/store")
            try copy(from: template + "/vdir", to: devices.vdir)
            for attempt in 0..<20 {
                let process = try a.start(["sync"], input: ChildPipe(), output: ChildPipe())
                let started = ContinuousClock.now
                let moment = started + .seconds(Double.random(in: 0...(seconds / 2)))
                while process.isRunning && ContinuousClock.now < moment { usleep(1_000) }
                if !process.isRunning, attempt == 0 {
                    let whole = ContinuousClock.now - started
                    seconds = Double(whole.components.seconds) + Double(whole.components.attoseconds) / 1e18
                }
                // Only a child not reaped yet (`isRunning` reaps one that ended) is signalled.
                if process.isRunning { kill(process.processIdentifier, SIGKILL) }
                process.waitUntilExit()
                guard process.terminationReason == .uncaughtSignal else { break }
                landed += 1
            }
            // The next sync finishes the work; then every todo is there once, here and there.
            let clean = a.run(["sync"])
            try #require(clean.status == 0, "round \(rounds): \(clean)")
            let uids = devices.uids()
            try #require(uids.count == 1_100 && Set(uids).count == 1_100, "round \(rounds): \(uids.count) files")
            let todos = try #require(a.run(["list", "--all", "--json"]).json as? [[String: Any]])
            let uuids = Set(todos.compactMap { $0["uuid"] as? String })
            try #require(todos.count == 1_100 && uuids == Set(uids), "round \(rounds): \(todos.count) todos")
            try #require(a.run(["sync"]).stdout.contains(": 0 received, 0 sent, 0 deleted here, 0 conflicts"))
        }
        #expect(landed >= 50, "only \(landed) kills landed during syncs of about \(span), in \(rounds) rounds")
        #expect(b.run(["sync"]).stdout.contains("1000 received"))
    }

    private func copy(from source: String, to destination: String) throws {
        try? FileManager.default.removeItem(atPath: destination)
        try FileManager.default.copyItem(atPath: source, toPath: destination)
    }
}

extension TodoSandbox {
    /// Imports `count` todos titled `<prefix> 1`…, with tags and due days.
    func importTodos(count: Int, prefix: String) throws {
        let todos = (1...count).map { index in
            "{\"id\":\(index),\"title\":\"\(prefix) \(index)\",\"uuid\":\"\(UUID().uuidString.lowercased())\","
                + "\"tags\":[\"t\(index % 7)\"],\"due\":\"2030-01-\(String(format: "%02d", index % 28 + 1))\","
                + "\"isDone\":false,\"createdAt\":\"2026-11-01T10:00:00Z\"}"
        }
        let file = folder + "/import-\(prefix).json"
        try ("[" + todos.joined(separator: ",\n") + "]").write(toFile: file, atomically: true, encoding: .utf8)
        let result = run(["import", file])
        try #require(result.status == 0, "\(result)")
    }
}
