import TodoCore

/// What the commands that change the todos a ``Selection`` names share: `done` and `undone` (the
/// list reactor's `setDone`), `start`, `stop` and `annotate`, all or nothing, and the lines that
/// say what changed (``report(_:asArray:completing:in:line:)``).
enum Marking {
    /// Marks the todos `selection` names done (or pending again when `done` is false) and says so.
    static func run(_ selection: Selection, done: Bool, confirmed: Bool, in context: CommandContext) -> ExitCode {
        let command = done ? "done" : "undone"
        let resolved: Selection.Resolved
        switch selection.resolve(
            among: done ? .notDone : .done, asking: .init(verb: done ? "Complete" : "Reopen"), confirmed: confirmed,
            command: command, in: context)
        {
        case .success(let value): resolved = value
        case .failure(let stop): return stop.code
        }
        let list = resolved.list
        list.send(.setDone(ids: resolved.ids, done))
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: command) }
        let result: TodoMarkResult
        switch state.outcome {
        case .completed(let value)?, .reopened(let value)?: result = value
        default: return context.fail(.unknownTodos(resolved.ids))
        }
        let asArray = !selection.isOneID || result.todos.count != 1
        return report(result, asArray: asArray, completing: done, in: context) { todo, changed in
            if changed { return done ? "Completed " : "Reopened " }
            return done ? "Already done " : "Already pending "
        }
    }

    /// Says what `result` did: with `--json`, the todos as ``TodoJSONOutput/marked(_:asArray:completing:context:)``
    /// prints them; otherwise one line per todo, `line` giving its first words (`Completed `)
    /// from whether the todo changed, and each next occurrence under the todo it follows.
    static func report(
        _ result: TodoMarkResult, asArray: Bool, completing: Bool, in context: CommandContext,
        line: (Todo, Bool) -> String
    ) -> ExitCode {
        if context.options.json {
            context.printJSON(
                TodoJSONOutput.marked(result, asArray: asArray, completing: completing, context: context.todoContext))
            return .success
        }
        let changed = Set(result.changedIDs)
        var lines: [String] = []
        for todo in result.todos {
            lines.append(context.line(line(todo, changed.contains(todo.id)), todo))
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
        context.line("Next: ", next, next.due.map { " (due \(context.config.dateFormat.format($0)))" } ?? "")
    }
}
