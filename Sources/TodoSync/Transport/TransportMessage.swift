#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A request to a transport in another process (the `todo-caldav` helper): one line of JSON on
/// its standard input.
///
/// The first request is ``open(_:)`` (or ``discover(_:)``, after which the helper ends); the
/// others are the ``SyncTransport`` methods, each answered by one ``TransportResponse`` line.
public enum TransportRequest: Sendable, Hashable, Codable {
    /// Opens the collection at the endpoint's URL; answered by ``TransportResponse/opened(name:)``.
    case open(SyncEndpoint)
    /// Finds the collections of the server at the endpoint's URL; answered by
    /// ``TransportResponse/collections(_:)``.
    case discover(SyncEndpoint)
    /// ``SyncTransport/list(since:)``.
    case list(token: String?)
    /// ``SyncTransport/fetch(_:)``.
    case fetch(hrefs: [String])
    /// ``SyncTransport/create(name:bytes:)``.
    case create(name: String, data: Data)
    /// ``SyncTransport/update(href:bytes:etag:)``.
    case update(href: String, data: Data, etag: String?)
    /// ``SyncTransport/delete(href:etag:)``.
    case delete(href: String, etag: String?)
}

/// The answer to a ``TransportRequest``: one line of JSON on the helper's standard output.
public enum TransportResponse: Sendable, Hashable, Codable {
    /// The request failed.
    case failure(SyncError)
    /// The collection is open; its name for messages.
    case opened(name: String)
    /// The collections found.
    case collections([SyncCollection])
    /// What ``SyncTransport/list(since:)`` gives.
    case listing(resources: [String: String?], removed: [String], isComplete: Bool, token: String?)
    /// What ``SyncTransport/fetch(_:)`` gives.
    case resources([TransportResource])
    /// A resource created.
    case created(href: String, etag: String?)
    /// A resource replaced.
    case updated(etag: String?)
    /// A resource deleted.
    case deleted
}

/// A ``RemoteResource`` on the wire.
public struct TransportResource: Sendable, Hashable, Codable {
    /// Its href.
    public var href: String
    /// Its etag.
    public var etag: String?
    /// Its content.
    public var data: Data

    /// The resource on the wire.
    public init(_ resource: RemoteResource) {
        href = resource.href
        etag = resource.etag
        data = Data(resource.bytes)
    }

    /// The resource.
    public var resource: RemoteResource { RemoteResource(href: href, etag: etag, bytes: Array(data)) }
}
