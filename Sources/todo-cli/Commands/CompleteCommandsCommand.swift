import TodoCore

/// `todo __complete-commands` (hidden): `NAME<TAB>DESCRIPTION` for each report and alias of the
/// config file, for the completion scripts (``CompletionHelper``), which offer them beside the
/// catalog's commands.
struct CompleteCommandsCommand {}

extension CompleteCommandsCommand: CompletionHelper {
    /// `todo __complete-commands` (hidden): what the completion scripts run to offer the config's
    /// reports and aliases as commands.
    static let spec = CommandSpec(
        name: "__complete-commands",
        overview: "Print the reports and aliases of the config file, one per line, for shell completions.",
        isHidden: true)

    init(_ values: ParsedValues) throws(ArgumentProblem) {}

    /// Lines for the scripts to read, even with `--json`.
    var printsJSON: Bool { false }

    func run(in context: CommandContext) -> ExitCode {
        let commands = ConfigCommands(context.config)
        var text = ""
        for name in commands.reportNames {
            text += name + "\t" + (commands.report(named: name)?.overview ?? "").shownOnOneLine + "\n"
        }
        for name in commands.aliasNames {
            text += name + "\t" + commands.aliasOverview(name).shownOnOneLine + "\n"
        }
        context.output.out(text)
        return .success
    }
}
