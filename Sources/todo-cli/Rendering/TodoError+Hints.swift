import TodoCore

extension TodoError {
    /// The error as `todo` prints it: TodoCore's neutral description, with the hints of the
    /// command line added (the command that lists the ids, the option to repeat, the shell
    /// command that moves a damaged file aside, the variable that lengthens the wait).
    var cliMessage: String {
        switch self {
        case .invalidTag:
            return description + " (give --tag once per tag)"
        case .invalidDate(let text, .outOfRange):
            return "'\(text)' would fall after 9999-12-31, the last day todo knows; give an earlier date"
        case .unknownTodos:
            return description + "; run `todo list --all` to see ids"
        case .noNextOccurrence(let id):
            return
                "todo \(id) repeats, but its next occurrence would fall after 9999-12-31, the last day todo knows; nothing was changed. Remove its recurrence to complete it"
        case .storeTooNew(let file, let version, let supported):
            return
                "the store \(file) has format version \(version), newer than this todo understands (\(supported)); it was left unchanged. Upgrade todo to read it"
        case .io(_, "find", _):
            return description + " (--file PATH)"
        case .storeLocked:
            return description + ". Try again, or set TODO_LOCK_TIMEOUT to wait longer"
        case .storeDamaged(let file, let problem, let recovery):
            return "the store \(file) cannot be read: \(problem); it was left unchanged. \(recovery.cliMessage)"
        default:
            return description
        }
    }
}

extension StoreRecovery {
    /// The way back as `todo` prints it: the shell command to run.
    var cliMessage: String {
        switch self {
        case .restoreBackup(let backup, let store):
            return
                "To go back to the last good copy, run: cp '\(backup)' '\(store)' (or fix the JSON by hand; see Docs/StoreFormat.md)"
        case .fixOrMoveAside(let file):
            return "Fix the JSON by hand, or move the file away to start an empty store: mv '\(file)' '\(file).damaged'"
        case .moveJournalAside(let journal, let store):
            return
                "It holds the changes made since \(store) was written. Move it away to go back to the state the store file holds (those changes are lost): mv '\(journal)' '\(journal).damaged'"
        case .moveBackupAside(let backup):
            return
                "The store itself is fine. Move the damaged backup away; a new one is written with the next change: mv '\(backup)' '\(backup).damaged'"
        case .advice(let text):
            return text
        }
    }
}
