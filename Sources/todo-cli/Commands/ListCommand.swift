import TodoCore

/// `todo list`: the list reactor with the query from the command line, rendered.
enum ListCommand {
    static func run(_ query: TodoQuery, in context: CommandContext) -> ExitCode {
        let list = context.make { TodoListReactor(provider: $0, query: query) }
        list.send(.refresh)
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: "list") }
        if context.options.json {
            context.printJSON(bytes: TodoJSONOutput.arrayBytes(state.todos, context: context.todoContext))
            return .success
        }
        guard !context.options.quiet else { return .success }
        context.output.out(bytes: context.listRenderer.renderBytes(state.todos))
        if context.terminal.outputIsTerminal {
            for line in TextWrap.lines(summary(state), width: context.width) {
                context.output.out(context.style.apply(line, .dim) + "\n")
            }
        }
        return .success
    }

    /// The line under the list on a terminal, counting every todo the query matches: `19
    /// pending, 2 done`; `showing 4 of 19 pending` when the limit left some out; `No pending
    /// todos.`, or `No pending todos match "milk" +shop.` when a search or filter matches
    /// nothing.
    static func summary(_ state: TodoListReactor.State) -> String {
        let status = state.query.status
        let matching = state.matching
        if matching.total == 0 {
            let todos = status == .all ? "todos" : "\(status.rawValue) todos"
            let filter = filterDescription(state.query)
            return filter.isEmpty ? "No \(todos)." : "No \(todos) match \(filter)."
        }
        var counts: [String] = []
        if matching.pending > 0 { counts.append("\(matching.pending) pending") }
        if matching.done > 0 { counts.append("\(matching.done) done") }
        let shown = state.todos.count
        guard shown < matching.total else { return counts.joined(separator: ", ") }
        if counts.count == 1 { return "showing \(shown) of \(counts[0])" }
        return "showing \(shown) of \(matching.total) todos (\(counts.joined(separator: ", ")))"
    }

    /// The search and the filters of `query` in words: `"buy milk" +shop, high priority,
    /// overdue` (empty when it has none).
    static func filterDescription(_ query: TodoQuery) -> String {
        var parts: [String] = []
        let words = query.search.filter { !$0.isEmpty }
        if !words.isEmpty {
            parts.append("\"" + words.joined(separator: " ").shownOnOneLine + "\"")
        }
        if let tag = query.tag { parts.append("+" + tag.shownOnOneLine) }
        if let priority = query.priority {
            parts.append(priority == .none ? "no priority" : "\(priority.name) priority")
        }
        if query.overdueOnly { parts.append("overdue") }
        return parts.joined(separator: ", ")
    }
}
