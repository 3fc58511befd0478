import TodoCore

/// `todo edit`: the todo loaded by a row reactor, then the edit form with the changes from the
/// command line, submitted (only what changed is written).
struct EditCommand {
    /// The todo to change.
    var id: Int
    /// The changes; none at all is refused when the command runs.
    var patch: TodoPatch
}

extension EditCommand: TodoSubcommand {
    /// `todo edit <id> [--title <title>] [--note <text>] [--priority <priority>] [--due <date>] [--tag <tag> ...] [--untag <tag> ...] [--repeat <recurrence>]`
    static let spec = CommandSpec(
        name: "edit",
        overview: "Change a todo.",
        discussion: """
            Give one change or more; none removes a note, a priority, a due date or a repetition.

            Examples:
              todo edit 3 --title "Buy oat milk" --tag shop --untag errands
              todo edit 3 --due none --priority high
            """,
        arguments: [.id],
        options: [.title, .noteOrNone, .priorityOrNone, .dueOrNone, .addTag, .untag, .repeatOrNone],
        conflicts: [
            OptionConflict(
                first: .addTag, second: .untag, onlyForTheSameValue: true,
                reason: "a tag cannot be added and removed at once")
        ])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        id = values.value(of: .id)?.integer ?? 0
        patch = TodoPatch(
            title: values.value(of: .title)?.text,
            note: values.change(of: .noteOrNone) { $0.text },
            priority: values.value(of: .priorityOrNone)?.priority,
            due: values.change(of: .dueOrNone) { $0.date },
            addTags: Set(values.values(of: .addTag).compactMap(\.text)),
            removeTags: Set(values.values(of: .untag).compactMap(\.text)),
            recurrence: values.change(of: .repeatOrNone) { $0.recurrence })
    }

    func run(in context: CommandContext) -> ExitCode {
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
