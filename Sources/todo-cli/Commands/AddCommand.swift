import TodoCore

/// `todo add`: a draft from the title words (with their inline fields) and the options, created
/// by the list reactor (``Creating``).
struct AddCommand {
    /// The todo to add.
    var draft: TodoDraft
}

extension AddCommand: TodoSubcommand {
    /// `todo add <title> ... [--note <text>] [--priority <priority>] [--due <date>] [--tag <tag> ...] [--repeat <recurrence>] [--project <project>] [--wait <date>] [--scheduled <date>] [--depends <ids> ...]`
    static let spec = CommandSpec(
        name: "add",
        overview: "Add a todo.",
        discussion: """
            Fields may be given inline among the words, as Taskwarrior reads them, or as \
            options; one field given both ways is refused.

            Examples:
              todo add Buy milk --due tomorrow --tag shop
              todo add Call Bob due:fri +sales pri:h project:Work wait:+2d
              todo add Pay rent --due 2030-02-01 --repeat monthly --priority high
              todo add -- -5 degrees tonight: bring the plants in
            """,
        arguments: [.titleWords],
        options: [.note, .priority, .due, .tag, .repeat, .project, .wait, .scheduled, .depends])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        draft = try FieldInput.draft(values, isDone: false)
    }

    func run(in context: CommandContext) -> ExitCode {
        Creating.run(draft, verb: "Added", command: "add", in: context)
    }
}
