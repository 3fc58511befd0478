/// Shell completion scripts for `todo`, generated from the command declarations: commands and
/// aliases, each command's options, option values, file paths, and the ids of existing todos
/// (from `todo __complete-ids`, with the store given by `--file` on the command line).
enum CompletionScript {
    /// What a script offers for a value.
    enum Candidates: Equatable {
        /// Nothing: free text or a number.
        case nothing
        /// These words.
        case words([String])
        /// File paths.
        case files
        /// The ids of the todos (with their titles where the shell shows descriptions).
        case ids
    }

    /// The script for `shell`, as `todo completions <shell>` prints it (ending with a new line).
    static func render(for shell: CompletionShell) -> String {
        switch shell {
        case .bash: return bash()
        case .zsh: return zsh()
        case .fish: return fish()
        }
    }

    /// What to offer for a value of this declaration.
    static func candidates(for value: ValueSpec) -> Candidates {
        switch value.kind {
        case .path: return .files
        case .id: return .ids
        default:
            let words = value.completionWords
            return words.isEmpty ? .nothing : .words(words)
        }
    }

    /// A help sentence without its parenthesised details, for the short descriptions shells
    /// show next to candidates: `The store file.` for `The store file (default: …).`
    static func summary(of help: String) -> String {
        var summary = ""
        var depth = 0
        for character in help {
            if character == "(" {
                if depth == 0, summary.last == " " { summary.removeLast() }
                depth += 1
            } else if character == ")", depth > 0 {
                depth -= 1
            } else if depth == 0 {
                summary.append(character)
            }
        }
        return summary
    }

    /// The options a command accepts in scripts: its own, then the global ones.
    static func options(of command: CommandSpec) -> [OptionSpec] {
        command.options + OptionSpec.globals
    }

    /// `text` in single quotes for a POSIX shell or zsh (`'it'\''s'`).
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
