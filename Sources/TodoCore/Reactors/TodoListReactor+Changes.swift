extension TodoListReactor {
    /// Applies `event` to `todos`: removed todos taken out, changed ones put where `query`
    /// sorts them (or taken out when they no longer pass `matches`). Only the chunks of the
    /// todos it touches are copied.
    static func apply(
        _ event: TodoEvent, to todos: inout ChunkedTodos, query: TodoQuery, matches: (Todo) -> Bool
    ) {
        let upserted = event.upserted
        let leaving = Set(event.removedIDs).union(upserted.map(\.id))
        guard !leaving.isEmpty else { return }
        todos.removeAll(ids: leaving)
        for todo in upserted where matches(todo) {
            var low = 0
            var high = todos.count
            while low < high {
                let middle = (low + high) / 2
                if query.areInIncreasingOrder(todos[middle], todo) { low = middle + 1 } else { high = middle }
            }
            todos.insert(todo, at: low)
        }
        if let limit = query.limit { todos = todos.limited(to: limit) }
    }

    /// Applies `event` to `todos` (most urgent first): removed todos taken out; changed ones
    /// that pass `matches`, and those whose blocked or blocking state changed since `before`,
    /// placed again by their urgency in `context` (ties in the manual order, as
    /// ``TodoQuery/apply(to:context:weekStart:)`` sorts them).
    static func rank(
        _ event: TodoEvent, into todos: inout ChunkedTodos, matches: (Todo) -> Bool, context: TodoContext,
        before: TodoRelations
    ) {
        let upserted = event.upserted
        let changed = Set(event.removedIDs).union(upserted.map(\.id))
        let after = context.relations
        var moving = changed
        moving.formUnion(before.blocked.symmetricDifference(after.blocked))
        moving.formUnion(before.blocking.symmetricDifference(after.blocking))
        var placing = upserted.filter(matches)
        if moving.count > changed.count {
            for todo in todos where moving.contains(todo.id) && !changed.contains(todo.id) { placing.append(todo) }
        }
        todos.removeAll(ids: moving)
        for todo in placing {
            let urgency = context.urgency(of: todo)
            var low = 0
            var high = todos.count
            while low < high {
                let middle = (low + high) / 2
                let other = todos[middle]
                let otherUrgency = context.urgency(of: other)
                let isBefore =
                    otherUrgency != urgency
                    ? otherUrgency > urgency : (other.position, other.id) < (todo.position, todo.id)
                if isBefore { low = middle + 1 } else { high = middle }
            }
            todos.insert(todo, at: low)
        }
    }
}
