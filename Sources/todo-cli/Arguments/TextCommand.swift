/// A command that only prints a text it knows once parsed (help, the version, a completion
/// script): `todo` prints it without opening the store, and `todo shell --json` prints it as it
/// is.
protocol TextCommand: ParsedCommand {
    /// What it prints, ending with a new line.
    var text: String { get }
}

extension TextCommand {
    var printsJSON: Bool { false }

    func run(in context: CommandContext) -> ExitCode {
        context.output.out(text)
        return .success
    }
}
