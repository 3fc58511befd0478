import Foundation

/// What a CalDAV server answered: a status, headers and a body.
struct HTTPResponse: Sendable {
    /// The status code (`207`, `412`, …).
    var status: Int
    /// The headers, by lower-case name.
    var headers: [String: String]
    /// The body.
    var body: [UInt8]
    /// The URL that answered (after redirects), once sent.
    var url: URL?

    /// A response.
    init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    /// Whether the status is 2xx.
    var isSuccess: Bool { (200..<300).contains(status) }

    /// Whether the status is a redirection the client follows (301, 302, 303, 307, 308).
    var isRedirect: Bool { [301, 302, 303, 307, 308].contains(status) }

    /// The header `name` (any case).
    func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The `ETag` header, if the server gave one.
    var etag: String? {
        guard let value = header("ETag")?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    /// The status with its reason phrase, for messages: `HTTP 412 Precondition Failed`.
    var statusText: String {
        let reason = Self.reasons[status].map { " " + $0 } ?? ""
        return "HTTP \(status)\(reason)"
    }

    private static let reasons: [Int: String] = [
        400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed",
        409: "Conflict", 410: "Gone", 412: "Precondition Failed", 413: "Content Too Large",
        415: "Unsupported Media Type", 423: "Locked", 500: "Internal Server Error", 501: "Not Implemented",
        502: "Bad Gateway", 503: "Service Unavailable", 504: "Gateway Timeout", 507: "Insufficient Storage",
    ]
}
