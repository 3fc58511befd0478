import TodoCore

/// `todo ui`: the full-screen terminal interface (to come with its issue).
enum UICommand {
    static func run(in context: CommandContext) -> ExitCode {
        context.output.err("Error: todo ui is not available in this version yet; use todo shell\n")
        return .failure
    }
}
