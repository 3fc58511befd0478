import TodoCore

/// `todo add`: the edit form, filled from the command line, then submitted.
enum AddCommand {
    static func run(_ draft: TodoDraft, in context: CommandContext) -> ExitCode {
        let form = context.make { TodoEditReactor(provider: $0, mode: .new) }
        form.send(.setTitle(draft.title))
        form.send(.setNote(draft.note))
        form.send(.setPriority(draft.priority))
        form.send(.setDue(draft.due))
        form.send(.setTags(draft.tags))
        form.send(.setRecurrence(draft.recurrence))
        form.send(.submit)
        let state = form.currentState
        if let error = state.error { return context.fail(error, command: "add") }
        if let problem = TodoEditReactor.Field.allCases.compactMap({ state.validationErrors[$0] }).first {
            return context.usageError(problem, command: "add")
        }
        guard let todo = state.savedTodo else { return context.fail(.blankTitle, command: "add") }
        if context.options.json {
            context.printJSON(TodoJSONOutput.object(todo, context: context.todoContext))
        } else {
            var details: [String] = []
            if let due = todo.due { details.append("due \(due)") }
            if todo.priority != .none { details.append("\(todo.priority.name) priority") }
            if let recurrence = todo.recurrence { details.append("repeats \(recurrence)") }
            context.say(
                context.line("Added ", todo, details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"))
        }
        return .success
    }
}
