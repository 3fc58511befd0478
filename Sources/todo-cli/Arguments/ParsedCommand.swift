/// The command of a parsed command line: a value holding its arguments, typed and checked,
/// that runs itself.
///
/// The catalog's commands are ``TodoSubcommand``s; `todo --version` (``VersionCommand``) is
/// parsed too without being one. The parser returns it as `any ParsedCommand`, compared with
/// ``isEqual(to:)``.
protocol ParsedCommand: Equatable, Sendable {
    /// The longest wait for another process's lock, in seconds, whatever `TODO_LOCK_TIMEOUT`
    /// says; `nil` (the default) for no limit.
    static var lockTimeoutLimit: Double? { get }

    /// Whether it prints JSON with `--json` (by default, yes): `todo shell --json` then makes
    /// its results one line of JSON each.
    var printsJSON: Bool { get }

    /// Runs the command in `context`: its output goes to `context.output`.
    ///
    /// - Returns: The exit code.
    func run(in context: CommandContext) -> ExitCode
}

extension ParsedCommand {
    static var lockTimeoutLimit: Double? { nil }

    var printsJSON: Bool { true }

    /// Whether `other` is the same command with the same arguments, whatever their types.
    func isEqual(to other: any ParsedCommand) -> Bool {
        (other as? Self) == self
    }
}
