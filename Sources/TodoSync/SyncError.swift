/// Why a sync, or a step of it, failed.
///
/// Each case has the exit code `todo sync` gives it (``exitCode``); its ``description`` names the
/// problem and, where there is one, the fix.
public enum SyncError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The other side cannot be reached (no route, refused, timed out, a folder that is not
    /// there): at the start of a sync nothing was changed here; lost during one, what it did so
    /// far is kept and the next sync goes on from it. Exit 69.
    case unreachable(String)
    /// The credentials were refused (HTTP 401 or 403). Exit 77.
    case unauthorized(String)
    /// The other side answered something that is not valid CalDAV or iCalendar. Exit 76.
    ///
    /// - Parameters:
    ///   - resource: The offending resource (an href) or request, when there is one.
    ///   - reason: What is wrong with it.
    case invalidResponse(resource: String?, reason: String)
    /// The resource changed (or appeared, or went) since it was last seen (HTTP 412): fetch it,
    /// merge, and try again.
    case changedMeanwhile(String)
    /// The sync settings are missing or invalid. Exit 78.
    ///
    /// - Parameters:
    ///   - key: The config key (`sync.url`).
    ///   - problem: What is wrong.
    ///   - fix: How to set it.
    case settings(key: String, problem: String, fix: String)
    /// A local file (the sync state) cannot be read or written. Exit 74.
    case io(String)

    /// The exit code of `todo sync` for this error (sysexits.h).
    public var exitCode: Int32 {
        switch self {
        case .unreachable: return 69
        case .unauthorized: return 77
        case .invalidResponse, .changedMeanwhile: return 76
        case .settings: return 78
        case .io: return 74
        }
    }

    /// The message: the problem, then the fix.
    public var description: String {
        switch self {
        case .unreachable(let reason): return reason
        case .unauthorized(let reason): return reason
        case .invalidResponse(let resource?, let reason): return "\(resource): \(reason)"
        case .invalidResponse(nil, let reason): return reason
        case .changedMeanwhile(let href): return "\(href) changed while it was being written; sync again"
        case .settings(let key, let problem, let fix): return "\(key): \(problem); \(fix)"
        case .io(let reason): return reason
        }
    }
}
