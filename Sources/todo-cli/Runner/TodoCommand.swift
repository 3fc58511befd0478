import TodoCore

/// The `todo` command: parses the arguments, builds the services and the app shell, runs the
/// parsed command (its view), and returns the exit code (DESIGN.md, "the data flow of one
/// command").
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
        if let command = invocation.command as? any TextCommand {
            // Help, the version, a completion script: no store to open.
            output.out(command.text)
            return .success
        }
        let provider: TodoServiceProvider
        do {
            provider = try makeProvider(
                options: invocation.global, terminal: terminal, output: output,
                lockTimeoutLimit: type(of: invocation.command).lockTimeoutLimit)
        } catch {
            output.err("Error: \(error.cliMessage)\n")
            return ExitCode(error)
        }
        let shell = AppShell(provider: provider)
        let trace = startTrace(shell, terminal: terminal, output: output)
        let context = CommandContext(options: invocation.global, terminal: terminal, output: output, shell: shell)
        let code = invocation.command.run(in: context)
        trace?.dispose()
        if invocation.command is ShellCommand {
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
