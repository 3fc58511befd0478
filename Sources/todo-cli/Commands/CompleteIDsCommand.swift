import TodoCore

/// `todo __complete-ids [<status>]` (hidden): `ID<TAB>TITLE` for every todo with `status`, for
/// the completion scripts (``CompletionHelper``).
struct CompleteIDsCommand {
    /// Whose ids to print.
    var status: TodoQuery.Status
}

extension CompleteIDsCommand: CompletionHelper {
    /// `todo __complete-ids [<status>]` (hidden): what the completion scripts run to offer ids.
    static let spec = CommandSpec(
        name: "__complete-ids",
        overview: "Print the id and the title of each todo, one per line, for shell completions.",
        arguments: [.idStatus],
        isHidden: true)

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        status = values.value(of: .idStatus)?.text.flatMap(TodoQuery.Status.init(rawValue:)) ?? .all
    }

    /// Lines for the scripts to read, even with `--json`.
    var printsJSON: Bool { false }

    func run(in context: CommandContext) -> ExitCode {
        guard let todos = todos(status: status, in: context) else { return .failure }
        var text = ""
        for todo in todos { text += "\(todo.id)\t\(todo.title.shownOnOneLine)\n" }
        context.output.out(text)
        return .success
    }
}
