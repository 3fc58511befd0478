import Foundation
import TestSupport
import Testing
import TodoSync

/// The sync state file: version 2 keeps every value as it was (spaces, percent signs, line
/// breaks, non-ASCII text, missing etags), is written the same way twice, reads version 1 (JSON)
/// and upgrades it, and refuses damage of every kind without changing the file.
@Suite struct SyncStateFileTests {
    let world: SyncWorld
    var path: String { world.path + "/todos.json.sync" }

    init() throws { world = try SyncWorld() }

    /// A state with every awkward value a server or a todo can give.
    static func awkwardState() -> SyncState {
        var state = SyncState(url: "https://dav.example.com/me/my tasks%20/")
        state.token = "http://example.com/ns/sync/41 with space\tand tab"
        state.entries[UUID(uuidString: "5F0E2C1A-0000-4000-8000-000000000001")!] = SyncState.Entry(
            href: "/me/my%20tasks/Zürich 100%.ics", etag: "\"e 1\"", stamp: "9c41d0a3b2e1f007",
            base: "BEGIN:VCALENDAR\r\nSUMMARY:Pay rent\\, 100% sure\r\nDESCRIPTION:a\\nb ✓\r\nEND:VCALENDAR\r\n")
        state.entries[UUID(uuidString: "0A000000-0000-4000-8000-000000000002")!] = SyncState.Entry(
            href: "/me/tasks/b.ics", etag: nil, stamp: "", base: "")
        state.entries[UUID(uuidString: "FFFFFFFF-0000-4000-8000-000000000003")!] = SyncState.Entry(
            href: "/me/tasks/c.ics", etag: "", stamp: "0000000000000000", base: "line\nend without CR")
        state.ignored["/me/tasks/event one.ics"] = .some("\"ev\"")
        state.ignored["/me/tasks/journal.ics"] = .some(nil)
        return state
    }

    @Test func everyValueComesBackAsItWasWrittenByAnotherReader() throws {
        let state = Self.awkwardState()
        try SyncStateFile(path: path).save(state)
        let loaded = try SyncStateFile(path: path).load(url: state.url)  // a new reader: not its cache
        #expect(loaded == state)
        #expect(loaded.version == 2)
        var empty = SyncState(url: "file:///tmp/vdir")
        empty.token = nil
        try SyncStateFile(path: path).save(empty)
        #expect(try SyncStateFile(path: path).load(url: empty.url) == empty)
    }

    @Test func theSameStateIsWrittenTheSameWayEntriesInUUIDOrder() throws {
        let state = Self.awkwardState()
        try SyncStateFile(path: path).save(state)
        let first = try #require(FileManager.default.contents(atPath: path))
        try SyncStateFile(path: world.path + "/other.sync").save(state)
        #expect(FileManager.default.contents(atPath: world.path + "/other.sync") == first)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("todo-sync-state 2\nurl https://dav.example.com/me/my%20tasks%2520/\n"))
        let uuids = text.split(separator: "\n").filter { $0.hasPrefix("entry ") }.map { $0.split(separator: " ")[1] }
        #expect(
            uuids == [
                "0A000000-0000-4000-8000-000000000002", "5F0E2C1A-0000-4000-8000-000000000001",
                "FFFFFFFF-0000-4000-8000-000000000003",
            ])
        #expect(text.hasSuffix("end 3 2\n"))
    }

    @Test func aStateOfVersionOneIsReadAndTheNextSaveWritesVersionTwo() throws {
        var old = Self.awkwardState()
        old.version = 1
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(old).write(to: URL(fileURLWithPath: path))
        let file = SyncStateFile(path: path)
        var loaded = try file.load(url: old.url)
        #expect(loaded.version == 2)
        old.version = 2
        #expect(loaded == old)
        loaded.token = "next"
        try file.save(loaded)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(bytes.starts(with: Array("todo-sync-state 2\n".utf8)))
        #expect(try SyncStateFile(path: path).load(url: old.url) == loaded)
        // A JSON state of an unknown version is damage, not an empty state.
        try Data(#"{"version":3,"url":"x","entries":[],"ignored":{}}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SyncError.self) { try SyncStateFile(path: path).load(url: "x") }
    }

    @Test func aStateForAnotherURLIsAnEmptyState() throws {
        try SyncStateFile(path: path).save(Self.awkwardState())
        #expect(try SyncStateFile(path: path).load(url: "file:///elsewhere") == SyncState(url: "file:///elsewhere"))
    }

    /// Every way a file can be damaged, each refused with the command that moves it away, and the
    /// file left as it is.
    @Test(arguments: [
        "cut short in the middle", "cut short before its end line", "an end line that counts wrong",
        "another header", "a bad escape", "a raw control character in a field", "one uuid twice",
        "a base longer than the file", "bytes after the end line", "an unknown line", "a field too many",
        "not UTF-8 in a field", "an etag without its mark", "no url",
    ])
    func damageIsRefusedAndTheFileLeftAsItIs(_ damage: String) throws {
        try SyncStateFile(path: path).save(Self.awkwardState())
        let good = try #require(FileManager.default.contents(atPath: path))
        var text = String(decoding: good, as: UTF8.self)
        var bytes: [UInt8] = Array(good)
        switch damage {
        case "cut short in the middle": bytes.removeLast(bytes.count / 2)
        case "cut short before its end line": bytes.removeLast("end 3 2\n".utf8.count)
        case "an end line that counts wrong": text = text.replacingOccurrences(of: "end 3 2\n", with: "end 4 2\n")
        case "another header": text = text.replacingOccurrences(of: "todo-sync-state 2", with: "todo-sync-state 3")
        case "a bad escape": text = text.replacingOccurrences(of: "my%20tasks%2520", with: "my%G0tasks")
        case "a raw control character in a field":
            text = text.replacingOccurrences(of: "/me/tasks/b.ics", with: "/me/\u{1}b.ics")
        case "one uuid twice":
            text = text.replacingOccurrences(
                of: "FFFFFFFF-0000-4000-8000-000000000003", with: "0A000000-0000-4000-8000-000000000002")
        case "a base longer than the file": text = text.replacingOccurrences(of: " 19\nline", with: " 9999\nline")
        case "bytes after the end line": text += "x"
        case "an unknown line": text = text.replacingOccurrences(of: "end 3 2\n", with: "extra 1\nend 3 2\n")
        case "a field too many":
            text = text.replacingOccurrences(
                of: "ignored /me/tasks/journal.ics -", with: "ignored /me/tasks/journal.ics - -")
        case "not UTF-8 in a field":
            bytes = Array(text.replacingOccurrences(of: "/me/tasks/c.ics", with: "/me/tasks/\u{FFFD}.ics").utf8)
        case "an etag without its mark":
            text = text.replacingOccurrences(
                of: "ignored /me/tasks/journal.ics -", with: "ignored /me/tasks/journal.ics x")
        case "no url":
            text = text.replacingOccurrences(of: "url https://dav.example.com/me/my%20tasks%2520/\n", with: "")
        default: Issue.record("unknown damage \(damage)")
        }
        if damage == "not UTF-8 in a field" {
            // U+FFFD's bytes replaced by one byte that is not UTF-8 on its own.
            let replacement = Array("\u{FFFD}".utf8)
            if let start = bytes.indices.first(where: { bytes[$0...].starts(with: replacement) }) {
                bytes.replaceSubrange(start..<start + replacement.count, with: [0xFF])
            }
        } else if !damage.hasPrefix("cut short") {
            bytes = Array(text.utf8)
        }
        #expect(bytes != Array(good), "the damage changed nothing")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect {
            try SyncStateFile(path: path).load(url: Self.awkwardState().url)
        } throws: { error in
            guard case SyncError.io(let message) = error else { return false }
            return message.contains("is damaged") && message.contains("mv \(path) \(path).damaged")
        }
        #expect(FileManager.default.contents(atPath: path) == Data(bytes))
    }
}
