import TestSupport
import Testing
import TodoSync

@testable import TodoCalDAV

/// A server of a test and what the test needs of it.
extension DAVServer {
    /// Starts `kind` on a thread of its own (the test fails when it cannot start: the suites run
    /// only when the servers are installed, or in CI, where they must be).
    static func started(_ kind: Kind, auth: Bool = false) async throws -> DAVServer {
        try await blocking { try DAVServer(kind, auth: auth) }
    }

    /// The endpoint of the test's collection, with the right credentials.
    var endpoint: SyncEndpoint { SyncEndpoint(url: collectionURL, username: username, password: password) }

    /// A transport to the test's collection (a client of its own), listing with `sync-collection`
    /// or with `PROPFIND` only.
    func transport(syncCollection: Bool = true, batchSize: Int = 100) async throws -> CalDAVTransport {
        let endpoint = endpoint
        return try await blocking {
            try CalDAVTransport(
                endpoint, timeout: .seconds(60), useSyncCollection: syncCollection, batchSize: batchSize)
        }
    }
}

/// How the servers' tests are parameterized: every server, listing both ways.
enum ServerCase: Sendable, CustomTestStringConvertible, CaseIterable {
    case radicale, radicalePropfind, xandikos, xandikosPropfind

    var kind: DAVServer.Kind { self == .radicale || self == .radicalePropfind ? .radicale : .xandikos }
    var syncCollection: Bool { self == .radicale || self == .xandikos }
    var testDescription: String { "\(kind)" + (syncCollection ? "" : " (PROPFIND listings)") }
}

/// Whether the server suites run: the servers are installed, or this is CI (where they must be).
let serversCanRun = DAVServer.allInstalled || DAVServer.isCI
let serversSkipped = "radicale or xandikos is not installed: skipped (apt-get install radicale xandikos; .ci/run does)"

/// An iCalendar object holding one todo.
func todoICS(uid: String, summary: String) -> [UInt8] {
    Array(
        ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo tests//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\n"
            + "DTSTAMP:20300101T000000Z\r\nSUMMARY:\(summary)\r\nSTATUS:NEEDS-ACTION\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
            .utf8)
}

extension RemoteResource {
    /// The content as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
