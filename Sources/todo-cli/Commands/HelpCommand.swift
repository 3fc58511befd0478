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
        if values.isSet(.manual) {
            guard values.value(of: .commandName) == nil else {
                throw ArgumentProblem("'--man' prints the one manual page of every command; give no command")
            }
            text = ManPage.render()
        } else if let name = values.value(of: .commandName)?.text, let command = CommandCatalog.command(named: name) {
            text = HelpRenderer.help(for: command)
        } else {
            text = HelpRenderer.help(forTopic: values.value(of: .commandName)?.text)
        }
    }
}
