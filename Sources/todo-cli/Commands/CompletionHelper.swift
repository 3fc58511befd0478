import TodoCore

/// The hidden commands the completion scripts run at each Tab: `__complete-ids`
/// (``CompleteIDsCommand``) and `__complete-tags` (``CompleteTagsCommand``). They only read (no
/// store, folder or lock file is created), wait at most a second for another process's lock,
/// and print nothing on failure, so that completion stays quick and quiet.
protocol CompletionHelper: TodoSubcommand {}

extension CompletionHelper {
    /// The longest wait for another process's lock, in seconds: a Tab must not hang.
    static var lockTimeoutLimit: Double? { 1.0 }

    /// The todos with `status`, in the manual order, or `nil` when the store cannot be read.
    /// `pending` means every todo not done, waiting ones too (they can be completed).
    func todos(status: TodoQuery.Status, in context: CommandContext) -> [Todo]? {
        let query = TodoQuery(status: status == .pending ? .all : status)
        let list = context.make { TodoListReactor(provider: $0, query: query) }
        list.send(.refresh)
        let state = list.currentState
        guard state.error == nil else { return nil }
        return status == .pending ? state.todos.filter { !$0.isDone } : state.todos
    }
}
