import TodoCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a front end's sync stands, as ``SyncServiceType/status`` publishes it for status bars.
public enum SyncStatus: Sendable, Hashable {
    /// No sync has run yet.
    case idle
    /// A sync is running.
    case syncing
    /// The latest sync ended well, at the time given; what it did.
    case synced(SyncReport, at: Date)
    /// The latest sync failed; the next one tries again.
    case failed(SyncFailure)

    /// Whether a sync is running.
    public var isSyncing: Bool { self == .syncing }
}

/// Why a sync failed, and when.
public struct SyncFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, and how to fix it: `todo sync`'s message.
    public var message: String
    /// The sync error, when the other side (or the sync state) failed.
    public var error: SyncError?
    /// The store's error, when the store failed (locked by another process, unreadable).
    public var storeError: TodoError?
    /// When the sync ended.
    public var at: Date

    /// A failure saying `message`.
    public init(message: String, error: SyncError? = nil, storeError: TodoError? = nil, at: Date) {
        self.message = message
        self.error = error
        self.storeError = storeError
        self.at = at
    }

    /// The failure of `error`: a ``SyncError``, a `TodoError` (the store), or another error.
    public init(_ error: any Error, at: Date) {
        self.init(message: "\(error)", error: error as? SyncError, storeError: error as? TodoError, at: at)
    }

    /// The message without its fix (what comes before the first `; `), for a status bar.
    public var reason: String {
        guard let end = message.firstRange(of: "; ") else { return message }
        return String(message[..<end.lowerBound])
    }

    /// The message.
    public var description: String { message }

    /// Whether both say the same of the same failure.
    public static func == (left: SyncFailure, right: SyncFailure) -> Bool {
        left.message == right.message && left.error == right.error && left.storeError == right.storeError
            && left.at == right.at
    }

    /// Hashes the message, the sync error and the time (`TodoError` is not `Hashable`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(message)
        hasher.combine(error)
        hasher.combine(at)
    }
}
