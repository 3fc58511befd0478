import Foundation
import TestSupport
import Testing
import TodoSync

/// `todo-caldav serve` end to end, as `todo sync` uses it: TodoSync's ProcessTransport starts
/// the built helper, which opens a real server's collection (or finds it) over HTTP.
@Suite(.enabled(if: serversCanRun, Comment(rawValue: serversSkipped)))
struct CalDAVHelperTests {
    /// The built `todo-caldav`, beside the test binary.
    static var helper: String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("todo-caldav").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("todo-caldav").path
    }

    @Test(arguments: DAVServer.Kind.allCases)
    func theHelperServesACollection(_ kind: DAVServer.Kind) async throws {
        let dav = try await DAVServer.started(kind, auth: true)
        let endpoint = dav.endpoint
        let helper = Self.helper
        let tasks = try await blocking { try ProcessTransport.open(endpoint, helper: helper) }
        #expect(tasks.name == "127.0.0.1:\(dav.port)/tasks")
        let (href, _) = try await blocking {
            try tasks.create(name: "a.ics", bytes: todoICS(uid: "a", summary: "Café ☕"))
        }
        let listing = try await blocking { try tasks.list(since: nil) }
        #expect(Array(listing.resources.keys) == [href] && listing.isComplete && listing.token != nil)
        let fetched = try await blocking { try tasks.fetch([href]) }
        #expect(fetched.first?.text.contains("SUMMARY:Café ☕") == true)
        let etag = try #require(fetched.first?.etag)
        _ = try await blocking { try tasks.update(href: href, bytes: todoICS(uid: "a", summary: "Tea"), etag: etag) }
        let stale = await syncError { try tasks.delete(href: href, etag: etag) }
        #expect(stale == .changedMeanwhile(href), "the error crosses the pipe as it is")
        let changes = try await blocking { try tasks.list(since: listing.token) }
        #expect(Array(changes.resources.keys) == [href] && !changes.isComplete)
        let current = try #require(changes.resources[href] ?? nil)
        try await blocking { try tasks.delete(href: href, etag: current) }
        #expect(try await blocking { try tasks.list(since: changes.token) }.removed == [href])

        let found = try await blocking {
            try ProcessTransport.discover(
                SyncEndpoint(url: dav.baseURL, username: dav.username, password: dav.password), helper: helper)
        }
        #expect(found.contains(SyncCollection(url: dav.collectionURL, displayName: "Tasks", holdsTodos: true)))
    }

    @Test func theHelpersErrorsAreTheTransportsErrors() async throws {
        let dav = try await DAVServer.started(.radicale, auth: true)
        let helper = Self.helper
        let wrong = SyncEndpoint(url: dav.collectionURL, username: dav.username, password: "wrong")
        let refused = await syncError { _ = try ProcessTransport.open(wrong, helper: helper) }
        #expect(refused?.exitCode == 77)
        let insecure = SyncEndpoint(url: "http://dav.example.com/cal/", username: "alice", password: "pw")
        let settings = await syncError { _ = try ProcessTransport.open(insecure, helper: helper) }
        #expect(settings?.exitCode == 78)
        await onOwnThread { dav.stop() }
        let gone = await syncError { _ = try ProcessTransport.open(dav.endpoint, helper: helper) }
        #expect(gone?.exitCode == 69)
    }
}
