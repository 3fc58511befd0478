import Foundation
import TestSupport
import Testing
import TodoCore
import TodoSync

/// A third writer on a real server: another client changes a todo between the sync's listing and
/// its write. The write meets HTTP 412 (`If-Match`), and the next round fetches the change, merges
/// it and writes again: both changes are kept, here and there, and a second sync changes nothing.
@Suite(.enabled(if: serversCanRun, Comment(rawValue: serversSkipped)))
struct SyncRaceTests {
    /// Another client's edit of the resource at `href`: its `SUMMARY` replaced, written without
    /// a condition, as a careless client (or one that won its own race) writes.
    private func thirdWriter(_ server: DAVServer, href: String, summary old: String, to new: String) throws {
        let current = try server.request("GET", href)
        try #require(current.status == 200, "GET \(href): \(current.status)")
        let changed = current.text.replacingOccurrences(of: "SUMMARY:\(old)", with: "SUMMARY:\(new)")
        try #require(changed != current.text, "\(href) has no SUMMARY:\(old)")
        let put = try server.request(
            "PUT", href, headers: ["Content-Type": "text/calendar; charset=utf-8"], body: changed)
        try #require((200..<300).contains(put.status), "PUT \(href): \(put.status) \(put.text)")
    }

    @Test(arguments: SyncSide.servers)
    func anUpdateThatMeetsAThirdWritersChangeMergesItAndWritesAgain(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let server = try #require(world.server)
        let (a, b) = (world.device("laptop"), world.device("phone"))
        try a.add("Buy milk") { $0.tags = ["shop"] }
        try a.sync()
        try b.sync()
        world.tick()
        try a.update("Buy milk", TodoPatch(priority: .high))
        let transport = InterceptedTransport(try world.transport())
        transport.beforeWrite = { href in
            try? thirdWriter(server, href: href, summary: "Buy milk", to: "Buy oat milk")
        }
        let report = try a.sync(transport: transport)
        #expect(transport.writes == ["update", "update"], "the first write met 412; the second went through")
        #expect(report.received == 1 && report.sent == 1 && report.conflicts.isEmpty)
        let merged = try #require(try a.todo("Buy oat milk"))
        #expect(merged.priority == .high && merged.tags == ["shop"])
        #expect(try a.contents() == world.contents())
        let resources = try world.resources()
        #expect(try a.sync().isEmpty)
        #expect(try world.resources() == resources)
        try b.sync()
        #expect(try b.contents() == a.contents())
    }

    @Test(arguments: SyncSide.servers)
    func aDeleteThatMeetsAThirdWritersChangeBringsTheTodoBack(_ side: SyncSide) throws {
        let world = try SyncWorld(side)
        let server = try #require(world.server)
        let a = world.device("laptop")
        try a.add("Water plants")
        try a.add("Keep me")
        try a.sync()
        world.tick()
        try a.delete("Water plants")
        let transport = InterceptedTransport(try world.transport())
        transport.beforeWrite = { href in
            try? thirdWriter(server, href: href, summary: "Water plants", to: "Water all plants")
        }
        let report = try a.sync(transport: transport)
        #expect(transport.writes == ["delete"], "the delete met 412; the edit wins, nothing more to write")
        #expect(report.received == 1 && report.deletedThere == 0)
        #expect(try a.all().map(\.title).sorted() == ["Keep me", "Water all plants"])
        #expect(try a.contents() == world.contents())
        #expect(try a.sync().isEmpty)
    }
}

/// A transport that lets the test act just before the first write goes out, and records the
/// writes made.
final class InterceptedTransport: SyncTransport, @unchecked Sendable {
    // @unchecked Sendable: used by one test thread
    private let base: any SyncTransport
    /// Called once, with the href (or the new resource's name), before the first write.
    var beforeWrite: ((String) -> Void)?
    /// The writes made: `create`, `update`, `delete`.
    private(set) var writes: [String] = []

    init(_ base: any SyncTransport) {
        self.base = base
    }

    var name: String { base.name }

    func list(since token: String?) throws(SyncError) -> RemoteListing { try base.list(since: token) }

    func fetch(_ hrefs: [String]) throws(SyncError) -> [RemoteResource] { try base.fetch(hrefs) }

    func create(name: String, bytes: [UInt8]) throws(SyncError) -> (href: String, etag: String?) {
        willWrite("create", name)
        return try base.create(name: name, bytes: bytes)
    }

    func update(href: String, bytes: [UInt8], etag: String?) throws(SyncError) -> String? {
        willWrite("update", href)
        return try base.update(href: href, bytes: bytes, etag: etag)
    }

    func delete(href: String, etag: String?) throws(SyncError) {
        willWrite("delete", href)
        try base.delete(href: href, etag: etag)
    }

    func flush() throws(SyncError) { try base.flush() }

    private func willWrite(_ kind: String, _ href: String) {
        writes.append(kind)
        let action = beforeWrite
        beforeWrite = nil
        action?(href)
    }
}
