import Foundation
import TestSupport
import Testing

@testable import TodoSync

/// `abandon()` of the CalDAV helper's transport: a request waiting on a server that never answers
/// fails at once as unreachable (the helper is stopped), as a front end quitting mid-sync needs;
/// every later request fails too.
struct ProcessTransportAbandonTests {
    @Test func abandoningEndsARequestWaitingOnASilentServer() async throws {
        let server = try FaultServer { request in
            request.method == "PROPFIND" && request.headers["depth"] == "0" && request.path == "/cal/tasks/"
                ? CalDAVFaultTests.collection : .silence
        }
        defer { server.stop() }
        let endpoint = SyncEndpoint(url: server.baseURL + "/cal/tasks/", username: "alice", password: "pa55word")
        let helper = CalDAVHelperTests.helper
        let transport = try await blocking { try ProcessTransport.open(endpoint, helper: helper) }
        async let waiting = syncError { _ = try transport.list(since: nil) }
        // Once the request has reached the server, give it up.
        let deadline = ContinuousClock.now + .seconds(Patience.seconds)
        while server.requests.count < 2 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(server.requests.count >= 2, "the listing reached the server")
        transport.abandon()
        // The server never answers: only the abandon can end the wait, as this error says (a
        // request that timed out, after 30 s, would fail with the helper's timeout message).
        let error = await waiting
        #expect(error == .unreachable("the CalDAV helper todo-caldav ended unexpectedly"))
        let later = await syncError { _ = try transport.fetch(["/cal/tasks/a.ics"]) }
        #expect(later == .unreachable("the CalDAV helper todo-caldav ended unexpectedly"))
    }

    @Test func writingToAHelperThatIsGoneFailsWithoutABrokenPipeSignal() throws {
        // The test process does not ignore SIGPIPE (todo does): a write to a pipe nobody reads
        // must fail with EPIPE rather than end it.
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        let channel = LineChannel(input: -1, output: ends[1])
        #expect(!channel.writeLine(Array("{\"list\":{}}".utf8)))
        #expect(!channel.writeLine(Array("again".utf8)))
    }
}
