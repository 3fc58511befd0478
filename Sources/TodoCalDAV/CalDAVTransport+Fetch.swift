import Foundation
import TodoSync

extension CalDAVTransport {
    /// The resources at `hrefs`; see ``SyncTransport/fetch(_:)``.
    ///
    /// `calendar-multiget` REPORTs (RFC 4791 §7.9) of up to 100 hrefs each; when the server
    /// refuses one or answers it with something unreadable, or leaves a resource's data out, a
    /// `GET` per resource. Each resource comes back under the href it was asked for, whatever the
    /// server's spelling of it; one that is gone is left out. The content is not judged here.
    public func fetch(_ hrefs: [String]) throws(SyncError) -> [RemoteResource] {
        var resources: [RemoteResource] = []
        var start = 0
        while start < hrefs.count {
            let batch = Array(hrefs[start..<min(start + batchSize, hrefs.count)])
            resources += try fetchBatch(batch)
            start += batchSize
        }
        return resources
    }

    /// One batch: a `calendar-multiget`, then `GET` for what it did not give.
    private func fetchBatch(_ hrefs: [String]) throws(SyncError) -> [RemoteResource] {
        var asked: [String: String] = [:]  // key → href as asked
        for href in hrefs { asked[ServerURL.key(of: client.server.path(of: href) ?? href)] = href }
        var found: [String: RemoteResource] = [:]
        var gone: Set<String> = []
        do throws(SyncError) {
            let answer = try multiget(hrefs)
            for member in answer.responses {
                for href in member.hrefs {
                    guard let path = client.server.path(of: href), let original = asked[ServerURL.key(of: path)] else {
                        continue
                    }
                    if let status = member.status {
                        if status == 404 || status == 410 { gone.insert(original) }
                        continue
                    }
                    guard let data = member.property(.calendarData) else {
                        if member.propstats.contains(where: { $0.status == 404 || $0.status == 410 })
                            && member.propstats.allSatisfy({ !(200..<300).contains($0.status) })
                        {
                            gone.insert(original)
                        }
                        continue
                    }
                    let etag = member.property(.getetag).map(\.trimmedText).flatMap { $0.isEmpty ? nil : $0 }
                    found[original] = RemoteResource(href: original, etag: etag, bytes: Array(data.text.utf8))
                }
            }
        } catch {
            guard case .invalidResponse = error else { throw error }
            // The server cannot multiget (or answered it badly): GET each resource below.
        }
        var resources: [RemoteResource] = []
        for href in hrefs {
            if let resource = found[href] {
                resources.append(resource)
            } else if !gone.contains(href), let resource = try get(href) {
                resources.append(resource)
            }
        }
        return resources
    }

    /// A `calendar-multiget` of `hrefs`.
    private func multiget(_ hrefs: [String]) throws(SyncError) -> Multistatus {
        let resource = collection.absoluteString
        let body = DAVRequestBody.calendarMultiget(hrefs)
        let response = try client.send(.xml("REPORT", collection, depth: "1", body: body))
        guard response.status == 207 else {
            if response.status == 401 { throw client.failure(response, resource: resource) }
            throw .invalidResponse(resource: resource, reason: "calendar-multiget answered \(response.statusText)")
        }
        return try Multistatus(response.body, resource: resource)
    }

    /// The resource at `href` with `GET`; `nil` when it is gone.
    private func get(_ href: String) throws(SyncError) -> RemoteResource? {
        let response = try client.send(
            HTTPRequest(method: "GET", url: try url(of: href), headers: ["Accept": "text/calendar"]))
        if response.status == 404 || response.status == 410 { return nil }
        guard response.status == 200 else { throw client.failure(response, resource: href) }
        return RemoteResource(href: href, etag: response.etag, bytes: response.body)
    }
}
