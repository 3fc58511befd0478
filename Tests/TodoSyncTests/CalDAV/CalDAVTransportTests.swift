import TestSupport
import Testing
import TodoSync

@testable import TodoCalDAV

/// The CalDAV transport against real servers (Radicale and Xandikos, started by each test on
/// 127.0.0.1), listing with `sync-collection` and with `PROPFIND`.
@Suite(.enabled(if: serversCanRun, Comment(rawValue: serversSkipped)))
struct CalDAVTransportTests {
    @Test(arguments: ServerCase.allCases)
    func createListFetchUpdateDelete(_ server: ServerCase) async throws {
        let dav = try await DAVServer.started(server.kind)
        let tasks = try await dav.transport(syncCollection: server.syncCollection)
        #expect(tasks.name == "127.0.0.1:\(dav.port)/tasks")

        let empty = try await blocking { try tasks.list(since: nil) }
        #expect(empty.resources.isEmpty && empty.removed.isEmpty && empty.isComplete)
        #expect((empty.token != nil) == server.syncCollection)

        let (href, etag) = try await blocking {
            try tasks.create(name: "a1.ics", bytes: todoICS(uid: "a1", summary: "Buy milk"))
        }
        #expect(href == dav.collectionPath + "a1.ics")
        let listing = try await blocking { try tasks.list(since: nil) }
        #expect(Array(listing.resources.keys) == [href], "only the todo, never the collection itself")
        let listedEtag = try #require(listing.resources[href] ?? nil)
        if let etag { #expect(etag == listedEtag) }

        let fetched = try await blocking { try tasks.fetch([href]) }
        #expect(fetched.count == 1)
        #expect(fetched.first?.href == href && fetched.first?.etag == listedEtag)
        #expect(fetched.first?.text.contains("SUMMARY:Buy milk") == true)

        let newEtag = try await blocking {
            try tasks.update(href: href, bytes: todoICS(uid: "a1", summary: "Buy oat milk"), etag: listedEtag)
        }
        #expect(newEtag != listedEtag)
        let again = try await blocking { try tasks.fetch([href]) }
        #expect(again.first?.text.contains("SUMMARY:Buy oat milk") == true)
        if let newEtag { #expect(again.first?.etag == newEtag) }

        let current = try #require(again.first?.etag)
        try await blocking { try tasks.delete(href: href, etag: current) }
        #expect(try await blocking { try tasks.list(since: nil) }.resources.isEmpty)
        #expect(try await blocking { try tasks.fetch([href]) }.isEmpty, "a resource gone is left out")
        try await blocking { try tasks.delete(href: href, etag: current) }  // gone already: fine
    }

    @Test(arguments: ServerCase.allCases)
    func namesThatNeedEscapesKeepOneSpelling(_ server: ServerCase) async throws {
        let dav = try await DAVServer.started(server.kind)
        let tasks = try await dav.transport(syncCollection: server.syncCollection)
        let first = try await blocking { try tasks.list(since: nil) }
        let created = try await blocking {
            try tasks.create(name: "a b&c@é.ics", bytes: todoICS(uid: "x", summary: "X"))
        }
        // Another app's resource, its name escaped its own way (lower-case hex).
        let put = try await blocking {
            try dav.request(
                "PUT", dav.collectionPath + "other%40app%2bx.ics", headers: ["Content-Type": "text/calendar"],
                body: String(decoding: todoICS(uid: "y", summary: "Y"), as: UTF8.self))
        }
        #expect(put.status == 201)
        let listing = try await blocking { try tasks.list(since: nil) }
        #expect(listing.resources.keys.contains(created.href), "\(created.href) in \(listing.resources.keys)")
        #expect(listing.resources.count == 2)
        let other = try #require(listing.resources.keys.first { $0 != created.href })
        let hrefs = [created.href, other]
        let fetched = try await blocking { try tasks.fetch(hrefs) }
        #expect(fetched.map(\.href) == hrefs, "each under the href asked for")
        #expect(fetched.last?.text.contains("SUMMARY:Y") == true)
        let etag = try #require(fetched.last?.etag)
        _ = try await blocking { try tasks.update(href: other, bytes: todoICS(uid: "y", summary: "Z"), etag: etag) }
        if server.syncCollection {
            let changes = try await blocking { try tasks.list(since: first.token) }
            #expect(Set(changes.resources.keys) == Set(hrefs), "the same spelling in incremental listings")
        }
        try await blocking { try tasks.delete(href: created.href, etag: nil) }
        #expect(try await blocking { try tasks.list(since: nil) }.resources.keys.sorted() == [other])
    }

    @Test(arguments: ServerCase.allCases)
    func manyResourcesAreFetchedInBatches(_ server: ServerCase) async throws {
        let dav = try await DAVServer.started(server.kind)
        let tasks = try await dav.transport(syncCollection: server.syncCollection, batchSize: 3)
        let hrefs = try await blocking {
            try (0..<8).map {
                try tasks.create(name: "t\($0).ics", bytes: todoICS(uid: "t\($0)", summary: "Todo \($0)")).href
            }
        }
        let fetched = try await blocking { try tasks.fetch(hrefs + [dav.collectionPath + "missing.ics"]) }
        #expect(fetched.map(\.href) == hrefs)
        for (index, resource) in fetched.enumerated() {
            #expect(resource.text.contains("SUMMARY:Todo \(index)"))
            #expect(resource.etag != nil)
        }
    }

    @Test(arguments: ServerCase.allCases)
    func anIncrementalListingHasWhatASecondClientChanged(_ server: ServerCase) async throws {
        let dav = try await DAVServer.started(server.kind)
        let here = try await dav.transport(syncCollection: server.syncCollection)
        let there = try await dav.transport(syncCollection: server.syncCollection)
        let kept = try await blocking {
            try here.create(name: "kept.ics", bytes: todoICS(uid: "kept", summary: "Kept"))
        }
        let edited = try await blocking {
            try here.create(name: "edited.ics", bytes: todoICS(uid: "e", summary: "Old"))
        }
        let gone = try await blocking {
            try here.create(name: "gone.ics", bytes: todoICS(uid: "gone", summary: "Gone"))
        }
        let first = try await blocking { try here.list(since: nil) }
        #expect(first.isComplete && first.resources.count == 3)

        try await blocking {
            let etags = try there.list(since: nil).resources
            _ = try there.update(
                href: edited.href, bytes: todoICS(uid: "e", summary: "New"), etag: etags[edited.href] ?? nil)
            try there.delete(href: gone.href, etag: etags[gone.href] ?? nil)
            _ = try there.create(name: "new.ics", bytes: todoICS(uid: "new", summary: "New one"))
        }
        let next = try await blocking { try here.list(since: first.token) }
        let newHref = dav.collectionPath + "new.ics"
        if server.syncCollection {
            let token = try #require(first.token)
            #expect(!next.isComplete)
            #expect(Set(next.resources.keys) == [edited.href, newHref])
            #expect(next.removed == [gone.href])
            #expect(next.token != nil && next.token != token)
            #expect(next.resources[edited.href] ?? nil != first.resources[edited.href] ?? nil)
            let nothing = try await blocking { try here.list(since: next.token) }
            #expect(nothing.resources.isEmpty && nothing.removed.isEmpty && !nothing.isComplete)
        } else {
            #expect(next.isComplete && next.token == nil)
            #expect(Set(next.resources.keys) == [kept.href, edited.href, newHref])
            #expect(next.resources[kept.href] ?? nil == first.resources[kept.href] ?? nil)
            #expect(next.resources[edited.href] ?? nil != first.resources[edited.href] ?? nil)
        }
    }

    @Test(arguments: ServerCase.allCases)
    func aTokenTheServerRefusesGivesAFullListing(_ server: ServerCase) async throws {
        let dav = try await DAVServer.started(server.kind)
        let tasks = try await dav.transport(syncCollection: server.syncCollection)
        let (href, _) = try await blocking { try tasks.create(name: "a.ics", bytes: todoICS(uid: "a", summary: "A")) }
        for token in ["http://radicale.org/ns/sync/0000", "1111111111111111111111111111111111111111", "not a token"] {
            let listing = try await blocking { try tasks.list(since: token) }
            #expect(listing.isComplete && Array(listing.resources.keys) == [href] && listing.removed.isEmpty)
            #expect((listing.token != nil) == server.syncCollection)
        }
    }

    @Test(arguments: ServerCase.allCases)
    func writesOverAnotherClientsChangeAreRefused(_ server: ServerCase) async throws {
        let dav = try await DAVServer.started(server.kind)
        let here = try await dav.transport(syncCollection: server.syncCollection)
        let there = try await dav.transport(syncCollection: server.syncCollection)
        let (href, _) = try await blocking { try here.create(name: "a.ics", bytes: todoICS(uid: "a", summary: "A")) }
        let seen = try #require(try await blocking { try here.list(since: nil) }.resources[href] ?? nil)
        _ = try await blocking { try there.update(href: href, bytes: todoICS(uid: "a", summary: "B"), etag: seen) }

        let update = await syncError {
            _ = try here.update(href: href, bytes: todoICS(uid: "a", summary: "C"), etag: seen)
        }
        #expect(update == .changedMeanwhile(href), "412 on If-Match")
        let delete = await syncError { try here.delete(href: href, etag: seen) }
        #expect(delete == .changedMeanwhile(href))
        let create = await syncError { _ = try here.create(name: "a.ics", bytes: todoICS(uid: "a", summary: "D")) }
        #expect(create == .changedMeanwhile(href), "412 on If-None-Match: *")
        let fetched = try await blocking { try here.fetch([href]) }
        #expect(fetched.first?.text.contains("SUMMARY:B") == true, "nothing was overwritten")
        #expect(update?.exitCode == 76)
    }

    @Test(arguments: ServerCase.allCases)
    func aResourceThatIsNotATodoIsFetchedAsItIs(_ server: ServerCase) async throws {
        let dav = try await DAVServer.started(server.kind)
        let tasks = try await dav.transport(syncCollection: server.syncCollection)
        // Xandikos keeps any bytes; Radicale checks iCalendar on PUT, so there the odd one out is
        // an event in the todo collection. Either way the engine, not the transport, judges it.
        let (content, type) =
            server.kind == .xandikos
            ? ("this is not iCalendar\r\n", "text/plain")
            : (
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VEVENT\r\nUID:ev\r\nDTSTAMP:20300101T000000Z\r\n"
                    + "DTSTART:20300101T100000Z\r\nSUMMARY:Meeting\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", "text/calendar"
            )
        let put = try await blocking {
            try dav.request("PUT", dav.collectionPath + "odd.ics", headers: ["Content-Type": type], body: content)
        }
        #expect(put.status == 201, "\(put.text)")
        let listing = try await blocking { try tasks.list(since: nil) }
        let href = dav.collectionPath + "odd.ics"
        #expect(Array(listing.resources.keys) == [href])
        let fetched = try await blocking { try tasks.fetch([href]) }
        let text = try #require(fetched.first?.text)
        #expect(text.contains(server.kind == .xandikos ? "this is not iCalendar" : "SUMMARY:Meeting"))
    }

    @Test(arguments: ServerCase.allCases)
    func aStoppedServerIsUnreachable(_ server: ServerCase) async throws {
        let dav = try await DAVServer.started(server.kind)
        let tasks = try await dav.transport(syncCollection: server.syncCollection)
        await onOwnThread { dav.stop() }
        let error = await syncError { _ = try tasks.list(since: nil) }
        guard case .unreachable(let message)? = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("cannot reach 127.0.0.1:\(dav.port): "), "\(message)")
        #expect(message.hasSuffix("; nothing was changed here"))
        #expect(error?.exitCode == 69)
        let opening = await syncError { _ = try CalDAVTransport(dav.endpoint) }
        guard case .unreachable? = opening else {
            Issue.record("expected unreachable, got \(String(describing: opening))")
            return
        }
    }

    @Test(arguments: ServerCase.allCases)
    func aURLThatIsNoCollectionIsASettingsError(_ server: ServerCase) async throws {
        let dav = try await DAVServer.started(server.kind)
        let missing = SyncEndpoint(url: dav.baseURL + "/alice/nothing-here/", username: dav.username)
        let error = await syncError { _ = try CalDAVTransport(missing) }
        guard case .settings(let key, _, _)? = error else {
            Issue.record("expected a settings error, got \(String(describing: error))")
            return
        }
        #expect(key == "sync.url")
    }
}
