import TodoCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a sync did (or, for a dry run, would do).
public struct SyncReport: Sendable, Hashable {
    /// The other side's name: `host/collection`, or the folder.
    public var name: String
    /// Todos created or changed here from the other side.
    public var received = 0
    /// Todos created or changed there from here.
    public var sent = 0
    /// Todos deleted here because they were deleted there.
    public var deletedHere = 0
    /// Todos deleted there because they were deleted here.
    public var deletedThere = 0
    /// The fields both sides changed to different values (the value not kept is an annotation).
    public var conflicts: [SyncConflict] = []
    /// Resources of the other side that could not be synced, and why (left as they are).
    public var skipped: [SkippedResource] = []
    /// What was done (or would be), one line each, for `--dry-run` and `--verbose`.
    public var actions: [SyncAction] = []
    /// The todos here that the sync created or changed, as they are now.
    public var changedHere: [Todo] = []
    /// The ids of the todos the sync deleted here.
    public var deletedHereIDs: [Int] = []
    /// The changes the sync wrote to the store, one per round that changed something here (none
    /// for a dry run): what a live front end announces on the todo service's bus
    /// (`TodoServiceType/announce(_:)`), as the engine writes the store directly.
    public var changesHere: [TodoChange] = []

    /// An empty report for the other side `name`.
    public init(name: String) {
        self.name = name
    }

    /// Whether nothing happened.
    public var isEmpty: Bool { received == 0 && sent == 0 && deletedHere == 0 && deletedThere == 0 }
}

/// A field both sides changed to different values.
public struct SyncConflict: Sendable, Hashable {
    /// The todo's uuid.
    public var uuid: UUID
    /// Its id here.
    public var id: Int
    /// Its title.
    public var title: String
    /// The field, and the values kept and not kept.
    public var conflict: TodoMerge.Conflict
}

/// A resource of the other side that a sync left alone.
public struct SkippedResource: Sendable, Hashable {
    /// Its href.
    public var href: String
    /// Why.
    public var reason: String
}

/// One step of a sync, as `--dry-run` lists it.
public struct SyncAction: Sendable, Hashable {
    /// What kind of step.
    public enum Kind: String, Sendable, Hashable {
        /// A todo from the other side created here.
        case createHere
        /// A todo here changed from the other side.
        case updateHere
        /// A todo here deleted, as it was deleted there.
        case deleteHere
        /// A todo from here created there.
        case createThere
        /// A todo there changed from here.
        case updateThere
        /// A todo there deleted, as it was deleted here.
        case deleteThere
    }

    /// What kind of step.
    public var kind: Kind
    /// The todo's uuid.
    public var uuid: UUID
    /// Its title.
    public var title: String
}
