import TodoCore

/// `todo add`: the edit form, filled from the command line, then submitted.
struct AddCommand {
    /// The todo to add.
    var draft: TodoDraft
}

extension AddCommand: TodoSubcommand {
    /// `todo add <title> ... [--note <text>] [--priority <priority>] [--due <date>] [--tag <tag> ...] [--repeat <recurrence>]`
    static let spec = CommandSpec(
        name: "add",
        overview: "Add a todo.",
        discussion: """
            Examples:
              todo add Buy milk --due tomorrow --tag shop
              todo add Pay rent --due 2030-02-01 --repeat monthly --priority high
              todo add -- -5 degrees tonight: bring the plants in
            """,
        arguments: [.titleWords],
        options: [.note, .priority, .due, .tag, .repeat])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        let words = values.values(of: .titleWords).compactMap(\.text)
        let title = try ArgumentProblem.checking { () throws(TodoError) in
            try Todo.validTitle(words.joined(separator: " "))
        }
        draft = TodoDraft(
            title: title,
            note: values.value(of: .note)?.text,
            priority: values.value(of: .priority)?.priority ?? .none,
            due: values.value(of: .due)?.date,
            tags: Set(values.values(of: .tag).compactMap(\.text)),
            recurrence: values.value(of: .repeat)?.recurrence)
    }

    func run(in context: CommandContext) -> ExitCode {
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
