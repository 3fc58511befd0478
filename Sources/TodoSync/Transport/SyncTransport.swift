/// The other side of a sync, resource by resource: a vdir folder, a CalDAV collection (through
/// the `todo-caldav` helper), or a fake in tests.
///
/// A resource is one iCalendar object (one `VTODO`) at an `href` (a file name in a folder, a path
/// on a server), with an `etag` that changes whenever its content does. The sync engine lists
/// what changed, fetches it, and writes back with the etag it last saw, so that a write never
/// replaces something it has not merged:
///
/// ```swift
/// let listing = try transport.list(since: state.token)
/// let changed = try transport.fetch(Array(listing.resources.keys))
/// let etag = try transport.update(href: href, bytes: ics, etag: seen)  // If-Match
/// ```
///
/// Every method may block on I/O; none is called with the store's lock held.
public protocol SyncTransport: AnyObject, Sendable {
    /// The other side's name for messages and conflict annotations: `host/collection`, or the
    /// folder's path.
    var name: String { get }

    /// What is there, or what changed since `token`.
    ///
    /// - Parameter token: The ``RemoteListing/token`` of the last listing, or `nil` for all.
    func list(since token: String?) throws(SyncError) -> RemoteListing

    /// The resources at `hrefs`; one that no longer exists is left out.
    func fetch(_ hrefs: [String]) throws(SyncError) -> [RemoteResource]

    /// Creates the resource `name` (a file name such as `<uuid>.ics`) unless one is there
    /// (`If-None-Match: *`).
    ///
    /// - Returns: Its href and its new etag (`nil` when the other side does not say).
    /// - Throws: ``SyncError/changedMeanwhile(_:)`` when something is at `name` already.
    func create(name: String, bytes: [UInt8]) throws(SyncError) -> (href: String, etag: String?)

    /// Replaces the resource at `href` if its etag is still `etag` (`If-Match`).
    ///
    /// - Returns: Its new etag (`nil` when the other side does not say).
    /// - Throws: ``SyncError/changedMeanwhile(_:)`` when it changed or is gone.
    func update(href: String, bytes: [UInt8], etag: String?) throws(SyncError) -> String?

    /// Deletes the resource at `href` if its etag is still `etag` (`If-Match`); one already gone
    /// is fine.
    ///
    /// - Throws: ``SyncError/changedMeanwhile(_:)`` when it changed.
    func delete(href: String, etag: String?) throws(SyncError)

    /// Makes every write so far durable (a folder's entries flushed to disk); the engine calls it
    /// before it records the writes in the sync state. Nothing to do for a server.
    func flush() throws(SyncError)

    /// Gives up the I/O under way, from another thread, as soon as it can: the call waiting
    /// fails (the sync then stops, the store as its last write left it), and so does every later
    /// one. For a front end that quits while a sync runs.
    func abandon()
}

extension SyncTransport {
    /// Nothing to flush: a server's answer to a write means it is stored.
    public func flush() throws(SyncError) {}

    /// Nothing to give up: each call is short (a folder of this machine).
    public func abandon() {}
}

/// One resource of the other side: an iCalendar object at an href.
public struct RemoteResource: Sendable, Hashable {
    /// Where it is: a file name in a folder, a path on a server.
    public var href: String
    /// Its version, which changes whenever its content does (`nil` when the other side has none).
    public var etag: String?
    /// Its content, an iCalendar object.
    public var bytes: [UInt8]

    /// A resource.
    public init(href: String, etag: String?, bytes: [UInt8]) {
        self.href = href
        self.etag = etag
        self.bytes = bytes
    }
}

/// What a ``SyncTransport/list(since:)`` found.
public struct RemoteListing: Sendable, Hashable {
    /// The resources (href → etag): every one when ``isComplete``, else those changed (or new)
    /// since the token.
    public var resources: [String: String?]
    /// The hrefs removed since the token (empty when ``isComplete``: what is not listed is gone).
    public var removed: [String]
    /// Whether ``resources`` is everything there is.
    public var isComplete: Bool
    /// The token to list from next time (RFC 6578's sync token), or `nil`.
    public var token: String?

    /// A listing.
    public init(resources: [String: String?], removed: [String] = [], isComplete: Bool, token: String? = nil) {
        self.resources = resources
        self.removed = removed
        self.isComplete = isComplete
        self.token = token
    }
}
