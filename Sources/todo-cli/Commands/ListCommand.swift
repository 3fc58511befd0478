import TodoCore

/// `todo list`: the list reactor with the query from the command line, rendered.
enum ListCommand {
    static func run(_ query: TodoQuery, in context: CommandContext) -> ExitCode {
        let list = context.make { TodoListReactor(provider: $0, query: query) }
        list.send(.refresh)
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "list") }
        if context.options.json {
            context.printJSON(bytes: TodoJSONOutput.arrayBytes(state.todos))
            return .success
        }
        guard !context.options.quiet else { return .success }
        context.output.out(bytes: context.listRenderer.renderBytes(state.todos))
        if context.terminal.outputIsTerminal {
            context.output.out(context.style.apply(summary(state), .dim) + "\n")
        }
        return .success
    }

    /// `3 pending, 1 done` (or `No pending todos.`), under the list on a terminal.
    static func summary(_ state: TodoListReactor.State) -> String {
        if state.todos.isEmpty {
            switch state.query.status {
            case .pending: return "No pending todos."
            case .done: return "No done todos."
            case .all: return "No todos."
            }
        }
        var parts: [String] = []
        if state.pendingCount > 0 { parts.append("\(state.pendingCount) pending") }
        if state.doneCount > 0 { parts.append("\(state.doneCount) done") }
        return parts.joined(separator: ", ")
    }
}
