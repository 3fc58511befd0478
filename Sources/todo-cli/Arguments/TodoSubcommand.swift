/// A `todo` subcommand: its declaration, how the values the parser read become its typed
/// arguments, and how it runs (``ParsedCommand/run(in:)``), in one type.
///
/// Each lives in a file of its own in `Commands/` (`AddCommand.swift`) and is named once
/// more, in ``CommandCatalog/subcommands``: the parser, the help, the manual page and the
/// completion scripts read its ``spec`` from there.
protocol TodoSubcommand: ParsedCommand {
    /// The name, aliases, help, arguments, options and conflicts of the command.
    static var spec: CommandSpec { get }

    /// The command with the values the parser read and checked against ``spec``.
    ///
    /// - Throws: What the declaration cannot check itself (a blank title, `help --man` with a
    ///   command); the parser adds the usage line.
    init(_ values: ParsedValues) throws(ArgumentProblem)
}
