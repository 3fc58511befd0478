/// Every `todo` command, in the order help lists them, and how to find one by name.
///
/// To add a command, write one file in `Commands/` holding one type that conforms to
/// ``TodoSubcommand`` — its declaration (``TodoSubcommand/spec``), how the parsed values
/// become its typed arguments (``TodoSubcommand/init(_:)``) and its
/// ``ParsedCommand/run(in:)`` — and add the type to ``subcommands`` below, where help should
/// list it. Nothing else names it: the parser, the help, the manual page and the completion
/// scripts read this list, and the parsed command runs itself. Options and arguments several
/// commands share are declared once in `OptionSpec+Catalog.swift` and
/// `ArgumentSpec+Catalog.swift`.
enum CommandCatalog {
    /// The one-line description of `todo` itself.
    static let overview = "Keep a list of todos in the terminal."

    /// Every command, hidden ones included, in the order help lists them.
    static let subcommands: [any TodoSubcommand.Type] = [
        AddCommand.self, LogCommand.self, ListCommand.self, NextCommand.self, ShowCommand.self, EditCommand.self,
        DoneCommand.self, UndoneCommand.self, StartCommand.self, StopCommand.self, AnnotateCommand.self,
        DenotateCommand.self, RemoveCommand.self, MoveCommand.self, ClearCommand.self, UndoCommand.self,
        CalendarCommand.self, BurndownCommand.self, SummaryCommand.self, HistoryCommand.self, ProjectsCommand.self,
        TagsCommand.self,
        StatsCommand.self, ExportCommand.self, ImportCommand.self, SyncCommand.self, ShellCommand.self, UICommand.self,
        ConfigCommand.self, ContextCommand.self,
        CompletionsCommand.self, HelpCommand.self, CompleteIDsCommand.self, CompleteTagsCommand.self,
        CompleteCommandsCommand.self, CompleteFilterCommand.self,
    ]

    /// The declarations of every command, hidden ones included, in the same order.
    static let commands: [CommandSpec] = subcommands.map { $0.spec }

    /// The commands help and completions show.
    static let visibleCommands: [CommandSpec] = commands.filter { !$0.isHidden }

    /// The names and aliases of the commands help and completions show, in order.
    static let visibleNames: [String] = visibleCommands.flatMap(\.names)

    /// The command with this name or alias, hidden ones included.
    static func subcommand(named name: String) -> (any TodoSubcommand.Type)? {
        subcommands.first { $0.spec.names.contains(name) }
    }

    /// The declaration of the command with this name or alias, hidden ones included.
    static func command(named name: String) -> CommandSpec? {
        subcommand(named: name)?.spec
    }
}
