/// `todo done`: the list reactor's `setDone`, all or nothing (``Marking``).
struct DoneCommand {
    /// The todos to complete.
    var selection: Selection
    /// Whether `--yes` was given.
    var confirmed: Bool
}

extension DoneCommand: TodoSubcommand {
    /// `todo done <filter> ... [--yes]`
    static let spec = CommandSpec(
        name: "done",
        overview: "Mark todos as done.",
        discussion: """
            Completing a repeating todo adds its next occurrence. A filter selects among the \
            todos not done, waiting ones included, unless it names a status.

            Examples:
              todo done 3 5
              todo +work due.before:today done --yes
            """,
        arguments: [.pendingFilter],
        options: [.yes],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        selection = try Selection(before: values.filterBefore, after: values.words(of: .pendingFilter))
        confirmed = values.isSet(.yes)
    }

    func run(in context: CommandContext) -> ExitCode {
        Marking.run(selection, done: true, confirmed: confirmed, in: context)
    }
}
