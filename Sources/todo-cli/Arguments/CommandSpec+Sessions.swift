import TodoCore

/// The commands about `todo` itself: `shell`, `ui`, `completions`, `help`, and the hidden
/// `__complete-ids` and `__complete-tags`.
extension CommandSpec {
    /// `todo shell`
    static let shell = CommandSpec(
        name: "shell",
        overview: "Run todo commands line by line, with live counts.",
        discussion: ShellCommand.helpText,
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

    /// `todo help [<command>] [--man]`: the help, or with `--man` the manual page
    static let help = CommandSpec(
        name: "help",
        overview: "Show help for todo or one of its commands.",
        discussion: "With --man, prints the manual page of every command instead, for man: todo help --man > todo.1",
        arguments: [.commandName],
        options: [.manual],
        build: { values throws(ArgumentProblem) in
            if values.isSet(.manual) {
                guard values.value(of: .commandName) == nil else {
                    throw ArgumentProblem("'--man' prints the one manual page of every command; give no command")
                }
                return .help(text: ManPage.render())
            }
            guard let name = values.value(of: .commandName)?.text, let command = CommandCatalog.command(named: name)
            else { return .help(text: HelpRenderer.help(forTopic: values.value(of: .commandName)?.text)) }
            return .help(text: HelpRenderer.help(for: command))
        })

    /// `todo __complete-ids [<status>]` (hidden): what the completion scripts run to offer ids.
    static let completeIDs = CommandSpec(
        name: "__complete-ids",
        overview: "Print the id and the title of each todo, one per line, for shell completions.",
        arguments: [.idStatus],
        isHidden: true,
        build: { values throws(ArgumentProblem) in
            .completeIDs(values.value(of: .idStatus)?.text.flatMap(TodoQuery.Status.init(rawValue:)) ?? .all)
        })

    /// `todo __complete-tags [<id>]` (hidden): what the completion scripts run to offer tags.
    static let completeTags = CommandSpec(
        name: "__complete-tags",
        overview: "Print the tags in use, or those of one todo, one per line, for shell completions.",
        arguments: [.tagsOfID],
        isHidden: true,
        build: { values throws(ArgumentProblem) in
            .completeTags(id: values.value(of: .tagsOfID)?.text.flatMap(ValueSpec.positiveInteger))
        })
}
