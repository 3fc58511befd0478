/// `todo undone`: the list reactor's `setDone` with false, all or nothing (``Marking``).
struct UndoneCommand {
    /// The todos to mark pending again.
    var selection: Selection
    /// Whether `--yes` was given.
    var confirmed: Bool
}

extension UndoneCommand: TodoSubcommand {
    /// `todo undone <filter> ... [--yes]` (alias `reopen`)
    static let spec = CommandSpec(
        name: "undone",
        aliases: ["reopen"],
        overview: "Mark done todos as pending again.",
        discussion: "A filter selects among the done todos, unless it names a status.",
        arguments: [.doneFilter],
        options: [.yes],
        filterBefore: .terms)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        selection = try Selection(before: values.filterBefore, after: values.words(of: .doneFilter))
        confirmed = values.isSet(.yes)
    }

    func run(in context: CommandContext) -> ExitCode {
        Marking.run(selection, done: false, confirmed: confirmed, in: context)
    }
}
