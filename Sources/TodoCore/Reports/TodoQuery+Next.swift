extension TodoQuery {
    /// What `todo next` shows: the pending todos — not done, not waiting — most urgent first
    /// (ties in the manual order); fetch it with the store's context so that urgency sees the
    /// dependencies, and set ``limit`` to as many as fit.
    ///
    /// ```swift
    /// var query = TodoQuery.next
    /// query.limit = 20
    /// let todos = try query.apply(to: allTodos, context: context)
    /// ```
    public static var next: TodoQuery { TodoQuery(status: .pending, sort: .urgency) }
}
