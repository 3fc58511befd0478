import Foundation

/// One HTTP request to a CalDAV server: a method, a URL, headers and a body.
struct HTTPRequest: Sendable {
    /// `GET`, `PUT`, `DELETE`, `PROPFIND`, `REPORT`, …
    var method: String
    /// Where it goes.
    var url: URL
    /// Its headers (besides `Authorization`, which the client adds).
    var headers: [String: String] = [:]
    /// Its body, if any.
    var body: [UInt8]?

    /// A WebDAV request with an XML body (`PROPFIND`, `REPORT`) and a `Depth`.
    static func xml(_ method: String, _ url: URL, depth: String, body: String) -> HTTPRequest {
        HTTPRequest(
            method: method, url: url,
            headers: ["Depth": depth, "Content-Type": "application/xml; charset=utf-8"],
            body: Array(body.utf8))
    }
}
