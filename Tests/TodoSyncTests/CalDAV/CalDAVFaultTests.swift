import Testing
import TodoSync

@testable import TodoCalDAV

/// What the transport makes of a server that fails: statuses, malformed answers, a reset
/// connection, silence. A tiny HTTP server in the test plays the server.
struct CalDAVFaultTests {
    /// The answer to the `PROPFIND` that opens the collection `/cal/tasks/`.
    static let collection = FaultServer.Answer.status(
        207, headers: ["Content-Type": "application/xml"],
        body: """
            <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><response><href>/cal/tasks/</href>\
            <propstat><prop><resourcetype><collection/><C:calendar/></resourcetype></prop>\
            <status>HTTP/1.1 200 OK</status></propstat></response></multistatus>
            """)

    static let malformed = FaultServer.Answer.status(
        207, headers: ["Content-Type": "application/xml"],
        body: #"<multistatus xmlns="DAV:"><response><href>/cal/tasks/a.ics</href><propstat>"#)

    /// A server answering the opening `PROPFIND` well and everything else with `answer`.
    func server(_ answer: @escaping @Sendable (FaultServer.Request) -> FaultServer.Answer) throws -> FaultServer {
        try FaultServer { request in
            request.method == "PROPFIND" && request.headers["depth"] == "0" && request.path == "/cal/tasks/"
                ? Self.collection : answer(request)
        }
    }

    func open(_ server: FaultServer, timeout: Duration = .seconds(30)) async throws -> CalDAVTransport {
        let endpoint = SyncEndpoint(url: server.baseURL + "/cal/tasks/", username: "alice", password: "pa55word")
        return try await blocking { try CalDAVTransport(endpoint, timeout: timeout) }
    }

    @Test func a500IsAnInvalidResponseWithTheStatus() async throws {
        let server = try server { _ in .status(500, body: "Internal Server Error") }
        let tasks = try await open(server)
        let listing = await syncError { _ = try tasks.list(since: nil) }
        #expect(
            listing
                == .invalidResponse(
                    resource: server.baseURL + "/cal/tasks/",
                    reason: "the server answered HTTP 500 Internal Server Error"))
        #expect(listing?.exitCode == 76)
        // sync-collection (refused), then PROPFIND (refused too).
        #expect(server.requests.map(\.method) == ["PROPFIND", "REPORT", "PROPFIND"])
        let put = await syncError { _ = try tasks.create(name: "a.ics", bytes: todoICS(uid: "a", summary: "A")) }
        #expect(
            put
                == .invalidResponse(
                    resource: "/cal/tasks/a.ics", reason: "the server answered HTTP 500 Internal Server Error"))
        let delete = await syncError { try tasks.delete(href: "/cal/tasks/a.ics", etag: "\"1\"") }
        guard case .invalidResponse(let resource, _)? = delete else {
            Issue.record("expected an invalid response, got \(String(describing: delete))")
            return
        }
        #expect(resource == "/cal/tasks/a.ics")
        let opening = await syncError { _ = try CalDAVTransport(SyncEndpoint(url: server.baseURL + "/other/")) }
        guard case .invalidResponse(_, let reason)? = opening else {
            Issue.record("expected an invalid response, got \(String(describing: opening))")
            return
        }
        #expect(reason.contains("HTTP 500"))
    }

    @Test func aMalformedMultistatusIsAnInvalidResponseNamingTheRequest() async throws {
        let server = try server { _ in Self.malformed }
        let tasks = try await open(server)
        let error = await syncError { _ = try tasks.list(since: "token") }
        guard case .invalidResponse(let resource, let reason)? = error else {
            Issue.record("expected an invalid response, got \(String(describing: error))")
            return
        }
        #expect(resource == server.baseURL + "/cal/tasks/")
        #expect(reason.contains("not XML"), "\(reason)")
    }

    @Test func aFailingMultigetFallsBackToGet() async throws {
        let server = try server { request in
            switch request.method {
            case "REPORT": return Self.malformed
            case "GET" where request.path == "/cal/tasks/a.ics":
                return .status(200, headers: ["ETag": "\"7\""], body: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n")
            default: return .status(404)
            }
        }
        let tasks = try await open(server)
        let fetched = try await blocking { try tasks.fetch(["/cal/tasks/a.ics", "/cal/tasks/gone.ics"]) }
        #expect(
            fetched == [
                RemoteResource(
                    href: "/cal/tasks/a.ics", etag: "\"7\"", bytes: Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8))
            ])
        #expect(server.requests.map(\.method) == ["PROPFIND", "REPORT", "GET", "GET"])
    }

    @Test func aResetConnectionIsUnreachable() async throws {
        let server = try server { _ in .reset }
        let tasks = try await open(server)
        for attempt: @Sendable () throws -> Void in [
            { _ = try tasks.list(since: nil) },
            { _ = try tasks.create(name: "a.ics", bytes: todoICS(uid: "a", summary: "A")) },
        ] {
            let error = await syncError(attempt)
            guard case .unreachable(let message)? = error else {
                Issue.record("expected unreachable, got \(String(describing: error))")
                continue
            }
            #expect(message.hasPrefix("cannot reach 127.0.0.1:\(server.port): "), "\(message)")
            #expect(!message.contains("pa55word"))
        }
    }

    @Test func silenceIsUnreachableAfterTheTimeout() async throws {
        let server = try FaultServer { _ in .silence }
        defer { server.stop() }
        let endpoint = SyncEndpoint(url: server.baseURL + "/cal/tasks/", username: "alice", password: "pa55word")
        let error = await syncError { _ = try CalDAVTransport(endpoint, timeout: .seconds(1)) }
        guard case .unreachable(let message)? = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(message.contains("no answer"), "\(message)")
        #expect(!message.contains("pa55word"))
    }

    @Test func statusesMeanWhatTheyMean() async throws {
        let server = try server { request in
            switch request.path {
            case "/cal/tasks/412.ics": return .status(412)
            case "/cal/tasks/401.ics": return .status(401, headers: ["WWW-Authenticate": "Basic realm=\"x\""])
            case "/cal/tasks/403.ics": return .status(403)
            case "/cal/tasks/404.ics": return .status(404)
            default: return .status(201, headers: ["ETag": "\"new\""])
            }
        }
        let tasks = try await open(server)
        let bytes = todoICS(uid: "a", summary: "A")
        #expect(
            await syncError { _ = try tasks.update(href: "/cal/tasks/412.ics", bytes: bytes, etag: "\"1\"") }
                == .changedMeanwhile("/cal/tasks/412.ics"))
        #expect(
            await syncError { _ = try tasks.update(href: "/cal/tasks/404.ics", bytes: bytes, etag: "\"1\"") }
                == .changedMeanwhile("/cal/tasks/404.ics"))
        #expect(await syncError { try tasks.delete(href: "/cal/tasks/404.ics", etag: "\"1\"") } == nil, "gone already")
        for path in ["/cal/tasks/401.ics", "/cal/tasks/403.ics"] {
            let error = await syncError { _ = try tasks.update(href: path, bytes: bytes, etag: nil) }
            guard case .unauthorized(let message)? = error else {
                Issue.record("expected unauthorized, got \(String(describing: error))")
                continue
            }
            #expect(message.contains("alice") && !message.contains("pa55word"))
        }
        let created = try await blocking { try tasks.create(name: "a b.ics", bytes: bytes) }
        #expect(created.href == "/cal/tasks/a%20b.ics" && created.etag == "\"new\"")
        let put = try #require(server.requests.last)
        #expect(put.method == "PUT" && put.path == "/cal/tasks/a%20b.ics")
        #expect(put.headers["if-none-match"] == "*")
        #expect(put.headers["content-type"] == "text/calendar; charset=utf-8")
        #expect(put.headers["authorization"] == "Basic YWxpY2U6cGE1NXdvcmQ=")
        _ = try await blocking { try tasks.update(href: "/cal/tasks/x.ics", bytes: bytes, etag: "\"5\"") }
        #expect(server.requests.last?.headers["if-match"] == "\"5\"")
    }

    @Test func redirectsAreFollowedKeepingTheMethodAndCredentialsStayHome() async throws {
        let other = try FaultServer { _ in Self.collection }
        let server = try FaultServer { request in
            switch request.path {
            case "/old/": return .status(301, headers: ["Location": "/cal/tasks/"])
            case "/away/": return .status(307, headers: ["Location": other.baseURL + "/cal/tasks/"])
            default: return Self.collection
            }
        }
        _ = try await blocking {
            try CalDAVTransport(SyncEndpoint(url: server.baseURL + "/old/", username: "alice", password: "pw"))
        }
        #expect(server.requests.map { "\($0.method) \($0.path)" } == ["PROPFIND /old/", "PROPFIND /cal/tasks/"])
        #expect(server.requests.last?.body.contains("propfind") == true)
        #expect(server.requests.last?.headers["authorization"] != nil)
        _ = try await blocking {
            try CalDAVTransport(SyncEndpoint(url: server.baseURL + "/away/", username: "alice", password: "pw"))
        }
        #expect(other.requests.count == 1)
        #expect(other.requests.first?.headers["authorization"] == nil, "no credentials to another origin")
    }
}
