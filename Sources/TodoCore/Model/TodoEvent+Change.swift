extension TodoEvent {
    /// The events that describe `change`, a change as a store wrote it: what the todo service
    /// would have published had it made the change itself (an `imported` change that also
    /// deletes todos gives `imported`, then `deleted`). Nothing for a change that changes nothing.
    static func describing(_ change: TodoChange) -> [TodoEvent] {
        let existed = Set(change.before.map(\.id))
        let deletedIDs = Set(change.deleted)
        let deleted = change.before.filter { deletedIDs.contains($0.id) }
        let changed = change.put.filter { existed.contains($0.id) }
        let created = change.put.filter { !existed.contains($0.id) }
        var events: [TodoEvent] = []
        switch change.kind {
        case .created:
            if !change.put.isEmpty { events.append(.created(change.put)) }
        case .updated, .annotated, .denotated, .started, .stopped:
            if !change.put.isEmpty { events.append(.updated(change.put)) }
        case .deleted:
            if !deleted.isEmpty { events.append(.deleted(deleted)) }
        case .moved:
            if let moved = change.put.first { events.append(.moved(moved, renumbered: Array(change.put.dropFirst()))) }
        case .markedDone:
            if !change.put.isEmpty { events.append(.markedDone(changed, next: created)) }
        case .markedUndone:
            if !change.put.isEmpty { events.append(.markedUndone(change.put)) }
        case .cleared:
            if !deleted.isEmpty { events.append(.cleared(deleted)) }
        case .imported:
            if !change.put.isEmpty { events.append(.imported(created: created, updated: changed)) }
            if !deleted.isEmpty { events.append(.deleted(deleted)) }
        case .undone:
            if !change.put.isEmpty || !change.deleted.isEmpty {
                events.append(.undone(restored: change.put, removedIDs: change.deleted))
            }
        }
        return events
    }
}
