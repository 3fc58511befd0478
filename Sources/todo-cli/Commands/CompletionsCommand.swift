/// `todo completions`: prints the completion script for a shell, drawn from the catalog
/// (``CompletionScript``); it needs no store.
struct CompletionsCommand {
    /// The shell to write the script for.
    var shell: CompletionShell
}

extension CompletionsCommand: TodoSubcommand, TextCommand {
    /// `todo completions <shell>`
    static let spec = CommandSpec(
        name: "completions",
        overview: "Print a completion script for bash, zsh or fish.",
        discussion: """
            Install it where your shell looks for completions, for example:
              todo completions bash > ~/.local/share/bash-completion/completions/todo
              todo completions zsh > ~/.zfunc/_todo  (with fpath+=(~/.zfunc) before compinit)
              todo completions fish > ~/.config/fish/completions/todo.fish
            """,
        arguments: [.shell])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        shell = values.value(of: .shell)?.text.flatMap(CompletionShell.init(rawValue:)) ?? .bash
    }

    /// The script.
    var text: String { CompletionScript.render(for: shell) }
}

/// The shells `todo completions` writes scripts for.
enum CompletionShell: String, CaseIterable, Equatable {
    case bash, zsh, fish
}
