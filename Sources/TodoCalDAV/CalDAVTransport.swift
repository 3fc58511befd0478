import Foundation
import TodoSync

/// A CalDAV collection (RFC 4791) as the other side of a sync: one calendar object resource per
/// todo, listed with `sync-collection` (RFC 6578) or `PROPFIND`, fetched with
/// `calendar-multiget`, written with conditional `PUT` and `DELETE`.
///
/// Hrefs are the paths the server gives (percent escapes as it writes them); etags are its
/// `ETag`s. HTTP statuses become ``SyncError``s: 412 ``SyncError/changedMeanwhile(_:)``, 401 and
/// 403 ``SyncError/unauthorized(_:)``, no answer ``SyncError/unreachable(_:)``, anything else
/// unexpected ``SyncError/invalidResponse(resource:reason:)``.
///
/// ```swift
/// let tasks = try CalDAVTransport(
///     SyncEndpoint(url: "https://dav.example.com/me/tasks/", username: "me", password: secret))
/// let listing = try tasks.list(since: nil)
/// let todos = try tasks.fetch(Array(listing.resources.keys))
/// ```
public final class CalDAVTransport: SyncTransport, Sendable {
    /// `host/collection`, for messages and conflict annotations.
    public let name: String
    /// The HTTP client of the collection's server.
    let client: HTTPClient
    /// The collection's URL (its path ends in `/`).
    let collection: URL
    /// Whether to list with `sync-collection`: `nil` when the server did not say whether it can.
    let syncCollection: Bool?
    /// How many resources one `calendar-multiget` asks for.
    let batchSize: Int

    /// Opens the collection at `endpoint`'s URL, checking that it is a calendar collection and
    /// that the credentials are accepted.
    ///
    /// - Parameters:
    ///   - endpoint: The collection's URL and the credentials.
    ///   - timeout: The longest one request waits for the server.
    /// - Throws: ``SyncError/settings(key:problem:fix:)`` for a URL that is not a calendar
    ///   collection, ``SyncError/unauthorized(_:)``, ``SyncError/unreachable(_:)`` or
    ///   ``SyncError/invalidResponse(resource:reason:)``.
    public convenience init(_ endpoint: SyncEndpoint, timeout: Duration = .seconds(30)) throws(SyncError) {
        try self.init(endpoint, timeout: timeout, useSyncCollection: true)
    }

    /// Opens the collection; `useSyncCollection: false` lists with `PROPFIND` only (the fallback,
    /// for the tests), `batchSize` resources per `calendar-multiget`.
    init(
        _ endpoint: SyncEndpoint, timeout: Duration = .seconds(30), useSyncCollection: Bool, batchSize: Int = 100
    ) throws(SyncError) {
        let client = try HTTPClient(endpoint, timeout: timeout)
        self.client = client
        collection = client.server.url
        self.batchSize = max(1, batchSize)
        let path = collection.path
        let segment = path.split(separator: "/").last.map(String.init) ?? ""
        name = client.server.hostName + "/" + segment
        let request = HTTPRequest.xml(
            "PROPFIND", collection, depth: "0",
            body: DAVRequestBody.propfind([.resourcetype, .displayname, .supportedReportSet]))
        let response = try client.send(request)
        let resource = collection.absoluteString
        let missing = SyncError.settings(
            key: "sync.url", problem: "there is no collection at \(resource)",
            fix: "run todo sync --setup with your server's URL to find your collections")
        guard response.isSuccess else {
            if response.status == 404 || response.status == 410 { throw missing }
            throw client.failure(response, resource: resource)
        }
        let answer = try Multistatus(response.body, resource: resource)
        let own =
            answer.responses.first {
                ServerURL.key(of: client.server.path(of: $0.href) ?? "") == ServerURL.key(of: path)
            }
            ?? answer.responses.first
        if let status = own?.status {  // Xandikos answers a missing collection so
            if status == 404 || status == 410 { throw missing }
            throw client.failure(HTTPResponse(status: status), resource: resource)
        }
        if let types = own?.property(.resourcetype), types.child(.calendar) == nil {
            throw .settings(
                key: "sync.url", problem: "\(resource) is not a CalDAV calendar collection",
                fix: "run todo sync --setup with your server's URL to find your collections")
        }
        if !useSyncCollection {
            syncCollection = false
        } else if let reports = own?.property(.supportedReportSet) {
            syncCollection = reports.children.contains { report in
                report.children.contains { $0.children.contains { $0.is(.syncCollection) } || $0.is(.syncCollection) }
            }
        } else {
            syncCollection = nil
        }
    }

    // MARK: Writing

    /// Creates the resource `name` unless one is there; see ``SyncTransport/create(name:bytes:)``.
    ///
    /// `PUT` with `If-None-Match: *`; the href is the collection's path and `name`
    /// percent-encoded.
    public func create(name: String, bytes: [UInt8]) throws(SyncError) -> (href: String, etag: String?) {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", !name.contains("\0") else {
            throw .invalidResponse(resource: name, reason: "not a resource name of the collection")
        }
        let href = collection.path(percentEncoded: true) + ServerURL.encodedSegment(name)
        let etag = try put(href: href, bytes: bytes, condition: ["If-None-Match": "*"])
        return (href, etag)
    }

    /// Replaces the resource at `href` if it is still `etag`; see ``SyncTransport/update(href:bytes:etag:)``.
    ///
    /// `PUT` with `If-Match: <etag>` (unconditional when `etag` is `nil`).
    public func update(href: String, bytes: [UInt8], etag: String?) throws(SyncError) -> String? {
        try put(href: href, bytes: bytes, condition: etag.map { ["If-Match": $0] } ?? [:])
    }

    /// Deletes the resource at `href` if it is still `etag`; see ``SyncTransport/delete(href:etag:)``.
    ///
    /// `DELETE` with `If-Match: <etag>`; a resource already gone (404, 410) is fine.
    public func delete(href: String, etag: String?) throws(SyncError) {
        let url = try url(of: href)
        var request = HTTPRequest(method: "DELETE", url: url)
        if let etag { request.headers["If-Match"] = etag }
        let response = try client.send(request)
        guard response.isSuccess || response.status == 404 || response.status == 410 else {
            throw client.failure(response, resource: href)
        }
    }

    private func put(href: String, bytes: [UInt8], condition: [String: String]) throws(SyncError) -> String? {
        var request = HTTPRequest(
            method: "PUT", url: try url(of: href), headers: ["Content-Type": "text/calendar; charset=utf-8"],
            body: bytes)
        request.headers.merge(condition) { $1 }
        let response = try client.send(request)
        if response.status == 404 && condition["If-Match"] != nil { throw .changedMeanwhile(href) }
        guard response.isSuccess else { throw client.failure(response, resource: href) }
        return response.etag
    }

    /// The URL of `href` on this server.
    func url(of href: String) throws(SyncError) -> URL {
        guard let url = client.server.url(of: href) else {
            throw .invalidResponse(resource: href, reason: "not an href of \(client.server.hostName)")
        }
        return url
    }
}
