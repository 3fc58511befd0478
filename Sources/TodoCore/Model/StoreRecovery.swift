/// The way back from a store that cannot be read (``TodoError/storeDamaged(file:problem:recovery:)``),
/// with the files it involves, so that a front end can spell it in its own terms (a command, a
/// button).
public enum StoreRecovery: Sendable, Equatable, CustomStringConvertible {
    /// Copy the last good copy, `backup`, over the store file `store` (or fix its JSON by hand).
    case restoreBackup(backup: String, store: String)
    /// Fix the JSON of `file` by hand, or move it aside (to `file.damaged`) to start an empty store.
    case fixOrMoveAside(file: String)
    /// Move the journal `journal` aside (to `journal.damaged`): the store goes back to what its
    /// file `store` holds, and the changes made since are lost.
    case moveJournalAside(journal: String, store: String)
    /// Move the damaged backup `backup` aside (to `backup.damaged`): the store itself is fine,
    /// and a new backup is written with the next change.
    case moveBackupAside(backup: String)
    /// Advice in words, from a store of one's own.
    case advice(String)

    /// The way back in neutral words.
    public var description: String {
        switch self {
        case .restoreBackup(let backup, let store):
            return "To go back to the last good copy, copy \(backup) over \(store) (or fix the JSON by hand)"
        case .fixOrMoveAside(let file):
            return "Fix the JSON by hand, or move the file away (to \(file).damaged) to start an empty store"
        case .moveJournalAside(let journal, let store):
            return
                "It holds the changes made since \(store) was written. Move it away (to \(journal).damaged) to go back to the state the store file holds (those changes are lost)"
        case .moveBackupAside(let backup):
            return
                "The store itself is fine. Move the damaged backup away (to \(backup).damaged); a new one is written with the next change"
        case .advice(let text):
            return text
        }
    }
}
