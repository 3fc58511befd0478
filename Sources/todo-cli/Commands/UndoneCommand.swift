/// `todo undone`: the list reactor's `setDone` with false, all or nothing (``Marking``).
struct UndoneCommand {
    /// The todos to mark pending again.
    var ids: [Int]
}

extension UndoneCommand: TodoSubcommand {
    /// `todo undone <id> ...` (alias `reopen`)
    static let spec = CommandSpec(
        name: "undone",
        aliases: ["reopen"],
        overview: "Mark done todos as pending again.",
        arguments: [.doneIDs])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        ids = values.values(of: .doneIDs).compactMap(\.integer)
    }

    func run(in context: CommandContext) -> ExitCode {
        Marking.run(ids: ids, done: false, in: context)
    }
}
