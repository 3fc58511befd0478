/// `todo help`, and the help `--help` or `-h` asks for anywhere: prints a help text, or the
/// manual page, never acting (it needs no store).
struct HelpCommand {
    /// What it prints: the help of `todo`, of a command or of a topic, or the manual page.
    var text: String
}

extension HelpCommand: TodoSubcommand, TextCommand {
    /// `todo help [<command>] [--man]`: the help, or with `--man` the manual page
    static let spec = CommandSpec(
        name: "help",
        overview: "Show help for todo or one of its commands.",
        discussion: "With --man, prints the manual page of every command instead, for man: todo help --man > todo.1",
        arguments: [.commandName],
        options: [.manual])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        try self.init(values, config: .none)
    }

    /// The help, knowing the reports and aliases of the config file (`todo help overdue`).
    init(_ values: ParsedValues, config: ConfigCommands) throws(ArgumentProblem) {
        let name = values.value(of: .commandName)?.text
        if values.isSet(.manual) {
            guard values.value(of: .commandName) == nil else {
                throw ArgumentProblem("'--man' prints the one manual page of every command; give no command")
            }
            text = ManPage.render()
        } else if let name = values.value(of: .commandName)?.text, let command = CommandCatalog.command(named: name) {
            text = HelpRenderer.help(for: command)
        } else if let name, config.reports[name] != nil || config.aliases[name] != nil {
            text = HelpRenderer.help(forConfigCommand: name, config: config)
        } else {
            text = HelpRenderer.help(forTopic: name, config: config)
        }
    }
}
