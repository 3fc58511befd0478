#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whether a journal belongs to a snapshot: applied, stale, or damage.
///
/// A journal is *applied* when its generation is the snapshot's. It is *stale* — its changes
/// are in the snapshot already — only when a compaction stopped after writing the new snapshot
/// and before replacing the journal: its generation is then exactly the one the snapshot
/// replaced (the snapshot's `replaces`). Anything else — a damaged byte in either generation, a
/// journal left beside a store file copied from an older backup — would drop the journal's
/// changes silently and re-use their ids, so it is damage. A snapshot without `replaces`
/// (written by hand, or by a `todo` before the key existed) keeps the old rule: a journal of
/// another generation is stale.
enum JournalGeneration {
    enum Verdict: Equatable {
        case applies
        case stale
    }

    /// The verdict on a journal of `journal` beside a snapshot of `snapshot` that replaced `replaces`.
    ///
    /// - Throws: ``TodoError/storeDamaged(file:problem:recovery:)`` naming `file` (the journal).
    static func check(
        journal: UUID, snapshot: UUID?, replaces: Snapshot.Predecessor, file: String, store: String,
        recovery: StoreRecovery
    ) throws(TodoError) -> Verdict {
        if journal == snapshot { return .applies }
        switch replaces {
        case .unrecorded:
            return .stale
        case .generation(let previous) where previous == journal:
            return .stale
        case .generation(let previous):
            throw .storeDamaged(
                file: file,
                problem: "it belongs to the store file of generation \(text(journal)), but \(store) is generation "
                    + "\(text(snapshot)), which replaced \(text(previous)): its changes are in neither (a damaged "
                    + "byte in a generation, or a store file copied back from a backup older than the journal)",
                recovery: recovery)
        case .none:
            throw .storeDamaged(
                file: file,
                problem: "it belongs to the store file of generation \(text(journal)), but \(store) is generation "
                    + "\(text(snapshot)), which replaced no other: its changes are in neither",
                recovery: recovery)
        }
    }

    private static func text(_ generation: UUID?) -> String {
        generation.map { $0.uuidString.lowercased() } ?? "(none)"
    }
}
