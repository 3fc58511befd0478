import TodoCore

/// Shell completion scripts for `todo`, generated from the command declarations: commands and
/// aliases, each command's options, option values, file paths, the ids of existing todos (from
/// `todo __complete-ids`, with the store given by `--file` on the command line) and the tags in
/// use (from `todo __complete-tags`), and filter terms (from `todo __complete-filter`).
enum CompletionScript {
    /// What a script offers for a value.
    enum Candidates: Equatable {
        /// Nothing: free text or a number.
        case nothing
        /// These words.
        case words([String])
        /// File paths.
        case files
        /// The ids of the todos with this status (with their titles where the shell shows
        /// descriptions).
        case ids(TodoQuery.Status)
        /// The tags in use or, `ofTheTodo`, the tags of the todo named by the command's first
        /// argument (all of them until it is typed).
        case tags(ofTheTodo: Bool)
        /// Filter terms that complete the word being typed (`todo __complete-filter`: tags
        /// after `+` or `-`, projects after `project:`, attribute names, date words), after the
        /// ids of the todos with this status when there is one.
        case filterTerms(TodoQuery.Status?)
        /// The names of the commands, then the reports and aliases of the config file (`todo
        /// __complete-commands`).
        case commands
        /// The keys of the config file (``configKeys``), each followed by `=` for an
        /// `assignment` (`--set`), then the families a name completes (``configKeyFamilies``).
        case configKeys(assignment: Bool)
    }

    /// The keys of the config file todo knows by one name (TodoCore's list), sorted.
    static var configKeys: [String] { TodoConfig.knownKeys }

    /// The families of keys a name completes, without a space after them.
    static let configKeyFamilies = ["alias.", "context.", "report."]

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
        case .id(let status): return .ids(status)
        case .filter(let status): return .filterTerms(status)
        case .tag(let ofTheTodo): return .tags(ofTheTodo: ofTheTodo)
        case .commandName: return .commands
        case .configKey: return .configKeys(assignment: false)
        case .setting: return .configKeys(assignment: true)
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

    /// The spellings of the options of `command` that take a value, `--file` included: what
    /// the scripts skip, with their values, to find the command's arguments.
    static func valueOptionSpellings(of command: CommandSpec) -> [String] {
        options(of: command).filter { !$0.isFlag }.flatMap(\.spellings)
    }

    /// Whether the candidates of a value of `command` depend on its arguments.
    static func needsArguments(_ command: CommandSpec) -> Bool {
        let values = command.arguments.map(\.value) + command.options.compactMap(\.value)
        return values.contains { candidates(for: $0) == .tags(ofTheTodo: true) }
    }

    /// `text` in single quotes for a POSIX shell or zsh (`'it'\''s'`).
    static func shellQuoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
