import TodoCore

/// What `todo done` and `todo undone` share: the list reactor's `setDone`, all or nothing, and
/// the lines that say what changed.
enum Marking {
    /// Marks the todos `ids` done (or pending again when `done` is false) and says so.
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
            let asArray = ids.count != 1 || result.todos.count != 1
            context.printJSON(
                TodoJSONOutput.marked(result, asArray: asArray, completing: done, context: context.todoContext))
            return .success
        }
        let changed = Set(result.changedIDs)
        var lines: [String] = []
        for todo in result.todos {
            if changed.contains(todo.id) {
                lines.append(context.line(done ? "Completed " : "Reopened ", todo))
            } else {
                lines.append(context.line(done ? "Already done " : "Already pending ", todo))
            }
            // Each next occurrence under the todo it follows.
            if let next = result.next(after: todo.id) { lines.append(nextLine(next, in: context)) }
        }
        for (index, next) in result.next.enumerated() where index >= result.nextFollows.count {
            lines.append(nextLine(next, in: context))
        }
        context.say(lines.joined(separator: "\n"))
        return .success
    }

    /// `Next: 5: Water plants (due 2030-01-14)`.
    private static func nextLine(_ next: Todo, in context: CommandContext) -> String {
        context.line("Next: ", next, next.due.map { " (due \($0))" } ?? "")
    }
}
