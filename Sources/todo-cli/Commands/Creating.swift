import TodoCore

/// What `todo add` and `todo log` share: the list reactor's `create`, and the line that says what
/// was added.
enum Creating {
    /// Creates `draft` and says so: `Added 3: Buy milk (due 2030-01-08, high priority)`, with
    /// `verb` (`Added`, `Logged`) first.
    static func run(_ draft: TodoDraft, verb: String, command: String, in context: CommandContext) -> ExitCode {
        let list = context.make { TodoListReactor(provider: $0) }
        list.send(.create(context.withContext(draft)))
        let state = list.currentState
        if let error = state.error { return context.fail(error, command: command) }
        guard case .created(let todo)? = state.outcome else { return context.fail(.blankTitle, command: command) }
        if context.options.json {
            context.printJSON(TodoJSONOutput.object(todo, context: context.todoContext))
        } else {
            let details = details(of: todo, dateFormat: context.config.dateFormat)
            context.say(context.line(verb + " ", todo, details.isEmpty ? "" : " (\(details.joined(separator: ", ")))"))
        }
        return .success
    }

    /// `due 2030-01-08`, `high priority`, `repeats weekly`, `project Work`, `waits until
    /// 2030-01-09`, `scheduled 2030-01-07`, `depends on 4, 7`: what a new todo has besides its
    /// title and tags, its days shown in `dateFormat`.
    static func details(of todo: Todo, dateFormat: DateDisplayFormat = .iso) -> [String] {
        var details: [String] = []
        if let due = todo.due { details.append("due \(dateFormat.format(due))") }
        if todo.priority != .none { details.append("\(todo.priority.name) priority") }
        if let recurrence = todo.recurrence { details.append("repeats \(recurrence)") }
        if let project = todo.project { details.append("project \(project)") }
        if let wait = todo.wait { details.append("waits until \(dateFormat.format(wait))") }
        if let scheduled = todo.scheduled { details.append("scheduled \(dateFormat.format(scheduled))") }
        if !todo.depends.isEmpty {
            details.append("depends on " + todo.depends.map(String.init).joined(separator: ", "))
        }
        return details
    }
}
