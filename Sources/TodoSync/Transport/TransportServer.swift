#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Serves a ``SyncTransport`` to `todo` over standard input and output: the loop of the
/// `todo-caldav` helper, which keeps networking and XML out of `todo`'s own start-up.
///
/// ```swift
/// TransportServer.serve(
///     open: { endpoint throws(SyncError) in try CalDAVTransport(endpoint) },
///     discover: { endpoint throws(SyncError) in try CalDAVDiscovery.collections(endpoint) })
/// ```
public enum TransportServer {
    /// Opens a transport for an endpoint.
    public typealias Opener = (SyncEndpoint) throws(SyncError) -> any SyncTransport
    /// Finds the collections of a server.
    public typealias Discoverer = (SyncEndpoint) throws(SyncError) -> [SyncCollection]

    /// Answers requests, one line each, from `input` on `output` until the input ends.
    ///
    /// - Parameters:
    ///   - input: The descriptor requests come from (standard input by default).
    ///   - output: The descriptor answers go to (standard output by default).
    ///   - open: Opens the transport an `open` request names (the CalDAV collection).
    ///   - discover: Finds the collections a `discover` request asks for.
    public static func serve(input: Int32 = 0, output: Int32 = 1, open: Opener, discover: Discoverer) {
        let channel = LineChannel(input: input, output: output)
        let decoder = JSONDecoder()
        let encoder = JSONEncoder()
        var transport: (any SyncTransport)?
        while let line = channel.readLine() {
            let response: TransportResponse
            do {
                let request = try decoder.decode(TransportRequest.self, from: Data(line))
                response = answer(request, transport: &transport, open: open, discover: discover)
            } catch {
                response = .failure(.invalidResponse(resource: nil, reason: "a request the helper cannot read"))
            }
            guard let data = try? encoder.encode(response), channel.writeLine(Array(data)) else { return }
        }
    }

    /// The answer to one request.
    static func answer(
        _ request: TransportRequest, transport: inout (any SyncTransport)?, open: Opener, discover: Discoverer
    ) -> TransportResponse {
        do throws(SyncError) {
            switch request {
            case .open(let endpoint):
                let opened = try open(endpoint)
                transport = opened
                return .opened(name: opened.name)
            case .discover(let endpoint):
                return .collections(try discover(endpoint))
            default:
                guard let transport else {
                    return .failure(.invalidResponse(resource: nil, reason: "no collection is open"))
                }
                return try answer(request, with: transport)
            }
        } catch {
            return .failure(error)
        }
    }

    private static func answer(
        _ request: TransportRequest, with transport: any SyncTransport
    ) throws(SyncError) -> TransportResponse {
        switch request {
        case .open, .discover:
            return .failure(.invalidResponse(resource: nil, reason: "a collection is open already"))
        case .list(let token):
            let listing = try transport.list(since: token)
            return .listing(
                resources: listing.resources, removed: listing.removed, isComplete: listing.isComplete,
                token: listing.token)
        case .fetch(let hrefs):
            return .resources(try transport.fetch(hrefs).map(TransportResource.init))
        case .create(let name, let data):
            let (href, etag) = try transport.create(name: name, bytes: Array(data))
            return .created(href: href, etag: etag)
        case .update(let href, let data, let etag):
            return .updated(etag: try transport.update(href: href, bytes: Array(data), etag: etag))
        case .delete(let href, let etag):
            try transport.delete(href: href, etag: etag)
            return .deleted
        }
    }
}
