import TodoCore

/// The `todo` command: parses the arguments, builds the services and the app shell, runs the
/// command's view, and returns the exit code (DESIGN.md, "the data flow of one command").
enum TodoCommand {
    /// The version `todo --version` prints.
    static let version = "0.2.0"

    /// Runs `arguments` (without the program name).
    static func run(_ arguments: [String], terminal: Terminal, output: Output) -> ExitCode {
        let invocation: Invocation
        switch CommandLineParser.parse(arguments) {
        case .failure(let error):
            output.err(error.text)
            return .usage
        case .success(let parsed):
            invocation = parsed
        }
        switch invocation.command {
        case .help(let text):
            output.out(text)
            return .success
        case .version:
            output.out(version + "\n")
            return .success
        case .completions(let shell):
            output.out(CompletionScript.render(for: shell))
            return .success
        default:
            break
        }
        let provider: TodoServiceProvider
        do {
            provider = try makeProvider(
                options: invocation.global, terminal: terminal, output: output,
                lockTimeoutLimit: invocation.command.isCompletionHelper ? CompletionCommand.lockTimeoutLimit : nil)
        } catch {
            output.err("Error: \(error.description)\n")
            return ExitCode(error)
        }
        let shell = AppShell(provider: provider)
        let trace = startTrace(shell, terminal: terminal, output: output)
        let context = CommandContext(options: invocation.global, terminal: terminal, output: output, shell: shell)
        let code = dispatch(invocation.command, in: context)
        trace?.dispose()
        if case .shell = invocation.command {
            shell.tearDown()
        } else {
            // A one-shot command ends the process next: freeing 100,000 todos one by one would
            // only make it slower, so the shell (and all it holds) is left to the exit.
            retained.append(shell)
        }
        return code
    }

    /// App shells of one-shot commands, kept until the process exits (set on the main thread
    /// only, once per process).
    nonisolated(unsafe) private static var retained: [AnyObject] = []

    /// Runs one parsed command in `context`.
    static func dispatch(_ command: ParsedCommand, in context: CommandContext) -> ExitCode {
        switch command {
        case .add(let draft): return AddCommand.run(draft, in: context)
        case .list(let query): return ListCommand.run(query, in: context)
        case .show(let id): return ShowCommand.run(id: id, in: context)
        case .edit(let id, let patch): return EditCommand.run(id: id, patch: patch, in: context)
        case .done(let ids): return MarkCommand.run(ids: ids, done: true, in: context)
        case .undone(let ids): return MarkCommand.run(ids: ids, done: false, in: context)
        case .remove(let ids, let confirmed): return RemoveCommand.run(ids: ids, confirmed: confirmed, in: context)
        case .move(let id, let position): return MoveCommand.run(id: id, position: position, in: context)
        case .clear(let confirmed): return ClearCommand.run(confirmed: confirmed, in: context)
        case .undo: return UndoCommand.run(in: context)
        case .stats: return StatsCommand.run(in: context)
        case .export(let format, let output): return ExportCommand.run(format: format, outputPath: output, in: context)
        case .importFile(let path, let format): return ImportCommand.run(path: path, format: format, in: context)
        case .shell: return ShellCommand.run(in: context)
        case .ui: return UICommand.run(in: context)
        case .completeIDs(let status): return CompletionCommand.ids(status: status, in: context)
        case .completeTags(let id): return CompletionCommand.tags(of: id, in: context)
        case .completions(let shell):
            context.output.out(CompletionScript.render(for: shell))
            return .success
        case .help(let text):
            context.output.out(text)
            return .success
        case .version:
            context.output.out(version + "\n")
            return .success
        }
    }

    /// The provider over the store at the resolved location: `--file`, `TODO_FILE`,
    /// `XDG_DATA_HOME`, `HOME`; `TODO_LOCK_TIMEOUT`; the terminal's alert service; the
    /// machine's clock. `TODO_SIMULATE_FAULT` (tests only) makes writes fail.
    ///
    /// - Parameter lockTimeoutLimit: The longest wait for another process's lock, whatever
    ///   `TODO_LOCK_TIMEOUT` says.
    static func makeProvider(
        options: GlobalOptions, terminal: Terminal, output: Output, lockTimeoutLimit: Double? = nil
    ) throws(TodoError)
        -> TodoServiceProvider
    {
        let environment = terminal.environment
        let path = try TodoStoreLocation.resolve(file: options.file, environment: environment)
        let lockTimeout = try TodoStoreLocation.lockTimeout(environment: environment)
        var storeOptions = JSONFileTodoStorage.Options(lockTimeout: min(lockTimeout, lockTimeoutLimit ?? lockTimeout))
        if let fault = environment["TODO_SIMULATE_FAULT"].flatMap(StoreFaults.init(parsing:)) {
            storeOptions.faults = fault
        }
        return TodoServiceProvider(
            storage: JSONFileTodoStorage(path: path, options: storeOptions),
            alertService: TerminalAlertService(terminal: terminal, output: output))
    }

    /// With `TODO_TRACE` set, every action, mutation, state and bus message of the shell's
    /// reactors goes to standard error (for debugging).
    private static func startTrace(
        _ shell: AppShell<TodoServiceProvider>, terminal: Terminal, output: Output
    ) -> Disposable? {
        guard let trace = terminal.environment["TODO_TRACE"], !trace.isEmpty else { return nil }
        shell.observe(shell.provider.todoService.events, name: "todoService.events")
        return shell.events.subscribe(onNext: { event in output.err("trace: \(event)\n") })
    }
}
