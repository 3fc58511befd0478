/// The options of the `todo` commands, declared once and shared by the commands that take them.
extension OptionSpec {
    // MARK: Global options, accepted by every command

    /// `--file <path>`
    static let file = OptionSpec(
        long: "file", value: ValueSpec(name: "path", kind: .path),
        help: "The store file (default: $TODO_FILE, else $XDG_DATA_HOME/todo/todos.json, "
            + "else ~/.local/share/todo/todos.json).")
    /// `--json`
    static let json = OptionSpec(long: "json", help: "Print JSON, for scripts.")
    /// `--no-color`
    static let noColor = OptionSpec(long: "no-color", help: "Print no colours, even on a terminal.")
    /// `-q, --quiet`
    static let quiet = OptionSpec(long: "quiet", short: "q", help: "Print nothing on success.")
    /// `-h, --help`
    static let help = OptionSpec(long: "help", short: "h", help: "Show help information.")
    /// `--version` (before any command)
    static let version = OptionSpec(long: "version", help: "Show the version.")

    /// The options every command accepts, before or after its name.
    static let globals: [OptionSpec] = [.file, .json, .noColor, .quiet]

    // MARK: Fields of a todo

    /// `-n, --note <text>` (add)
    static let note = OptionSpec(
        long: "note", short: "n", value: ValueSpec(name: "text", kind: .text), help: "Details about the todo.")
    /// `-n, --note <text>` (edit; `none` removes the note)
    static let noteOrNone = OptionSpec(
        long: "note", short: "n", value: ValueSpec(name: "text", kind: .text, acceptsNone: true),
        help: "A new note, or none to remove it.")
    /// `-p, --priority <priority>` (add)
    static let priority = OptionSpec(
        long: "priority", short: "p", value: ValueSpec(name: "priority", kind: .priority),
        help: "How important it is.")
    /// `-p, --priority <priority>` (edit; `none` removes the priority)
    static let priorityOrNone = OptionSpec(
        long: "priority", short: "p", value: ValueSpec(name: "priority", kind: .priority, acceptsNone: true),
        help: "A new priority, or none to remove it.")
    /// `-d, --due <date>` (add)
    static let due = OptionSpec(
        long: "due", short: "d", value: ValueSpec(name: "date", kind: .date),
        help: "When it is due: YYYY-MM-DD, today, tomorrow, a weekday (friday), +3d or +2w.")
    /// `-d, --due <date>` (edit; `none` removes the due date)
    static let dueOrNone = OptionSpec(
        long: "due", short: "d", value: ValueSpec(name: "date", kind: .date, acceptsNone: true),
        help: "A new due date (YYYY-MM-DD, today, tomorrow, a weekday, +3d or +2w), or none to remove it.")
    /// `-t, --tag <tag>` (add; repeatable)
    static let tag = OptionSpec(
        long: "tag", short: "t", value: ValueSpec(name: "tag", kind: .tag(ofTheTodo: false)), isRepeatable: true,
        help: "A tag (one word); repeat the option for several.")
    /// `-t, --tag <tag>` (edit; repeatable)
    static let addTag = OptionSpec(
        long: "tag", short: "t", value: ValueSpec(name: "tag", kind: .tag(ofTheTodo: false)), isRepeatable: true,
        help: "A tag to add; repeat the option for several.")
    /// `--untag <tag>` (edit; repeatable)
    static let untag = OptionSpec(
        long: "untag", value: ValueSpec(name: "tag", kind: .tag(ofTheTodo: true)), isRepeatable: true,
        help: "A tag to remove; repeat the option for several.")
    /// `-r, --repeat <recurrence>` (add)
    static let `repeat` = OptionSpec(
        long: "repeat", short: "r", value: ValueSpec(name: "recurrence", kind: .recurrence),
        help: "How it repeats: daily, weekly, monthly, yearly, Nd (every N days) or Nw (every N weeks).")
    /// `-r, --repeat <recurrence>` (edit; `none` stops the repetition)
    static let repeatOrNone = OptionSpec(
        long: "repeat", short: "r", value: ValueSpec(name: "recurrence", kind: .recurrence, acceptsNone: true),
        help: "How it repeats (daily, weekly, monthly, yearly, Nd or Nw), or none to stop it repeating.")
    /// `--title <title>` (edit)
    static let title = OptionSpec(long: "title", value: ValueSpec(name: "title", kind: .title), help: "A new title.")

    // MARK: Listing

    /// `-a, --all` (list)
    static let all = OptionSpec(long: "all", short: "a", help: "Show every todo, pending and done.")
    /// `--done` (list)
    static let doneOnly = OptionSpec(long: "done", help: "Show only the done todos.")
    /// `-t, --tag <tag>` (list; repeatable, every tag must match)
    static let tagFilter = OptionSpec(
        long: "tag", short: "t", value: ValueSpec(name: "tag", kind: .tag(ofTheTodo: false)), isRepeatable: true,
        help: "Show only the todos with this tag; repeat the option for several (each todo must have them all).")
    /// `-p, --priority <priority>` (list)
    static let priorityFilter = OptionSpec(
        long: "priority", short: "p", value: ValueSpec(name: "priority", kind: .priority, acceptsNone: true),
        help: "Show only the todos with this priority.")
    /// `--overdue` (list)
    static let overdue = OptionSpec(long: "overdue", help: "Show only the pending todos due before today.")
    /// `--sort <order>` (list)
    static let sort = OptionSpec(
        long: "sort", value: ValueSpec(name: "order", kind: .choice(["position", "due", "priority", "created"])),
        help: "The order of the list.", defaultValue: "position")
    /// `--limit <count>` (list)
    static let limit = OptionSpec(
        long: "limit", value: ValueSpec(name: "count", kind: .count), help: "Show at most this many todos.")

    // MARK: Other commands

    /// `--man` (help)
    static let manual = OptionSpec(long: "man", help: "Print the manual page (roff) instead of the help.")

    /// `-y, --yes` (rm, clear)
    static let yes = OptionSpec(long: "yes", short: "y", help: "Do it without asking for confirmation.")
    /// `-f, --format <format>` (export)
    static let exportFormat = OptionSpec(
        long: "format", short: "f",
        value: ValueSpec(name: "format", kind: .choice(ExportFormat.allCases.map(\.rawValue))),
        help: "The format to write.", defaultValue: ExportFormat.json.rawValue)
    /// `-o, --output <file>` (export)
    static let output = OptionSpec(
        long: "output", short: "o", value: ValueSpec(name: "file", kind: .path),
        help: "Write to this file instead of standard output.")
    /// `-f, --format <format>` (import)
    static let importFormat = OptionSpec(
        long: "format", short: "f",
        value: ValueSpec(name: "format", kind: .choice(ImportFormat.allCases.map(\.rawValue))),
        help: "The format of the file; guessed from its contents when omitted.")
}
