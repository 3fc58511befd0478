import TodoCore

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
    /// `--set <key=value>` (before or after any command, repeatable): read by ``TodoCommand``
    /// before parsing, as it decides the aliases and reports the parser knows.
    static let set = OptionSpec(
        long: "set", value: ValueSpec(name: "key=value", kind: .setting), isRepeatable: true,
        help: "Override a setting of the config file for this command (todo config lists them).")
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
    /// `--project <project>` (add, log)
    static let project = OptionSpec(
        long: "project", value: ValueSpec(name: "project", kind: .project),
        help: "The project: names joined by dots (Home.Garden).")
    /// `--project <project>` (edit; `none` removes the project)
    static let projectOrNone = OptionSpec(
        long: "project", value: ValueSpec(name: "project", kind: .project, acceptsNone: true),
        help: "A new project (Home.Garden), or none to remove it.")
    /// `--wait <date>` (add, log)
    static let wait = OptionSpec(
        long: "wait", value: ValueSpec(name: "date", kind: .date),
        help: "The day it stops waiting: until then list and next leave it out (a date as for --due).")
    /// `--wait <date>` (edit; `none` ends the wait)
    static let waitOrNone = OptionSpec(
        long: "wait", value: ValueSpec(name: "date", kind: .date, acceptsNone: true),
        help: "A new day it stops waiting (a date as for --due), or none to stop waiting.")
    /// `--scheduled <date>` (add, log)
    static let scheduled = OptionSpec(
        long: "scheduled", value: ValueSpec(name: "date", kind: .date),
        help: "The earliest day to start it (a date as for --due).")
    /// `--scheduled <date>` (edit; `none` removes it)
    static let scheduledOrNone = OptionSpec(
        long: "scheduled", value: ValueSpec(name: "date", kind: .date, acceptsNone: true),
        help: "A new earliest day to start it (a date as for --due), or none to remove it.")
    /// `--depends <ids>` (add, log; repeatable)
    static let depends = OptionSpec(
        long: "depends", value: ValueSpec(name: "ids", kind: .dependencies(removable: false)), isRepeatable: true,
        help: "The ids of todos it waits for, separated by commas (4,7).")
    /// `--depends <ids>` (edit; repeatable; `none` removes every dependency)
    static let dependsOrNone = OptionSpec(
        long: "depends", value: ValueSpec(name: "ids", kind: .dependencies(removable: true), acceptsNone: true),
        isRepeatable: true,
        help: "More todos it waits for (4,7), -4 to wait for todo 4 no more, or none to wait for none.")
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
        long: "sort", value: ValueSpec(name: "order", kind: .choice(TodoQuery.Sort.allCases.map(\.rawValue))),
        help: "The order of the list.", defaultValue: "position")
    /// `--limit <count>` (list)
    static let limit = OptionSpec(
        long: "limit", value: ValueSpec(name: "count", kind: .count), help: "Show at most this many todos.")
    /// `--limit <count>` (next)
    static let pageLimit = OptionSpec(
        long: "limit", value: ValueSpec(name: "count", kind: .count),
        help: "Show at most this many todos (default: as many as fit the terminal's height).")

    // MARK: Reports

    /// `--months <count>` (calendar)
    static let months = OptionSpec(
        long: "months", value: ValueSpec(name: "count", kind: .count),
        help: "How many months to show, from the first one.", defaultValue: "1")
    /// `--by <period>` (burndown)
    static let burndownPeriod = OptionSpec(
        long: "by", value: ValueSpec(name: "period", kind: .choice(ReportPeriod.allCases.map(\.rawValue))),
        help: "What each line counts by.", defaultValue: ReportPeriod.day.rawValue)
    /// `--by <period>` (history)
    static let historyPeriod = OptionSpec(
        long: "by",
        value: ValueSpec(name: "period", kind: .choice([ReportPeriod.month.rawValue, ReportPeriod.week.rawValue])),
        help: "What each line counts by.", defaultValue: ReportPeriod.month.rawValue)

    // MARK: Other commands

    /// `--man` (help)
    static let manual = OptionSpec(long: "man", help: "Print the manual page (roff) instead of the help.")

    /// `-y, --yes` (rm, clear, and the commands that change the todos a filter selects)
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
