extension ExitCode {
    /// What the code means, for the manual page's EXIT STATUS.
    var meaning: String {
        switch self {
        case .success: return "Success."
        case .failure:
            return "The operation failed: an unknown id, a filter that selects no todo, a position out of range, "
                + "nothing to undo, a confirmation refused or impossible (no --yes off a terminal)."
        case .usage:
            return "A usage error: an unknown command or option, a missing or extra argument, a bad value, "
                + "a filter that cannot be read, options that contradict each other, a field given twice."
        case .dataError:
            return "The store, or a file to import, cannot be read: damaged, or written by a newer version. "
                + "The store is left as it was."
        case .unavailable:
            return "todo sync: the server or folder cannot be reached (no network, a server that is down, a folder "
                + "that is not there). Nothing was changed here, or, lost during a sync, what it did so far is kept."
        case .protocolError:
            return "todo sync: the server answered something that is not valid CalDAV or iCalendar; the message names "
                + "the resource. Everything else was synced."
        case .noPermission:
            return "todo sync: the server refused the credentials (sync.username and the password from "
                + "sync.password_command, ~/.netrc or TODO_SYNC_PASSWORD)."
        case .ioError: return "An input/output error: no permission, a full disk, standard output closed."
        case .locked: return "The store stayed locked by another process for the whole wait (TODO_LOCK_TIMEOUT)."
        case .config:
            return "The config file or a --set override is invalid: a line that is not key = value, a bad value, "
                + "an alias that loops or hides a command. The message names the file, the line and the fix."
        }
    }
}
