/// A command line, parsed: the global options and the command to run.
///
/// The parser (`CommandLineParser.parse(_:)`) is a pure function from the arguments to this
/// value; the command then runs itself (``ParsedCommand/run(in:)``).
struct Invocation: Equatable {
    /// Options accepted before or after any command.
    var global: GlobalOptions
    /// What to do.
    var command: any ParsedCommand

    static func == (lhs: Invocation, rhs: Invocation) -> Bool {
        lhs.global == rhs.global && lhs.command.isEqual(to: rhs.command)
    }
}

/// `--file PATH`, `--json`, `--no-color`, `--quiet`.
struct GlobalOptions: Equatable {
    /// The store file (`--file PATH`), else the default location.
    var file: String?
    /// Print JSON for scripts (`--json`).
    var json = false
    /// Never print colours (`--no-color`).
    var noColor = false
    /// Print nothing on success (`--quiet`).
    var quiet = false
}
