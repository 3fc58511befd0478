#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a sync remembers between runs, in a file beside the store (``SyncStateFile``): for each
/// todo synced, where it is on the other side, the etag last seen there, and the copy both sides
/// last agreed on — the base of the next three-way merge.
///
/// The state is a cache the engine can always do without: a state older than the store (a sync
/// killed between the two writes), or none at all, makes the next sync compare more, never lose or
/// duplicate a todo, since todos are matched by uuid (the `UID`), not by the state.
public struct SyncState: Sendable, Hashable, Codable {
    /// One todo as last synced.
    public struct Entry: Sendable, Hashable, Codable {
        /// Its resource on the other side.
        public var href: String
        /// The resource's etag when last seen (`nil` when the other side gave none).
        public var etag: String?
        /// The todo's `Todo/contentDigest` here when both sides agreed: a todo changed here
        /// since has another (empty: not agreed yet, to be written there).
        public var stamp: String
        /// The iCalendar object both sides agreed on, as `todo` writes it.
        public var base: String

        /// An entry.
        public init(href: String, etag: String?, stamp: String, base: String) {
            self.href = href
            self.etag = etag
            self.stamp = stamp
            self.base = base
        }
    }

    /// The format's version: ``currentVersion`` (files of version 1 are read, and upgraded by the
    /// next save).
    public var version = SyncState.currentVersion
    /// The version a ``SyncStateFile`` writes.
    public static let currentVersion = 2
    /// The URL of the other side these entries are for; a state for another URL is not used.
    public var url: String
    /// The token to list changes from (RFC 6578), if the other side gives them.
    public var token: String?
    /// The entries, by the todo's uuid.
    public var entries: [UUID: Entry]
    /// Resources of the other side that hold no todo (an event, a journal), by href, with their
    /// etags: not fetched again until they change.
    public var ignored: [String: String?]

    /// An empty state for `url`.
    public init(url: String) {
        self.url = url
        entries = [:]
        ignored = [:]
    }

    /// The uuid of the todo at each href.
    public func uuidsByHref() -> [String: UUID] {
        var uuids: [String: UUID] = [:]
        uuids.reserveCapacity(entries.count)
        for (uuid, entry) in entries { uuids[entry.href] = uuid }
        return uuids
    }
}
