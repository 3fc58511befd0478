import TodoCore

/// `todo edit`: the todo loaded by a row reactor, then the edit form with the changes from the
/// command line, submitted (only what changed is written).
enum EditCommand {
    static func run(id: Int, patch: TodoPatch, in context: CommandContext) -> ExitCode {
        guard !patch.isEmpty else {
            return context.usageError(
                "nothing to change; give --title, --note, --priority, --due, --tag, --untag or --repeat",
                command: "edit")
        }
        let row = context.make { TodoRowReactor(provider: $0, id: id) }
        row.send(.load)
        if let error = row.currentState.error { return context.fail(error, command: "edit") }
        guard let original = row.currentState.todo else { return context.fail(.unknownTodos([id])) }
        let form = context.make { TodoEditReactor(provider: $0, mode: .edit(original)) }
        if let title = patch.title { form.send(.setTitle(title)) }
        switch patch.note {
        case .set(let note): form.send(.setNote(note))
        case .clear: form.send(.setNote(nil))
        case nil: break
        }
        if let priority = patch.priority { form.send(.setPriority(priority)) }
        switch patch.due {
        case .set(let due): form.send(.setDue(due))
        case .clear: form.send(.setDue(nil))
        case nil: break
        }
        for tag in patch.removeTags { form.send(.removeTag(tag)) }
        for tag in patch.addTags { form.send(.addTag(tag)) }
        switch patch.recurrence {
        case .set(let recurrence): form.send(.setRecurrence(recurrence))
        case .clear: form.send(.setRecurrence(nil))
        case nil: break
        }
        form.send(.submit)
        let state = form.currentState
        if let error = state.error { return context.fail(error, command: "edit") }
        if let problem = TodoEditReactor.Field.allCases.compactMap({ state.validationErrors[$0] }).first {
            return context.usageError(problem, command: "edit")
        }
        guard let saved = state.savedTodo else { return context.fail(.unknownTodos([id])) }
        if context.options.json {
            context.printJSON(TodoJSONOutput.object(saved, changed: saved != original, context: context.todoContext))
        } else {
            context.say(context.line(saved == original ? "Unchanged " : "Updated ", saved))
        }
        return .success
    }
}
