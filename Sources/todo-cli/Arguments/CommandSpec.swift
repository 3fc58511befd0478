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
    /// What filter terms before its name (`todo +work list`, `todo 3 done`) stand for.
    var filterBefore: FilterPlacement = .refused

    /// What the filter terms given before a command's name stand for.
    enum FilterPlacement: Sendable, Equatable {
        /// The command takes none (`todo +work add` is a usage error).
        case refused
        /// More terms of the command's filter, joined with those after its name as
        /// `TodoFilter.and(_:)` joins them (`list`, `done`): its first argument, then, may be left out.
        case terms
        /// Its first argument: a filter (`edit`, `annotate`), or one id (`show`, `move`), read with
        /// its declaration; the words after the name are then the other arguments.
        case firstArgument
    }

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
