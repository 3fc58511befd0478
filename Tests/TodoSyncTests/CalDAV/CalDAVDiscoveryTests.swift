import TestSupport
import Testing
import TodoSync

@testable import TodoCalDAV

/// `todo sync --setup URL` against real servers: from the server's root (RFC 6764's
/// `/.well-known/caldav`, the principal, its calendar home), from the home, from a collection.
@Suite(.enabled(if: serversCanRun, Comment(rawValue: serversSkipped)))
struct CalDAVDiscoveryTests {
    @Test(arguments: DAVServer.Kind.allCases)
    func theTodoCollectionIsFoundFromTheServersRoot(_ kind: DAVServer.Kind) async throws {
        let dav = try await DAVServer.started(kind)
        let home = kind == .radicale ? "/alice/" : "/alice/calendars/"
        try await blocking { try dav.makeCalendar(home + "events/", displayName: "Events", todos: false) }
        for start in [dav.baseURL, dav.baseURL + "/", dav.baseURL + home] {
            let endpoint = SyncEndpoint(url: start, username: dav.username, password: dav.password)
            let found = try await blocking { try CalDAVDiscovery.collections(endpoint) }
            let tasks = try #require(found.first { $0.url == dav.collectionURL }, "\(start): \(found)")
            #expect(tasks.displayName == "Tasks" && tasks.holdsTodos)
            let events = try #require(found.first { $0.url == dav.baseURL + home + "events/" })
            #expect(events.displayName == "Events")
            // Xandikos does not keep the components asked for (every calendar takes everything).
            #expect(events.holdsTodos == (kind == .xandikos))
            #expect(found.count == 2, "\(found)")
        }
    }

    @Test(arguments: DAVServer.Kind.allCases)
    func aCollectionURLFindsItself(_ kind: DAVServer.Kind) async throws {
        let dav = try await DAVServer.started(kind)
        let found = try await blocking { try CalDAVDiscovery.collections(dav.endpoint) }
        #expect(found == [SyncCollection(url: dav.collectionURL, displayName: "Tasks", holdsTodos: true)])
    }

    @Test func credentialsAreCheckedOnTheWay() async throws {
        let dav = try await DAVServer.started(.radicale, auth: true)
        let found = try await blocking {
            try CalDAVDiscovery.collections(
                SyncEndpoint(url: dav.baseURL, username: dav.username, password: dav.password))
        }
        #expect(found.map(\.url) == [dav.collectionURL])
        let error = await syncError { _ = try CalDAVDiscovery.collections(SyncEndpoint(url: dav.baseURL)) }
        guard case .unauthorized? = error else {
            Issue.record("expected unauthorized, got \(String(describing: error))")
            return
        }
    }
}
