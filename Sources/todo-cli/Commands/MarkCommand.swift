import TodoCore

/// `todo done` and `todo undone`: the list reactor's `setDone`, all or nothing.
enum MarkCommand {
    static func run(ids: [Int], done: Bool, in context: CommandContext) -> ExitCode {
        let command = done ? "done" : "undone"
        let list = context.make { TodoListReactor(provider: $0) }
        list.send(.setDone(ids: ids, done))
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: command) }
        let result: TodoMarkResult
        switch state.outcome {
        case .completed(let value)?, .reopened(let value)?: result = value
        default: return context.fail(.unknownTodos(ids))
        }
        if context.options.json {
            context.printJSON(
                ids.count == 1 && result.todos.count == 1
                    ? TodoJSONOutput.object(result.todos[0]) : TodoJSONOutput.array(result.todos))
            return .success
        }
        let changed = Set(result.changedIDs)
        var lines: [String] = []
        for todo in result.todos {
            if changed.contains(todo.id) {
                lines.append((done ? "Completed " : "Reopened ") + context.label(todo))
            } else {
                lines.append((done ? "Already done " : "Already pending ") + context.label(todo))
            }
        }
        for next in result.next {
            lines.append("Next: \(context.label(next))" + (next.due.map { " (due \($0))" } ?? ""))
        }
        context.say(lines.joined(separator: "\n"))
        return .success
    }
}
