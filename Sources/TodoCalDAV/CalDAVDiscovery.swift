import Foundation
import TodoSync

/// Finds the calendar collections of a CalDAV account, for `todo sync --setup URL`.
///
/// From a server's URL: RFC 6764's `/.well-known/caldav` (redirects followed), the
/// `current-user-principal`, its `calendar-home-set`, then the home's calendar collections
/// (`PROPFIND` Depth 1) with their display names and supported components. A URL that is
/// itself a calendar home or a collection is accepted as well. The credentials are checked on
/// the way: a 401 or 403 is ``SyncError/unauthorized(_:)``.
///
/// ```swift
/// let found = try CalDAVDiscovery.collections(
///     SyncEndpoint(url: "https://dav.example.com", username: "me", password: secret))
/// let tasks = found.filter(\.holdsTodos)
/// ```
public enum CalDAVDiscovery {
    /// The calendar collections of the account at `endpoint`.
    ///
    /// - Parameters:
    ///   - endpoint: The server's (or the home's, or the collection's) URL and the credentials.
    ///   - timeout: The longest one request waits for the server.
    /// - Returns: The collections, each with whether it holds todos (`VTODO` among its supported
    ///   components, or no components given); empty when the server has none.
    /// - Throws: ``SyncError/unauthorized(_:)``, ``SyncError/unreachable(_:)``,
    ///   ``SyncError/invalidResponse(resource:reason:)``, or
    ///   ``SyncError/settings(key:problem:fix:)`` for a URL that cannot be used.
    public static func collections(
        _ endpoint: SyncEndpoint, timeout: Duration = .seconds(30)
    ) throws(SyncError) -> [SyncCollection] {
        let client = try HTTPClient(endpoint, timeout: timeout)
        let start = client.server.url
        var starts: [URL] = []
        if start.path == "/" || start.path.isEmpty, let wellKnown = client.server.withPath("/.well-known/caldav") {
            starts.append(wellKnown)
        }
        starts.append(start)
        var lastFailure: SyncError?
        var answered = false
        for url in starts {
            do throws(SyncError) {
                if let found = try discover(from: url, client: client) { return found }
                answered = true
            } catch {
                if case .unauthorized = error { throw error }
                if case .unreachable = error { throw error }
                lastFailure = error
            }
        }
        if let lastFailure, !answered { throw lastFailure }
        return []
    }

    /// Properties asked of the start URL, the principal and the home's members.
    private static let properties: [DAVName] = [
        .resourcetype, .displayname, .currentUserPrincipal, .calendarHomeSet, .supportedCalendarComponentSet,
    ]

    /// The collections found from `url`: `nil` when it leads to no home.
    private static func discover(from url: URL, client: HTTPClient) throws(SyncError) -> [SyncCollection]? {
        let (own, base) = try propfind(url, depth: "0", client: client)
        guard let own = own.first else { return nil }
        if own.property(.resourcetype)?.child(.calendar) != nil {
            return [collection(own, base: base, client: client)]
        }
        if let home = href(in: own.property(.calendarHomeSet)), let homeURL = resolve(home, base: base, client: client)
        {
            return try calendars(in: homeURL, client: client)
        }
        if let principal = href(in: own.property(.currentUserPrincipal)),
            let principalURL = resolve(principal, base: base, client: client)
        {
            let (answer, principalBase) = try propfind(principalURL, depth: "0", client: client)
            if let home = href(in: answer.first?.property(.calendarHomeSet)),
                let homeURL = resolve(home, base: principalBase, client: client)
            {
                return try calendars(in: homeURL, client: client)
            }
        }
        // Perhaps a home itself: its calendars, if it has any.
        let found = try calendars(in: base, client: client)
        return found.isEmpty ? nil : found
    }

    /// The calendar collections in the home at `url`.
    private static func calendars(in url: URL, client: HTTPClient) throws(SyncError) -> [SyncCollection] {
        let (members, base) = try propfind(url, depth: "1", client: client)
        return members.filter { $0.property(.resourcetype)?.child(.calendar) != nil }
            .map { collection($0, base: base, client: client) }
    }

    /// A `PROPFIND` of ``properties``: the responses and the URL that answered (after redirects).
    private static func propfind(
        _ url: URL, depth: String, client: HTTPClient
    ) throws(SyncError) -> ([Multistatus.Response], URL) {
        let response = try client.send(.xml("PROPFIND", url, depth: depth, body: DAVRequestBody.propfind(properties)))
        guard response.status == 207 else { throw client.failure(response, resource: url.absoluteString) }
        let answer = try Multistatus(response.body, resource: url.absoluteString)
        return (answer.responses.filter { $0.status == nil }, response.url ?? url)
    }

    private static func href(in property: XMLNode?) -> String? {
        guard let text = property?.child(.href)?.trimmedText, !text.isEmpty else { return nil }
        return text
    }

    private static func resolve(_ href: String, base: URL, client: HTTPClient) -> URL? {
        if href.hasPrefix("/") { return client.server.url(of: href) }
        return URL(string: ServerURL.escapingInvalid(href), relativeTo: base)?.absoluteURL
    }

    private static func collection(_ member: Multistatus.Response, base: URL, client: HTTPClient) -> SyncCollection {
        let url = resolve(member.href, base: base, client: client)?.absoluteString ?? member.href
        let name = member.property(.displayname)?.trimmedText
        let components = member.property(.supportedCalendarComponentSet)?.children(.comp)
            .compactMap { $0.attributes["name"]?.uppercased() }
        let holdsTodos = components.map { $0.isEmpty || $0.contains("VTODO") } ?? true
        return SyncCollection(url: url, displayName: name?.isEmpty == false ? name : nil, holdsTodos: holdsTodos)
    }
}
