/// One change as a store writes it, in one step: the todos it puts (created or changed, as
/// they are after it), the ids it deletes, and the todos as they were before, for undo.
///
/// The todo service builds changes; a storage applies them all or not at all, and keeps the
/// last ``TodoStorageHistory/limit`` of them (not undone yet) for undo.
public struct TodoChange: Sendable, Hashable {
    /// What kind of change this is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Todos added.
        case created
        /// Todos' fields changed.
        case updated
        /// Todos deleted.
        case deleted
        /// A todo moved in the list.
        case moved
        /// Todos marked done.
        case markedDone
        /// Todos marked pending again.
        case markedUndone
        /// The done todos deleted.
        case cleared
        /// Todos imported from a file.
        case imported
        /// Annotations added (store version 2).
        case annotated
        /// An annotation removed (store version 2).
        case denotated
        /// Todos started (store version 2).
        case started
        /// Todos stopped (store version 2).
        case stopped
        /// The undoing of the latest change in the history (which it removes from the history).
        case undone
    }

    /// What kind of change this is.
    public var kind: Kind
    /// Todos created or changed, as they are after the change.
    public var put: [Todo]
    /// Ids of the todos deleted.
    public var deleted: [Int]
    /// The todos the change modified or deleted, as they were before it.
    public var before: [Todo]
    /// The ids of the todos the change created (set on the compact form the undo history keeps;
    /// otherwise derived from `put` and `before`).
    public var created: [Int]

    /// Creates a change.
    public init(kind: Kind, put: [Todo] = [], deleted: [Int] = [], before: [Todo] = [], created: [Int] = []) {
        self.kind = kind
        self.put = put
        self.deleted = deleted
        self.before = before
        self.created = created
    }

    /// The ids of the todos the change created.
    public var createdIDs: [Int] {
        guard created.isEmpty else { return created }
        let existed = Set(before.map(\.id))
        return put.map(\.id).filter { !existed.contains($0) }
    }

    /// What the undo history keeps of this change: only what undoing it needs (the todos as
    /// they were, and the ids of those it created), so that a large import or clear does not
    /// make the store twice its size.
    public var undoRecord: TodoChange {
        TodoChange(kind: kind, before: before, created: createdIDs)
    }

    /// The change that undoes this one: the `before` todos put back, the created ones deleted.
    public var inverse: TodoChange {
        TodoChange(kind: .undone, put: before, deleted: createdIDs)
    }
}

/// The undo history a storage keeps.
public enum TodoStorageHistory {
    /// How many changes can be undone, most recent first.
    public static let limit = 20
}

extension TodoChange {
    /// Checks that the change puts nothing a store could not read back: an id past
    /// ``Todo/maximumID``, a position past ``StoreState/positionLimit``. Every storage calls it
    /// before writing, so that a store never holds what would make it unreadable.
    ///
    /// - Throws: ``TodoError/storeFull(_:)``.
    func checkLimits() throws(TodoError) {
        for todo in put {
            guard todo.id <= Todo.maximumID else {
                throw .storeFull(
                    "no todo can be added: every id up to \(Todo.maximumID), the largest, has been used (ids are never reused)"
                )
            }
            guard StoreState.positions.contains(todo.position) else {
                throw .storeFull(
                    "no room is left at the end of the list's manual order (positions go up to \(StoreState.positionLimit))"
                )
            }
        }
    }
}
