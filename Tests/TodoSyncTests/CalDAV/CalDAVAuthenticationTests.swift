import TestSupport
import Testing
import TodoSync

@testable import TodoCalDAV

/// Credentials against a server that checks them: Radicale with an htpasswd file, and Xandikos
/// behind a proxy that checks them (it has no authentication of its own).
@Suite(.enabled(if: serversCanRun, Comment(rawValue: serversSkipped)))
struct CalDAVAuthenticationTests {
    @Test(arguments: DAVServer.Kind.allCases) func theRightPasswordOpensTheCollection(
        _ kind: DAVServer.Kind
    ) async throws {
        let dav = try await DAVServer.started(kind, auth: true)
        let tasks = try await dav.transport()
        _ = try await blocking { try tasks.create(name: "a.ics", bytes: todoICS(uid: "a", summary: "A")) }
        #expect(try await blocking { try tasks.list(since: nil) }.resources.count == 1)
    }

    @Test(arguments: DAVServer.Kind.allCases) func aWrongPasswordIsUnauthorizedAndNeverShown(
        _ kind: DAVServer.Kind
    ) async throws {
        let dav = try await DAVServer.started(kind, auth: true)
        let wrong = SyncEndpoint(url: dav.collectionURL, username: dav.username, password: "s3cret-wrong")
        for attempt: @Sendable () throws -> Void in [
            { _ = try CalDAVTransport(wrong) },
            {
                _ = try CalDAVDiscovery.collections(
                    SyncEndpoint(url: dav.baseURL, username: dav.username, password: "s3cret-wrong"))
            },
        ] {
            let error = await syncError(attempt)
            guard case .unauthorized(let message)? = error else {
                Issue.record("expected unauthorized, got \(String(describing: error))")
                continue
            }
            #expect(message.contains("refused the user alice's credentials"), "\(message)")
            #expect(message.contains("sync.username") && message.contains("sync.password_command"))
            #expect(!message.contains("s3cret-wrong"))
            #expect(error?.exitCode == 77)
        }
    }

    @Test func aPasswordChangedAfterOpeningIsUnauthorizedOnTheNextRequest() async throws {
        let dav = try await DAVServer.started(.radicale, auth: true)
        let tasks = try await dav.transport()
        try "alice:another one\n".write(toFile: dav.folder + "/users", atomically: true, encoding: .utf8)
        let error = await syncError { _ = try tasks.list(since: nil) }
        guard case .unauthorized? = error else {
            Issue.record("expected unauthorized, got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: DAVServer.Kind.allCases) func noCredentialsAsksForThem(_ kind: DAVServer.Kind) async throws {
        let dav = try await DAVServer.started(kind, auth: true)
        let error = await syncError { _ = try CalDAVTransport(SyncEndpoint(url: dav.collectionURL)) }
        guard case .unauthorized(let message)? = error else {
            Issue.record("expected unauthorized, got \(String(describing: error))")
            return
        }
        #expect(message.contains("asks for credentials") && message.contains("set sync.username"), "\(message)")
    }

    @Test(arguments: DAVServer.Kind.allCases) func credentialsInTheURLAreUsedAndNeverShown(
        _ kind: DAVServer.Kind
    ) async throws {
        let dav = try await DAVServer.started(kind, auth: true)
        let url = "http://alice:correct%20horse@127.0.0.1:\(dav.port)\(dav.collectionPath)"
        let tasks = try await blocking { try CalDAVTransport(SyncEndpoint(url: url)) }
        #expect(!tasks.name.contains("horse"))
        #expect(try await blocking { try tasks.list(since: nil) }.isComplete)
    }
}

/// Which URLs may be used, before any request.
struct ServerURLTests {
    @Test(arguments: ["http://localhost:5232/", "http://127.0.0.1/x/", "http://127.8.9.10:80/", "http://[::1]:5232/"])
    func plainHTTPToThisMachineIsAllowed(_ url: String) throws {
        _ = try ServerURL(url, allowInsecure: false)
    }

    @Test(arguments: ["http://dav.example.com/", "http://192.168.1.2:5232/", "http://127.0.0.1.example.com/"])
    func plainHTTPElsewhereNeedsAllowInsecure(_ url: String) throws {
        #expect(throws: SyncError.self) { try ServerURL(url, allowInsecure: false) }
        do {
            _ = try ServerURL(url, allowInsecure: false)
        } catch {
            guard case .settings(let key, _, _) = error else { throw error }
            #expect(key == "sync.allow_insecure")
        }
        _ = try ServerURL(url, allowInsecure: true)
    }

    @Test(arguments: ["ftp://example.com/", "dav.example.com", "", "https://", "mailto:me@example.com"])
    func otherURLsAreSettingsErrors(_ url: String) {
        #expect(throws: SyncError.self) { try ServerURL(url, allowInsecure: true) }
    }

    @Test func aPasswordInTheURLIsNeverInAMessage() {
        do {
            _ = try ServerURL("ftp://me:hunter2@example.com/", allowInsecure: false)
            Issue.record("an ftp URL was accepted")
        } catch {
            #expect(!error.description.contains("hunter2"), "\(error)")
        }
    }

    @Test func theURLIsAPathWithAFinalSlashAndTheHostIsNamed() throws {
        let url = try ServerURL("https://me:pw@dav.example.com:8443/cal/me/tasks", allowInsecure: false)
        #expect(url.url.absoluteString == "https://dav.example.com:8443/cal/me/tasks/")
        #expect(url.hostName == "dav.example.com:8443")
        #expect(url.credentials?.user == "me" && url.credentials?.password == "pw")
        #expect(try ServerURL("https://dav.example.com:443", allowInsecure: false).hostName == "dav.example.com")
        #expect(url.path(of: "https://dav.example.com:8443/cal/me/tasks/a%20b.ics") == "/cal/me/tasks/a%20b.ics")
        #expect(url.path(of: "https://elsewhere.example.com/x.ics") == nil)
        #expect(url.path(of: "b.ics") == "/cal/me/tasks/b.ics")
        #expect(ServerURL.key(of: "/cal/a%40b.ics") == ServerURL.key(of: "/cal/a@b.ics"))
        #expect(ServerURL.encodedSegment("a b@c/d~é.ics") == "a%20b%40c%2Fd~%C3%A9.ics")
    }
}
