import TodoCore

/// The hidden commands the completion scripts run at each Tab: `__complete-ids` and
/// `__complete-tags`. They only read (no store, folder or lock file is created), wait at most a
/// second for another process's lock, and print nothing on failure, so that completion stays
/// quick and quiet.
enum CompletionCommand {
    /// The longest wait for another process's lock, in seconds: a Tab must not hang.
    static let lockTimeoutLimit = 1.0

    /// `todo __complete-ids [<status>]`: `ID<TAB>TITLE` for every todo with `status`.
    static func ids(status: TodoQuery.Status, in context: CommandContext) -> ExitCode {
        guard let todos = todos(status: status, in: context) else { return .failure }
        var text = ""
        for todo in todos { text += "\(todo.id)\t\(todo.title.shownOnOneLine)\n" }
        context.output.out(text)
        return .success
    }

    /// `todo __complete-tags [<id>]`: the tags of todo `id`, or every tag in use when `id` is
    /// `nil` or names no todo; one per line, in alphabetical order, tags differing only in case
    /// once. Tags holding control characters, which cannot be typed, are left out.
    static func tags(of id: Int?, in context: CommandContext) -> ExitCode {
        guard let todos = todos(status: .all, in: context) else { return .failure }
        let chosen = todos.first { $0.id == id }.map { [$0] } ?? todos
        var seen: Set<String> = []
        var tags: [String] = []
        for tag in chosen.flatMap(\.tags).sorted(by: { $0.lowercased() < $1.lowercased() })
        where !tag.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            if seen.insert(tag.lowercased()).inserted { tags.append(tag) }
        }
        context.output.out(tags.map { $0 + "\n" }.joined())
        return .success
    }

    /// The todos with `status`, in the manual order, or `nil` when the store cannot be read.
    /// `pending` means every todo not done, waiting ones too (they can be completed).
    private static func todos(status: TodoQuery.Status, in context: CommandContext) -> [Todo]? {
        let query = TodoQuery(status: status == .pending ? .all : status)
        let list = context.make { TodoListReactor(provider: $0, query: query) }
        list.send(.refresh)
        let state = list.currentState
        guard state.error == nil else { return nil }
        return status == .pending ? state.todos.filter { !$0.isDone } : state.todos
    }
}
