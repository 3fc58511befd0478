/// A command line that cannot be run: what `todo` prints to standard error before exiting
/// with 64.
struct UsageError: Error, Equatable {
    /// What is wrong, without the `Error: ` prefix (`unknown option '--nite'`), with a "Did you
    /// mean …?" sentence for close misspellings.
    var message: String
    /// The usage line of the command concerned (or of `todo`), `USAGE: todo add <title> …`.
    var usage: String
    /// The command whose help to point at (`add`), or `nil` for `todo --help`.
    var command: String?

    /// The whole text for standard error:
    ///
    /// ```text
    /// Error: unknown option '--nite'. Did you mean '--note'?
    /// USAGE: todo add <title> ... [--note <text>] …
    /// See 'todo add --help' for more information.
    /// ```
    ///
    /// The message is shown on one line as the listing shows a title (``String/shownOnOneLine``):
    /// what the user typed and it echoes cannot act on the terminal.
    var text: String {
        let help = command.map { "todo \($0) --help" } ?? "todo --help"
        return "Error: \(message.shownOnOneLine)\n\(usage)\nSee '\(help)' for more information.\n"
    }
}
