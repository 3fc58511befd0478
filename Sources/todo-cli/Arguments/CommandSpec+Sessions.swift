/// The commands about `todo` itself: `shell`, `ui`, `completions`, `help`, and the hidden
/// `__complete-ids`.
extension CommandSpec {
    /// `todo shell`
    static let shell = CommandSpec(
        name: "shell",
        overview: "Run todo commands line by line, with live counts.",
        discussion: "Reads from a terminal or a pipe; 'quit' or the end of the input leaves.",
        build: { _ throws(ArgumentProblem) in .shell })

    /// `todo ui`
    static let ui = CommandSpec(
        name: "ui",
        overview: "Browse and change the todos in a full-screen view.",
        discussion: UIKeymap.helpText,
        build: { _ throws(ArgumentProblem) in .ui })

    /// `todo completions <shell>`
    static let completions = CommandSpec(
        name: "completions",
        overview: "Print a completion script for bash, zsh or fish.",
        discussion: """
            Install it where your shell looks for completions, for example:
              todo completions bash > ~/.local/share/bash-completion/completions/todo
              todo completions zsh > ~/.zfunc/_todo  (with fpath+=(~/.zfunc) before compinit)
              todo completions fish > ~/.config/fish/completions/todo.fish
            """,
        arguments: [.shell],
        build: { values throws(ArgumentProblem) in
            let shell = values.value(of: .shell)?.text.flatMap(CompletionShell.init(rawValue:)) ?? .bash
            return .completions(shell)
        })

    /// `todo help [<command>]`
    static let help = CommandSpec(
        name: "help",
        overview: "Show help for todo or one of its commands.",
        arguments: [.commandName],
        build: { values throws(ArgumentProblem) in
            guard let name = values.value(of: .commandName)?.text, let command = CommandCatalog.command(named: name)
            else { return .help(text: HelpRenderer.help(forTopic: values.value(of: .commandName)?.text)) }
            return .help(text: HelpRenderer.help(for: command))
        })

    /// `todo __complete-ids` (hidden): what the completion scripts run to offer ids.
    static let completeIDs = CommandSpec(
        name: "__complete-ids",
        overview: "Print the id and the title of each todo, one per line, for shell completions.",
        isHidden: true,
        build: { _ throws(ArgumentProblem) in .completeIDs })
}
