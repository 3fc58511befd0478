import TodoCore
import TodoSync

/// The exit codes of `todo` (documented in Docs/CLI.md; the sysexits.h values).
enum ExitCode: Int32, CaseIterable {
    /// The command did what was asked.
    case success = 0
    /// The operation failed (an unknown id, nothing to undo, a confirmation refused).
    case failure = 1
    /// The command line is wrong (unknown command or option, a missing or bad argument).
    case usage = 64
    /// The store (or a file to import) cannot be read: damaged, or from a newer version.
    case dataError = 65
    /// The sync server (or folder) cannot be reached (lost during a sync: what it did so far is kept).
    case unavailable = 69
    /// An input/output error (a folder where the store should be, a full disk, no permission,
    /// results that cannot be written to standard output).
    case ioError = 74
    /// The store stayed locked by another process.
    case locked = 75
    /// The sync server answered something that is not valid CalDAV or iCalendar (the message
    /// names the resource).
    case protocolError = 76
    /// The sync server refused the credentials.
    case noPermission = 77
    /// The config file or a `--set` override is invalid (the message names the file, the line and
    /// the fix).
    case config = 78

    /// The exit code for `error`.
    init(_ error: TodoError) {
        switch error.category {
        case .invalidInput: self = .usage
        case .failed: self = .failure
        case .damagedData: self = .dataError
        case .io: self = .ioError
        case .locked: self = .locked
        }
    }

    /// The exit code for a sync `error`.
    init(_ error: SyncError) {
        self = ExitCode(rawValue: error.exitCode) ?? .failure
    }

    /// The exit code for a config `error`: 78 for settings that cannot be used, 74 for a file
    /// that cannot be read or written.
    init(_ error: TodoConfigError) {
        self = error.reason == .fileSystem ? .ioError : .config
    }
}
