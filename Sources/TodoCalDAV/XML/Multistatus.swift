import TodoSync

/// A WebDAV `multistatus` answer (RFC 4918 §14.16, RFC 6578 §6.4): one ``Response`` per
/// resource and, for `sync-collection`, the new sync token.
///
/// Read strictly as to structure (a `response` without an `href`, a `propstat` without a
/// `status`, a status that is not `HTTP/1.1 NNN …` are errors) and tolerantly as to form (any
/// namespace prefix, white space, unknown elements ignored, children in any order).
struct Multistatus: Sendable, Hashable {
    /// The resources' answers, in order.
    var responses: [Response]
    /// The `sync-token` (RFC 6578), if the answer has one.
    var syncToken: String?

    /// One resource's answer: either a ``status`` for its hrefs, or its properties by status.
    struct Response: Sendable, Hashable {
        /// Its href (the first, when a status covers several).
        var href: String { hrefs[0] }
        /// Its hrefs (one, except with a ``status`` for several).
        var hrefs: [String]
        /// The status of the whole resource (`404` for a removed member in a `sync-collection`).
        var status: Int?
        /// The properties, grouped by their status.
        var propstats: [Propstat]
        /// The children of its `error` element (preconditions that failed).
        var errors: [XMLNode]

        /// The property `name` when it was found (in a 2xx `propstat`).
        func property(_ name: DAVName) -> XMLNode? {
            for propstat in propstats where (200..<300).contains(propstat.status) {
                if let property = propstat.properties.first(where: { $0.is(name) }) { return property }
            }
            return nil
        }
    }

    /// Properties that share a status.
    struct Propstat: Sendable, Hashable {
        /// The status code.
        var status: Int
        /// The properties (the children of `prop`).
        var properties: [XMLNode]
    }

    /// Parses `bytes`.
    ///
    /// - Parameter resource: The request's URL or resource, for the error.
    /// - Throws: ``SyncError/invalidResponse(resource:reason:)`` naming `resource` when `bytes`
    ///   is not a well-formed multistatus.
    init(_ bytes: [UInt8], resource: String) throws(SyncError) {
        let root: XMLNode
        do {
            root = try XMLTreeParser.parse(bytes)
        } catch {
            throw .invalidResponse(resource: resource, reason: "the multistatus answer is not XML: \(error.reason)")
        }
        try self.init(root, resource: resource)
    }

    /// Reads the parsed document `root`.
    init(_ root: XMLNode, resource: String) throws(SyncError) {
        func invalid(_ reason: String) -> SyncError {
            .invalidResponse(resource: resource, reason: "invalid multistatus answer: \(reason)")
        }
        guard root.is(.multistatus) else {
            throw invalid("the root element is {\(root.namespace)}\(root.name), not {DAV:}multistatus")
        }
        var responses: [Response] = []
        for element in root.children(.response) {
            let hrefs = element.children(.href).map(\.trimmedText)
            guard !hrefs.isEmpty, hrefs.allSatisfy({ !$0.isEmpty }) else { throw invalid("a response without an href") }
            var status: Int?
            if let line = element.child(.status) {
                guard let code = Self.statusCode(line.trimmedText) else {
                    throw invalid("the status '\(line.trimmedText)' of \(hrefs[0]) is not an HTTP status line")
                }
                status = code
            }
            var propstats: [Propstat] = []
            for propstat in element.children(.propstat) {
                guard let line = propstat.child(.status) else {
                    throw invalid("a propstat without a status in \(hrefs[0])")
                }
                guard let code = Self.statusCode(line.trimmedText) else {
                    throw invalid("the status '\(line.trimmedText)' of \(hrefs[0]) is not an HTTP status line")
                }
                guard let prop = propstat.child(.prop) else {
                    throw invalid("a propstat without a prop in \(hrefs[0])")
                }
                propstats.append(Propstat(status: code, properties: prop.children))
            }
            guard (status == nil) != propstats.isEmpty else {
                throw invalid(
                    "the response for \(hrefs[0]) has \(status == nil ? "neither" : "both") a status and properties")
            }
            guard status != nil || hrefs.count == 1 else {
                throw invalid("properties for several hrefs in one response")
            }
            responses.append(
                Response(
                    hrefs: hrefs, status: status, propstats: propstats, errors: element.child(.error)?.children ?? []))
        }
        self.responses = responses
        syncToken = root.child(.syncToken).map(\.trimmedText).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The code of an HTTP status line (`HTTP/1.1 404 Not Found` → 404).
    static func statusCode(_ line: String) -> Int? {
        let parts = line.split(whereSeparator: \.isWhitespace)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3, let code = Int(parts[1]),
            (100..<600).contains(code)
        else { return nil }
        return code
    }
}
