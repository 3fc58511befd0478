/// The declaration of one `todo` command: names, help, arguments and options, and the
/// options that contradict each other (its ``TodoSubcommand/spec``).
///
/// The parser, the help, the manual page and the shell completions all read these
/// declarations; nothing about a command's arguments is written anywhere else.
struct CommandSpec: Sendable, Equatable {
    /// The primary name: `undone`.
    var name: String
    /// Other names that run the same command: `reopen`.
    var aliases: [String] = []
    /// One sentence for OVERVIEW and the SUBCOMMANDS list.
    var overview: String
    /// More about the command, shown in its help below the overview.
    var discussion: String?
    /// The positional arguments, in order; only the last may be variadic.
    var arguments: [ArgumentSpec] = []
    /// The command's own options (the global ones apply to every command).
    var options: [OptionSpec] = []
    /// Groups of flags of which at most one may be given (`--all`, `--done`), by long name.
    var exclusiveFlags: [[String]] = []
    /// Options that contradict each other (`--overdue` and `--done`).
    var conflicts: [OptionConflict] = []
    /// Whether help and completions leave it out (`__complete-ids`).
    var isHidden = false

    /// The primary name and the aliases.
    var names: [String] { [name] + aliases }

    /// The option declared with this long name.
    func option(long: String) -> OptionSpec? {
        options.first { $0.long == long }
    }

    /// The option declared with this short name.
    func option(short: Character) -> OptionSpec? {
        options.first { $0.short == short }
    }
}
