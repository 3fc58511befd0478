extension TodoServiceType {
    /// Publishes the events of `changes` as they say the todos are: the default of a service
    /// that cannot read the store again (a fake); ``TodoService`` reads the todos as they are now.
    /// See ``TodoServiceType/announce(_:)``.
    public func announce(_ changes: [TodoChange]) -> Observable<[TodoEvent]> {
        Observable.deferred {
            let published = changes.flatMap(TodoEvent.describing)
            for event in published { self.events.send(event) }
            return .just(published)
        }
    }
}

extension TodoService {
    /// Publishes the events of changes written to the store outside the service; see
    /// ``TodoServiceType/announce(_:)``.
    public func announce(_ changes: [TodoChange]) -> Observable<[TodoEvent]> {
        run { [self] in
            var ids = Set<Int>()
            for change in changes {
                ids.formUnion(change.put.map(\.id))
                ids.formUnion(change.deleted)
            }
            guard !ids.isEmpty else { return [] }
            // The todos as they are now: another change made since (here, after the sync wrote)
            // has been published already, and must not be undone by an older copy.
            let current = try storage.read { contents in
                var found: [Int: Todo] = [:]
                for id in ids { if let todo = try contents.todo(id: id) { found[id] = todo } }
                return found
            }
            var published: [TodoEvent] = []
            for var change in changes {
                change.put = change.put.compactMap { current[$0.id] }
                change.deleted = change.deleted.filter { current[$0] == nil }
                published += TodoEvent.describing(change)
            }
            for event in published { events.send(event) }
            return published
        }
    }
}
