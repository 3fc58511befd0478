/// Everything that can go wrong in TodoCore, each with an actionable description.
///
/// Front ends map ``category`` to their own outcomes (the `todo` command to exit codes), and
/// may add hints of their own from the cases' fields: ``description`` names no command.
public enum TodoError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A title that is empty once trimmed.
    case blankTitle
    /// A tag that is empty or contains white space.
    case invalidTag(String)
    /// A date that could not be read.
    case invalidDate(String, reason: DateProblem)
    /// A priority other than high, medium, low or none.
    case invalidPriority(String)
    /// A recurrence other than daily, weekly, monthly, yearly, Nd or Nw.
    case invalidRecurrence(String)
    /// A project that is not names joined by dots (`Home.Garden`), each without white space.
    case invalidProject(String)
    /// An annotation with nothing but white space.
    case blankAnnotation
    /// A todo created done (`todo log`) that repeats: a series needs a pending occurrence.
    case doneCannotRepeat(Recurrence)
    /// No annotation of todo `id` is the one named (a number from 1, or its text).
    case unknownAnnotation(id: Int, String)
    /// Dependencies that would make todos wait for each other in a circle (the ids of the
    /// circle, in order) or a todo wait for itself.
    case dependencyCycle([Int])
    /// A field given inline (`due:someday`) whose value cannot be read.
    case invalidAttribute(word: String, problem: String)
    /// A filter that cannot be used (the message says which word and why).
    case invalidFilter(String)
    /// A `TODO_LOCK_TIMEOUT` that is not a number of seconds.
    case invalidLockTimeout(String)
    /// A setting (such as an urgency coefficient) that does not exist or whose value is refused;
    /// `problem` says why and what to give instead.
    case invalidSetting(key: String, problem: String)
    /// Ids that name no todo (nothing was changed).
    case unknownTodos([Int])
    /// A position outside 1…count.
    case invalidPosition(Int, count: Int)
    /// `undo` with no change left to undo.
    case nothingToUndo
    /// A recurring todo whose next occurrence would fall after 9999-12-31 cannot be
    /// completed (nothing was changed); remove its recurrence first.
    case noNextOccurrence(id: Int)
    /// The store has used every id up to ``Todo/maximumID`` (ids are never reused), or its
    /// manual order has no room left at one end; nothing was changed.
    case storeFull(String)
    /// A confirmation was needed and could not be asked; `message` says what to do instead.
    case confirmationUnavailable(String)
    /// The hook `hook` (an `on-add…` or `on-modify…` file of the hooks folder) refused the change,
    /// or failed; `reason` is the hook's message or what went wrong. Nothing was changed.
    case hookRefused(hook: String, reason: String)
    /// A file to import could not be read as the given format.
    case invalidImport(file: String, line: Int?, problem: String)
    /// The store (or its journal) cannot be read; it was left byte for byte as it was.
    /// `recovery` is the way back, with the files it involves.
    case storeDamaged(file: String, problem: String, recovery: StoreRecovery)
    /// The store was written by a newer version of the format; it was left as it was.
    case storeTooNew(file: String, version: Int, supported: Int)
    /// Another process held the store's lock for the whole wait; nothing was changed.
    case storeLocked(file: String, seconds: Double)
    /// The file system refused an operation (a folder where a file should be, no permission,
    /// a full disk); the store is as it was before the operation.
    case io(file: String, operation: String, reason: String)

    /// Why a date was refused.
    public enum DateProblem: Sendable, Equatable {
        /// Not one of the accepted forms.
        case unrecognized
        /// A well-formed `YYYY-MM-DD` naming a day that does not exist.
        case noSuchDay
        /// An offset beyond about a hundred years.
        case tooFar
        /// A day after 9999-12-31, the last day of the calendar (`tomorrow` on that day).
        case outOfRange
    }

    /// What kind of failure this is.
    public enum Category: Sendable, Equatable {
        /// A value given by the user is malformed (a usage error for a command line).
        case invalidInput
        /// The operation could not be done (unknown id, nothing to undo); nothing changed.
        case failed
        /// Stored or imported data cannot be read.
        case damagedData
        /// An input/output error.
        case io
        /// The store stayed locked by another process.
        case locked
    }

    /// What kind of failure this is.
    public var category: Category {
        switch self {
        case .blankTitle, .invalidTag, .invalidDate, .invalidPriority, .invalidRecurrence, .invalidLockTimeout,
            .invalidProject, .blankAnnotation, .dependencyCycle, .doneCannotRepeat, .invalidSetting, .invalidFilter,
            .invalidAttribute:
            return .invalidInput
        case .unknownTodos, .invalidPosition, .nothingToUndo, .confirmationUnavailable, .noNextOccurrence, .storeFull,
            .unknownAnnotation, .hookRefused:
            return .failed
        case .invalidImport, .storeDamaged, .storeTooNew: return .damagedData
        case .io: return .io
        case .storeLocked: return .locked
        }
    }

    /// The text users read, in neutral words that fit any front end: what went wrong and what
    /// was left unchanged, never a command of one front end (`todo` adds its own hints, such as
    /// the command that lists the ids, from the cases' fields).
    public var description: String {
        switch self {
        case .blankTitle:
            return "a todo needs a title that is not blank"
        case .invalidTag(let tag):
            return "'\(tag)' is not a tag: a tag is one word, without spaces or commas"
        case .invalidDate(let text, .noSuchDay):
            return "'\(text)' is not a day of the calendar; check the month and the day (YYYY-MM-DD)"
        case .invalidDate(let text, .tooFar):
            return "'\(text)' is too far ahead; give a date as YYYY-MM-DD"
        case .invalidDate(let text, .outOfRange):
            return "'\(text)' would fall after 9999-12-31, the last day of the calendar; give an earlier date"
        case .invalidDate(let text, .unrecognized):
            return
                "'\(text)' is not a date; use YYYY-MM-DD, today, tomorrow, yesterday, a weekday (monday), "
                + "+3d or -3d (also w, m, y: weeks, months, years), sow, som, soy, eow, eom or eoy"
        case .invalidPriority(let text):
            return "'\(text)' is not a priority; use high, medium, low or none"
        case .invalidRecurrence(let text):
            return
                "'\(text)' is not a recurrence; use daily, weekly, monthly, yearly, Nd (every N days) or Nw (every N weeks)"
        case .invalidFilter(let message):
            return message
        case .invalidAttribute(let word, let problem):
            return "'\(word)': \(problem)"
        case .invalidProject(let text):
            return "'\(text)' is not a project: give names joined by dots (Home.Garden), without spaces or commas"
        case .blankAnnotation:
            return "an annotation needs text that is not blank"
        case .dependencyCycle(let ids) where ids.count == 1:
            return "todo \(ids[0]) cannot depend on itself"
        case .dependencyCycle(let ids):
            return
                "todos \(ids.map(String.init).joined(separator: " → ")) → \(ids[0]) would wait for each other in a circle; nothing was changed"
        case .doneCannotRepeat(let recurrence):
            return "a todo recorded as done cannot repeat (\(recurrence)); add it, then complete it, to start a series"
        case .unknownAnnotation(let id, let reference):
            return "todo \(id) has no annotation '\(reference)'; give its number (1 is the oldest) or its text"
        case .invalidLockTimeout(let text):
            return "TODO_LOCK_TIMEOUT is '\(text)', not a number of seconds; set it to a number such as 10, or unset it"
        case .invalidSetting(let key, let problem):
            return "\(key): \(problem)"
        case .unknownTodos(let ids) where ids.count == 1:
            return "todo \(ids[0]) does not exist"
        case .unknownTodos(let ids):
            return
                "todos \(ids.map(String.init).joined(separator: ", ")) do not exist; nothing was changed"
        case .invalidPosition(let position, let count) where count == 0:
            return "position \(position) is out of range: the list is empty"
        case .invalidPosition(let position, let count):
            return "position \(position) is out of range: use a position from 1 to \(count)"
        case .nothingToUndo:
            return "there is nothing to undo"
        case .confirmationUnavailable(let message):
            return message
        case .hookRefused(let hook, let reason):
            return "the hook \(hook) refused the change: \(reason); nothing was changed"
        case .noNextOccurrence(let id):
            return
                "todo \(id) repeats, but its next occurrence would fall after 9999-12-31, the last day of the calendar; nothing was changed. Remove its recurrence to complete it"
        case .storeFull(let reason):
            return "\(reason); nothing was changed"
        case .invalidImport(let file, let line?, let problem):
            return "\(file):\(line): \(problem)"
        case .invalidImport(let file, nil, let problem):
            return "\(file): \(problem)"
        case .storeDamaged(let file, let problem, let recovery):
            return "the store \(file) cannot be read: \(problem); it was left unchanged. \(recovery)"
        case .storeTooNew(let file, let version, let supported):
            return
                "the store \(file) has format version \(version), newer than the one understood here (\(supported)); it was left unchanged"
        case .storeLocked(let file, let seconds):
            return
                "the store \(file) stayed locked by another process for \(Self.format(seconds: seconds)); nothing was changed"
        case .io(let file, let operation, let reason):
            return "cannot \(operation) \(file): \(reason)"
        }
    }

    private static func format(seconds: Double) -> String {
        if seconds == seconds.rounded() { return "\(Int(seconds)) s" }
        return "\((seconds * 10).rounded() / 10) s"
    }
}
