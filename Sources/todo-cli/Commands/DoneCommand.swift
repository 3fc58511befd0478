/// `todo done`: the list reactor's `setDone`, all or nothing (``Marking``).
struct DoneCommand {
    /// The todos to complete.
    var ids: [Int]
}

extension DoneCommand: TodoSubcommand {
    /// `todo done <id> ...`
    static let spec = CommandSpec(
        name: "done",
        overview: "Mark todos as done.",
        discussion: "Completing a repeating todo adds its next occurrence.",
        arguments: [.pendingIDs])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        ids = values.values(of: .pendingIDs).compactMap(\.integer)
    }

    func run(in context: CommandContext) -> ExitCode {
        Marking.run(ids: ids, done: true, in: context)
    }
}
