extension TodoFilter {
    /// Whether the filter's answer for a todo depends on the other todos of its store
    /// (`is:blocked`, `is:blocking`): a change to one todo may then change which others it
    /// keeps. A filter without such terms decides from the todo alone.
    var seesOtherTodos: Bool {
        expression?.terms.contains { $0 == .state(.blocked) || $0 == .state(.blocking) } ?? false
    }
}
