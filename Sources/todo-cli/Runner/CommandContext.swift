import TodoCore
import TodoSync

/// What every command view works with: the global options, the terminal, the output, and the
/// app shell that owns the provider and the live reactors.
final class CommandContext {
    /// The options given before or after the command.
    let options: GlobalOptions
    /// Where the command runs.
    let terminal: Terminal
    /// Where it writes.
    let output: Output
    /// The provider and the live reactors.
    let shell: AppShell<TodoServiceProvider>
    /// Colours: as `color` says (`auto`: only for a terminal without `NO_COLOR`), never with
    /// `--no-color`.
    let style: Style
    /// The settings of the config file and the `--set` overrides.
    let config: TodoConfig
    /// The background sync of a long-lived front end (`todo shell`), which `sync` then goes
    /// through; `nil` for a command on its own.
    let syncService: SyncServiceType?
    /// Releases the reactors ``make(_:)`` made, for a long-lived shell between commands.
    private var releases: [() -> Void] = []

    init(
        options: GlobalOptions, terminal: Terminal, output: Output, shell: AppShell<TodoServiceProvider>,
        config: TodoConfig = .defaults(file: nil), syncService: SyncServiceType? = nil
    ) {
        self.options = options
        self.terminal = terminal
        self.output = output
        self.shell = shell
        self.config = config
        self.syncService = syncService
        style = Style(isEnabled: terminal.usesColor(noColorOption: options.noColor, mode: config.color))
    }

    /// The services.
    var provider: TodoServiceProvider { shell.provider }

    /// Today, in the local time zone.
    var today: CalendarDay { provider.clock.today() }

    /// The context of the todos' derived facts (status, blocked, blocking, urgency), read once
    /// from the store when first needed (for `--json` and `show`).
    var todoContext: TodoContext {
        if let todoContextRead { return todoContextRead }
        var result = TodoContext(
            now: provider.clock.now(), clock: provider.clock, relations: .none,
            coefficients: provider.urgencyCoefficients)
        _ = provider.todoService.context().subscribe(
            onNext: { result = $0 },
            onError: { [weak self] error in
                self?.todoContextError =
                    error as? TodoError ?? .io(file: "", operation: "read", reason: String(describing: error))
            })
        todoContextRead = result
        return result
    }
    private var todoContextRead: TodoContext?
    /// Why ``todoContext`` could not be read from the store (a damaged store found by this
    /// later, whole read): the command then fails with it rather than exiting 0.
    private(set) var todoContextError: TodoError?

    /// The columns human-readable output fits in (see ``Terminal/lineWidth``).
    var width: Int { terminal.lineWidth }

    /// Prints a success message (nothing with `--quiet` or `--json`), shown safely — a path the
    /// user gave cannot act on the terminal (``String/shownOnLines``) — and each line wrapped to
    /// ``width`` (between words when it can).
    func say(_ text: String) {
        guard !options.quiet, !options.json else { return }
        let shown = text.shownOnLines
        var lines: [String] = []
        for line in shown.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
            shown.hasSuffix("\n") ? 1 : 0)
        {
            if DisplayWidth.of(line) <= width {
                lines.append(String(line))
            } else {
                lines += TextWrap.lines(String(line), width: width)
            }
        }
        output.out(lines.joined(separator: "\n") + "\n")
    }

    /// Prints a result for scripts (nothing with `--quiet`).
    func printJSON(_ json: String) {
        guard !options.quiet else { return }
        output.out(json)
    }

    /// Prints a result for scripts, already UTF-8 (nothing with `--quiet`).
    func printJSON(bytes: [UInt8]) {
        guard !options.quiet else { return }
        output.out(bytes: bytes)
    }

    /// Prints `error` on standard error and returns its exit code; an error in what was typed
    /// also gets the command's usage line.
    func fail(_ error: TodoError, command: String? = nil) -> ExitCode {
        let code = ExitCode(error)
        if code == .usage, let command, let spec = CommandCatalog.command(named: command) {
            let usage = UsageError(message: error.cliMessage, usage: HelpRenderer.usage(for: spec), command: command)
            output.err(usage.text)
        } else {
            output.err("Error: \(error.cliMessage.shownOnOneLine)\n")
        }
        return code
    }

    /// Prints a usage error for `command` and returns 64.
    func usageError(_ message: String, command: String) -> ExitCode {
        let usage = CommandCatalog.command(named: command).map(HelpRenderer.usage(for:)) ?? HelpRenderer.topLevelUsage()
        output.err(UsageError(message: message, usage: usage, command: command).text)
        return .usage
    }

    /// A reactor made by, and kept alive by, the app shell (until ``releaseReactors()``).
    func make<R: Reactor>(_ make: (TodoServiceProvider) -> R) -> R {
        let reactor = shell.make(make)
        releases.append { [shell, weak reactor] in
            if let reactor { shell.release(reactor) }
        }
        return reactor
    }

    /// Lets the app shell release `reactor` now (it then ends when the caller drops it: a list
    /// that should not follow the changes to come).
    func release<R: Reactor>(_ reactor: R) {
        shell.release(reactor)
    }

    /// Lets the app shell release the reactors this context made.
    func releaseReactors() {
        let releases = self.releases
        self.releases = []
        for release in releases { release() }
    }

    /// The same context with other global options (a line of `todo shell`), writing to
    /// `output` (by default where this one writes).
    func with(options: GlobalOptions, output: Output? = nil) -> CommandContext {
        CommandContext(
            options: options, terminal: terminal, output: output ?? self.output, shell: shell, config: config,
            syncService: syncService)
    }

    /// The same context, whose `sync` goes through `syncService` (a long-lived shell's).
    func with(syncService: SyncServiceType?) -> CommandContext {
        CommandContext(
            options: options, terminal: terminal, output: output, shell: shell, config: config, syncService: syncService
        )
    }

    // MARK: The active context

    /// `filter` narrowed by the active context (`context = NAME`), each a group of its own: what
    /// `list`, `next` and the reports show (Taskwarrior's read context). Every report command
    /// calls it on the filter typed with it.
    func narrowedByContext(_ filter: TodoFilter) -> TodoFilter {
        guard let active = config.activeContext else { return filter }
        return active.filter.and(filter)
    }

    /// The filter of the built-in report `name` (`next`, `list`, and the other reports' commands):
    /// the active context, the config's `report.NAME.filter` when it sets one, and `filter` (the
    /// terms typed with the command), each a group of its own.
    func reportFilter(_ name: String, typed filter: TodoFilter) -> TodoFilter {
        let configured = config.reports[name]?.filter ?? .everything
        return narrowedByContext(configured.and(filter))
    }

    /// The most todos the built-in report `name` shows by default: the config's
    /// `report.NAME.limit`, or `nil`.
    func reportLimit(_ name: String) -> Int? {
        config.reports[name]?.limit
    }

    /// `draft` with the active context's tags and project (Taskwarrior's write context): the tags
    /// are added, the project is the context's unless one was typed.
    func withContext(_ draft: TodoDraft) -> TodoDraft {
        config.activeContext?.applied(to: draft) ?? draft
    }

    /// The list renderer for this terminal.
    var listRenderer: TodoListRenderer {
        TodoListRenderer(today: today, width: width, style: style, dateFormat: config.dateFormat)
    }

    /// The list renderer for this terminal, knowing which of `todos` are blocked: the store's
    /// relations are read for it only when one of them has dependencies.
    func listRenderer(for todos: [Todo]) -> TodoListRenderer {
        var renderer = listRenderer
        if todos.contains(where: { !$0.depends.isEmpty && !$0.isDone }) { renderer.relations = todoContext.relations }
        return renderer
    }

    /// `3: Buy milk`, for messages.
    func label(_ todo: Todo) -> String {
        OutcomeText.label(todo)
    }

    /// `prefix`, `3: Buy milk` and `suffix` on one line of at most ``width`` columns, the title
    /// cut with `…` to fit: a message about one todo ("Completed 3: Buy milk").
    func line(_ prefix: String, _ todo: Todo, _ suffix: String = "") -> String {
        OutcomeText.line(prefix, todo, suffix, width: width)
    }
}
