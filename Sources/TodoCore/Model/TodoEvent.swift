/// One change to the todos, as the todo service publishes it on its bus after writing it.
///
/// Every live reactor merges the bus, so each sees every change, whoever made it (another
/// reactor, another front end, another process through the store watcher). ``upserted`` and
/// ``removedIDs`` say what changed whatever the case, for reactors that only mirror todos.
public enum TodoEvent: Sendable, Hashable {
    /// Todos were created (one by `create`, several by an import).
    case created([Todo])
    /// Todos' fields changed (one by an edit; several by a change made by filter, an
    /// annotation, `start` or `stop`).
    case updated([Todo])
    /// Todos were deleted.
    case deleted([Todo])
    /// A todo moved in the manual order; `renumbered` holds the other todos whose position
    /// changed to make room (usually none).
    case moved(Todo, renumbered: [Todo])
    /// Todos were marked done; `next` holds the next occurrences created for recurring ones.
    case markedDone([Todo], next: [Todo])
    /// Todos were marked not done.
    case markedUndone([Todo])
    /// The done todos were deleted.
    case cleared([Todo])
    /// Todos were imported: some created, some replaced by a later version (same uuid).
    case imported(created: [Todo], updated: [Todo])
    /// The last change was undone: `restored` are the todos as they were before it (deleted
    /// ones come back with their id and uuid), `removedIDs` the todos it had created.
    case undone(restored: [Todo], removedIDs: [Int])
    /// The store changed in ways not described by an event (another process wrote it):
    /// fetch again.
    case reloaded

    /// The todos this event creates or changes, as they are now.
    public var upserted: [Todo] {
        switch self {
        case .created(let todos), .markedUndone(let todos), .updated(let todos): return todos
        case .moved(let todo, let renumbered): return [todo] + renumbered
        case .markedDone(let todos, let next): return todos + next
        case .undone(let restored, _): return restored
        case .imported(let created, let updated): return created + updated
        case .deleted, .cleared, .reloaded: return []
        }
    }

    /// The ids of the todos this event removes.
    public var removedIDs: [Int] {
        switch self {
        case .deleted(let todos), .cleared(let todos): return todos.map(\.id)
        case .undone(_, let removed): return removed
        default: return []
        }
    }
}
