import TodoCore

/// `todo edit`: the list reactor's `update`, one change for every todo the selection names (one
/// todo, or many at once, all or nothing, in one `undo` step); only what changes is written.
struct EditCommand {
    /// The todos to change.
    var selection: Selection
    /// The changes; none at all is refused when the command runs.
    var patch: TodoPatch
    /// Whether `--yes` was given.
    var confirmed: Bool
}

extension EditCommand: TodoSubcommand {
    /// `todo edit <filter> [<change> ...] [--title <title>] [--note <text>] [--priority <priority>] [--due <date>] [--tag <tag> ...] [--untag <tag> ...] [--repeat <recurrence>] [--project <project>] [--wait <date>] [--scheduled <date>] [--depends <ids> ...] [--yes]`
    static let spec = CommandSpec(
        name: "edit",
        aliases: ["modify"],
        overview: "Change todos.",
        discussion: """
            Give one change or more, inline or as options (one field given both ways is \
            refused); none, or key: inline, removes a note, a priority, a date, a project, a \
            repetition or the dependencies. A filter selects among every todo.

            Examples:
              todo edit 3 --title "Buy oat milk" --tag shop --untag errands
              todo edit 3 due:none pri:high -errands project:Home
              todo +old edit pri:low --yes
            """,
        arguments: [.target, .changes],
        options: [
            .title, .noteOrNone, .priorityOrNone, .dueOrNone, .addTag, .untag, .repeatOrNone, .projectOrNone,
            .waitOrNone, .scheduledOrNone, .dependsOrNone, .yes,
        ],
        conflicts: [
            OptionConflict(
                first: .addTag, second: .untag, onlyForTheSameValue: true,
                reason: "a tag cannot be added and removed at once")
        ],
        filterBefore: .firstArgument)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        selection = try Selection(before: [], after: values.words(of: .target))
        patch = try FieldInput.patch(values)
        confirmed = values.isSet(.yes)
    }

    func run(in context: CommandContext) -> ExitCode {
        guard !patch.isEmpty else {
            return context.usageError(
                "nothing to change; give changes such as pri:high +tag due:none, or options such as --title",
                command: "edit")
        }
        let resolved: Selection.Resolved
        switch selection.resolve(
            among: .all, asking: .init(verb: "Change"), confirmed: confirmed, command: "edit", in: context)
        {
        case .success(let value): resolved = value
        case .failure(let stop): return stop.code
        }
        resolved.list.send(.update(ids: resolved.ids, patch))
        let state = resolved.list.currentState
        if let error = state.error { return context.fail(error, command: "edit") }
        guard case .updated(let result)? = state.outcome else { return context.fail(.unknownTodos(resolved.ids)) }
        if context.options.json, selection.isOneID, result.todos.count == 1 {
            let todo = result.todos[0]
            context.printJSON(
                TodoJSONOutput.object(todo, changed: !result.changedIDs.isEmpty, context: context.todoContext))
            return .success
        }
        return Marking.report(result, asArray: true, completing: false, in: context) { _, changed in
            changed ? "Updated " : "Unchanged "
        }
    }
}
