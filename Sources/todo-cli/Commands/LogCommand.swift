import TodoCore

/// `todo log`: `add` for something already done (Taskwarrior's `log`), created done by the list
/// reactor (``Creating``).
struct LogCommand {
    /// The todo to record, done.
    var draft: TodoDraft
}

extension LogCommand: TodoSubcommand {
    /// `todo log <title> ... [--note <text>] [--priority <priority>] [--due <date>] [--tag <tag> ...] [--repeat <recurrence>] [--project <project>] [--wait <date>] [--scheduled <date>] [--depends <ids> ...]`
    static let spec = CommandSpec(
        name: "log",
        overview: "Add a todo that is already done.",
        discussion: """
            Takes what 'todo add' takes, inline fields included; a todo recorded done cannot \
            repeat.

            Example:
              todo log Called Bob +sales project:Work
            """,
        arguments: [.titleWords],
        options: [.note, .priority, .due, .tag, .repeat, .project, .wait, .scheduled, .depends])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        draft = try FieldInput.draft(values, isDone: true)
    }

    func run(in context: CommandContext) -> ExitCode {
        Creating.run(draft, verb: "Logged", command: "log", in: context)
    }
}
