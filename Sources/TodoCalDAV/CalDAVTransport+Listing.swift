import Foundation
import TodoSync

extension CalDAVTransport {
    /// What the collection holds, or what changed since `token`; see ``SyncTransport/list(since:)``.
    ///
    /// With a token, a `sync-collection` REPORT (RFC 6578) gives the members changed and removed
    /// since then (`isComplete` false). Without one, or when the server refuses the token (expired,
    /// invalid: 403 or 409 with `DAV:valid-sync-token`, or any other failure), the initial
    /// `sync-collection` lists every member with a fresh token (`isComplete` true). A server
    /// without `sync-collection` is listed with `PROPFIND` (Depth 1, `getetag`), without a token.
    /// Only calendar object resources are listed, never the collection itself or other collections.
    public func list(since token: String?) throws(SyncError) -> RemoteListing {
        if syncCollection != false {
            if let token, !token.isEmpty {
                do throws(SyncError) {
                    return try syncListing(from: token)
                } catch {
                    guard case .invalidResponse = error else { throw error }
                    // The token is refused (or the REPORT fails): list everything afresh.
                }
            }
            do throws(SyncError) {
                return try syncListing(from: nil)
            } catch {
                guard case .invalidResponse = error else { throw error }
                // No sync-collection after all: PROPFIND.
            }
        }
        return try propfindListing()
    }

    /// Members' properties asked for in listings.
    private static let listedProperties: [DAVName] = [.getetag, .getcontenttype, .resourcetype]

    /// The `sync-collection` listing from `token` (all members for `nil`), following truncated
    /// answers (507 for the collection) until the server has said everything.
    private func syncListing(from token: String?) throws(SyncError) -> RemoteListing {
        var resources: [String: String?] = [:]
        var removed: [String] = []
        var current = token
        let resource = collection.absoluteString
        for _ in 0..<10_000 {
            let body = DAVRequestBody.syncCollection(token: current, properties: Self.listedProperties)
            let response = try client.send(.xml("REPORT", collection, depth: "1", body: body))
            guard response.status == 207 else {
                if response.status == 401 || (response.status == 403 && !isPreconditionFailure(response)) {
                    throw client.failure(response, resource: resource)
                }
                throw .invalidResponse(
                    resource: resource, reason: "sync-collection from the last token refused (\(response.statusText))")
            }
            let answer = try Multistatus(response.body, resource: resource)
            guard let next = answer.syncToken else {
                throw .invalidResponse(resource: resource, reason: "the sync-collection answer has no sync-token")
            }
            var truncated = false
            for member in answer.responses {
                guard let path = client.server.path(of: member.href) else { continue }
                if isCollection(path) {
                    if member.status == 507 { truncated = true }
                    continue
                }
                if let status = member.status {
                    if status == 404 || status == 410 {
                        resources[path] = nil
                        removed.append(path)
                    }
                    continue
                }
                guard isCalendarObject(member, path: path) else { continue }
                removed.removeAll { $0 == path }
                resources[path] = member.property(.getetag).map(\.trimmedText).flatMap { $0.isEmpty ? nil : $0 }
            }
            current = next
            if !truncated || next == token { break }
        }
        if token == nil {
            return RemoteListing(resources: resources, removed: [], isComplete: true, token: current)
        }
        return RemoteListing(resources: resources, removed: removed, isComplete: false, token: current)
    }

    /// Every member with `PROPFIND` Depth 1.
    private func propfindListing() throws(SyncError) -> RemoteListing {
        let resource = collection.absoluteString
        let body = DAVRequestBody.propfind(Self.listedProperties)
        let response = try client.send(.xml("PROPFIND", collection, depth: "1", body: body))
        guard response.status == 207 else { throw client.failure(response, resource: resource) }
        let answer = try Multistatus(response.body, resource: resource)
        var resources: [String: String?] = [:]
        for member in answer.responses {
            guard member.status == nil, let path = client.server.path(of: member.href), !isCollection(path),
                isCalendarObject(member, path: path)
            else { continue }
            resources[path] = member.property(.getetag).map(\.trimmedText).flatMap { $0.isEmpty ? nil : $0 }
        }
        return RemoteListing(resources: resources, removed: [], isComplete: true, token: nil)
    }

    /// Whether `path` is the collection itself.
    private func isCollection(_ path: String) -> Bool {
        ServerURL.key(of: path) == ServerURL.key(of: collection.path(percentEncoded: true))
    }

    /// Whether a listed member is a calendar object: not a collection, and named `.ics` or of
    /// type `text/calendar`.
    private func isCalendarObject(_ member: Multistatus.Response, path: String) -> Bool {
        if path.hasSuffix("/") || member.property(.resourcetype)?.child(.collection) != nil { return false }
        if path.lowercased().hasSuffix(".ics") { return true }
        let type = member.property(.getcontenttype)?.trimmedText.lowercased() ?? ""
        return type.hasPrefix("text/calendar")
    }

    /// Whether a 403 answer is a failed precondition (a `DAV:error` body, such as
    /// `DAV:valid-sync-token` for a token the server no longer knows) rather than refused
    /// credentials.
    private func isPreconditionFailure(_ response: HTTPResponse) -> Bool {
        guard let root = try? XMLTreeParser.parse(response.body) else { return false }
        return root.is(.error)
    }
}
