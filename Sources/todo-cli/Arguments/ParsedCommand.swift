import TodoCore

/// A command line, parsed: the global options and the command to run.
///
/// The parser (`CommandLineParser.parse(_:)`) is a pure function from the arguments to this
/// value; running it is the job of the command views.
struct Invocation: Equatable {
    /// Options accepted before or after any command.
    var global: GlobalOptions
    /// What to do.
    var command: ParsedCommand
}

/// `--file PATH`, `--json`, `--no-color`, `--quiet`.
struct GlobalOptions: Equatable {
    /// The store file (`--file PATH`), else the default location.
    var file: String?
    /// Print JSON for scripts (`--json`).
    var json = false
    /// Never print colours (`--no-color`).
    var noColor = false
    /// Print nothing on success (`--quiet`).
    var quiet = false
}

/// One `todo` command with its arguments, validated.
enum ParsedCommand: Equatable {
    /// `todo add <title words…> [--note TEXT] [--priority P] [--due DATE] [--tag TAG]… [--repeat R]`
    case add(TodoDraft)
    /// `todo list|ls [SEARCH…] [--all | --done] [--tag TAG]… [--priority P] [--overdue] [--sort S] [--limit N]`
    case list(TodoQuery)
    /// `todo show <id>`
    case show(id: Int)
    /// `todo edit <id> [--title T] [--note TEXT|none] [--priority P|none] [--due DATE|none]
    /// [--tag TAG]… [--untag TAG]… [--repeat R|none]`
    case edit(id: Int, patch: TodoPatch)
    /// `todo done <id>…`
    case done(ids: [Int])
    /// `todo undone|reopen <id>…`
    case undone(ids: [Int])
    /// `todo rm|delete <id>… [--yes]`
    case remove(ids: [Int], confirmed: Bool)
    /// `todo move <id> <position>`
    case move(id: Int, position: Int)
    /// `todo clear [--yes]`
    case clear(confirmed: Bool)
    /// `todo undo`
    case undo
    /// `todo stats`
    case stats
    /// `todo export [--format json|todotxt] [--output FILE]`
    case export(format: ExportFormat, output: String?)
    /// `todo import <file> [--format json|todotxt|taskwarrior]` (`nil`: guessed from the file)
    case importFile(path: String, format: ImportFormat?)
    /// `todo shell`
    case shell
    /// `todo ui`
    case ui
    /// `todo completions bash|zsh|fish`
    case completions(CompletionShell)
    /// `todo __complete-ids [pending|done|all]` (hidden; used by the completion scripts): the
    /// ids of the todos with this status, with their titles.
    case completeIDs(TodoQuery.Status)
    /// `todo __complete-tags [<id>]` (hidden; used by the completion scripts): the tags of the
    /// todo `id`, or every tag in use when `nil` (or when no todo has that id).
    case completeTags(id: Int?)
    /// `todo`, `todo help [command]`, `todo --help`, `todo <command> --help|-h`, `todo help --man`:
    /// print `text`.
    case help(text: String)
    /// `todo --version`
    case version
}

extension ParsedCommand {
    /// Whether it is one of the hidden commands the completion scripts run.
    var isCompletionHelper: Bool {
        switch self {
        case .completeIDs, .completeTags: return true
        default: return false
        }
    }
}

/// The formats `todo export` writes.
enum ExportFormat: String, CaseIterable, Equatable {
    case json, todotxt
}

/// The formats `todo import` reads.
enum ImportFormat: String, CaseIterable, Equatable {
    case json, todotxt, taskwarrior
}

/// The shells `todo completions` writes scripts for.
enum CompletionShell: String, CaseIterable, Equatable {
    case bash, zsh, fish
}

/// A command line that cannot be run: what `todo` prints to standard error before exiting
/// with 64.
struct UsageError: Error, Equatable {
    /// What is wrong, without the `Error: ` prefix (`unknown option '--nite'`), with a "Did you
    /// mean …?" sentence for close misspellings.
    var message: String
    /// The usage line of the command concerned (or of `todo`), `USAGE: todo add <title> …`.
    var usage: String
    /// The command whose help to point at (`add`), or `nil` for `todo --help`.
    var command: String?

    /// The whole text for standard error:
    ///
    /// ```text
    /// Error: unknown option '--nite'. Did you mean '--note'?
    /// USAGE: todo add <title> ... [--note <text>] …
    /// See 'todo add --help' for more information.
    /// ```
    ///
    /// The message is shown on one line as the listing shows a title (``String/shownOnOneLine``):
    /// what the user typed and it echoes cannot act on the terminal.
    var text: String {
        let help = command.map { "todo \($0) --help" } ?? "todo --help"
        return "Error: \(message.shownOnOneLine)\n\(usage)\nSee '\(help)' for more information.\n"
    }
}
