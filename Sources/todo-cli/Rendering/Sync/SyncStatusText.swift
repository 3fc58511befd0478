import TodoCore
import TodoSync

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the background sync stands, in a few words, for `todo ui`'s status line and
/// `todo shell`: `syncing…`, `synced 2 min ago`, `sync failed: <reason>`.
enum SyncStatusText {
    /// The status as of `now`; `nil` before the first sync.
    static func short(_ status: SyncStatus, now: Date) -> String? {
        switch status {
        case .idle: return nil
        case .syncing: return "syncing…"
        case .synced(_, let at): return "synced " + ago(from: at, to: now)
        case .failed(let failure): return "sync failed: " + failure.reason.shownOnOneLine
        }
    }

    /// `just now`, `1 min ago`, `5 min ago`, `2 h ago`, `3 days ago`.
    static func ago(from then: Date, to now: Date) -> String {
        let seconds = max(0, Int(now.timeIntervalSince(then)))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86_400: return "\(seconds / 3600) h ago"
        default:
            let days = seconds / 86_400
            return days == 1 ? "1 day ago" : "\(days) days ago"
        }
    }
}
