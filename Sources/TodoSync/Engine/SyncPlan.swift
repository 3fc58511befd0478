import TodoCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one round of a sync found to do: the change here (written under the store's lock), the
/// writes there (made after the lock is released), and what the state learns.
struct SyncPlan {
    /// A write to the other side.
    enum Upload {
        /// Creates the resource `name` for `todo`.
        case create(name: String, todo: Todo, bytes: [UInt8])
        /// Replaces the resource at `href` with `todo`, if it is still at `etag`.
        case update(href: String, etag: String?, todo: Todo, bytes: [UInt8])
        /// Deletes the resource at `href` of the todo `uuid`, if it is still at `etag`.
        case delete(href: String, etag: String?, uuid: UUID, title: String)
    }

    /// Todos to create or change here.
    var puts: [Todo] = []
    /// Todos as they were before `puts` changed them, and those `deletes` removes.
    var before: [Todo] = []
    /// Ids of todos to delete here.
    var deletes: [Int] = []
    /// Writes to the other side.
    var uploads: [Upload] = []
    /// What the state learns when the change here is written.
    var patch = SyncStatePatch()
    /// What the report says of this round.
    var report: SyncReport

    /// The store's change, if there is one.
    var change: TodoChange? {
        puts.isEmpty && deletes.isEmpty ? nil : TodoChange(kind: .imported, put: puts, deleted: deletes, before: before)
    }
}

/// Changes to a ``SyncState``, applied to the state as it is on disk when they are written (under
/// the store's lock), so that two syncs at once lose nothing of each other's.
struct SyncStatePatch {
    /// Entries set, by uuid.
    var entries: [UUID: SyncState.Entry] = [:]
    /// Entries removed.
    var removed: Set<UUID> = []
    /// Hrefs of resources holding no todo, with their etags.
    var ignored: [String: String?] = [:]
    /// Hrefs no longer ignored (gone there).
    var unignored: Set<String> = []
    /// The new listing token, when there is one to keep.
    var token: String??

    var isEmpty: Bool {
        entries.isEmpty && removed.isEmpty && ignored.isEmpty && unignored.isEmpty && token == nil
    }

    mutating func set(_ uuid: UUID, _ entry: SyncState.Entry) {
        entries[uuid] = entry
        removed.remove(uuid)
    }

    mutating func remove(_ uuid: UUID) {
        entries[uuid] = nil
        removed.insert(uuid)
    }

    func applied(to state: SyncState) -> SyncState {
        var state = state
        for uuid in removed { state.entries[uuid] = nil }
        for (uuid, entry) in entries { state.entries[uuid] = entry }
        for href in unignored { state.ignored[href] = nil }
        for (href, etag) in ignored { state.ignored[href] = etag }
        if let token { state.token = token }
        return state
    }
}
