#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Laying a journal over a snapshot's state, refusing what the store could not hold.
extension StoreState {
    /// Applies `changes` (a journal's, in order), then checks that no two todos have one uuid:
    /// the snapshot's are unique (checked when it was read), so a repeated one comes from the
    /// journal — damage, which a compaction would otherwise write into the store and its backup.
    ///
    /// - Throws: ``TodoError/storeDamaged(file:problem:recovery:)`` naming `file`.
    mutating func applyJournal(_ changes: [TodoChange], file: String, recovery: StoreRecovery) throws(TodoError) {
        guard !changes.isEmpty else { return }
        for change in changes { apply(change) }
        if let (first, second) = Snapshot.firstRepeatedUUID(in: todos) {
            throw Self.repeatedUUID(todos[first], todos[second], file: file, recovery: recovery)
        }
    }

    /// The damage of two todos with one uuid, found after applying the journal `file`.
    static func repeatedUUID(_ first: Todo, _ second: Todo, file: String, recovery: StoreRecovery) -> TodoError {
        .storeDamaged(
            file: file,
            problem: "it gives todos \(first.id) and \(second.id) the same uuid \(first.uuid.uuidString.lowercased()) "
                + "(uuids must be unique)",
            recovery: recovery)
    }

    /// A todo `change` puts and another todo that would have its uuid after the change, if
    /// there are such: one pass over the todos, without applying the change.
    func uuidConflict(after change: TodoChange) -> (Todo, Todo)? {
        guard !change.put.isEmpty else { return nil }
        var puts: [UUID: Todo] = [:]
        for todo in change.put {
            if let other = puts[todo.uuid], other.id != todo.id { return (other, todo) }
            puts[todo.uuid] = todo
        }
        let replaced = Set(change.put.map(\.id)).union(change.deleted)
        for todo in todos where !replaced.contains(todo.id) {
            if let put = puts[todo.uuid] { return (todo, put) }
        }
        return nil
    }
}
