import TodoCore

/// The `todo` command: parses the arguments, builds the services and the app shell, runs the
/// parsed command (its view), and returns the exit code (DESIGN.md, "the data flow of one
/// command").
enum TodoCommand {
    /// The version `todo --version` prints.
    static let version = "0.2.0"

    /// Runs `arguments` (without the program name): reads the config file (with the `--set`
    /// overrides), expands an alias or adds `default.command`, parses, builds the services and
    /// runs the command.
    static func run(_ arguments: [String], terminal: Terminal, output: Output) -> ExitCode {
        let startup: ConfigStartup
        switch ConfigStartup.read(arguments, environment: terminal.environment) {
        case .failure(let failure):
            output.err(failure.text)
            return failure.code
        case .success(let read):
            startup = read
        }
        let config = startup.config
        for warning in config.warnings { output.err("Warning: \(warning.description.shownOnOneLine)\n") }
        let invocation: Invocation
        switch CommandLineParser.parse(startup.arguments, config: ConfigCommands(config)) {
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
                lockTimeoutLimit: type(of: invocation.command).lockTimeoutLimit, config: config,
                hookArguments: arguments, command: startup.commandName ?? "")
        } catch {
            output.err("Error: \(error.cliMessage)\n")
            return ExitCode(error)
        }
        let shell = AppShell(provider: provider)
        let trace = startTrace(shell, terminal: terminal, output: output)
        let hookMessages: Disposable? =
            invocation.command is UICommand
            ? nil
            : (provider.hooks as? HookRunner)?.messages.subscribe(onNext: { message in
                output.err(message.description.shownOnLines + "\n")
            })
        let context = CommandContext(
            options: invocation.global, terminal: terminal, output: output, shell: shell, config: config)
        var code: ExitCode
        if startup.usesDefaultCommand, let welcome = welcome(in: context) {
            context.say(welcome)  // wrapped to the width
            code = .success
        } else {
            code = invocation.command.run(in: context)
        }
        if code == .success, let error = context.todoContextError {
            code = context.fail(error)  // a later, whole read found the store damaged
        }
        trace?.dispose()
        hookMessages?.dispose()
        if invocation.command is ShellCommand {
            shell.tearDown()
        } else {
            // A one-shot command ends the process next: freeing 100,000 todos one by one would
            // only make it slower, so the shell (and all it holds) is left to the exit.
            retained.append(shell)
        }
        return code
    }

    /// What plain `todo` says on an empty store when nothing is configured: how to add a first
    /// todo and where help is; `nil` otherwise (the default command then runs).
    static func welcome(in context: CommandContext) -> String? {
        guard !context.options.json, !context.options.quiet,
            context.config.settings.allSatisfy({ $0.origin == .default })
        else { return nil }
        let isEmpty = (try? context.provider.storageService.read { try $0.nextID() == 1 }) ?? false
        guard isEmpty else { return nil }
        return """
            No todos yet. Add your first one:
              todo add Buy milk due:tomorrow +shop
            Then 'todo' shows the most urgent ones (todo next). See 'todo help' for every command, \
            'todo help add' for what a todo can hold, and Docs/Configuration.md to make todo yours.

            """
    }

    /// App shells of one-shot commands, kept until the process exits (set on the main thread
    /// only, once per process).
    nonisolated(unsafe) private static var retained: [AnyObject] = []

    /// The provider over the store at the resolved location: `--file`, `TODO_FILE`,
    /// `XDG_DATA_HOME`, `HOME`; `TODO_LOCK_TIMEOUT`; the terminal's alert service; the
    /// machine's clock. `TODO_SIMULATE_FAULT` (tests only) makes writes fail.
    ///
    /// - Parameters:
    ///   - lockTimeoutLimit: The longest wait for another process's lock, whatever
    ///     `TODO_LOCK_TIMEOUT` says.
    ///   - config: The settings: the hooks (the folder beside the config file, unless `hooks =
    ///     off`), the urgency coefficients and the first day of a week.
    ///   - hookArguments: The command line as typed, for the hooks (`args:`).
    ///   - command: The command's name, for the hooks (`command:`).
    static func makeProvider(
        options: GlobalOptions, terminal: Terminal, output: Output, lockTimeoutLimit: Double? = nil,
        config: TodoConfig = .defaults(file: nil), hookArguments: [String] = [], command: String = ""
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
        // The store warns from inside an operation, on the thread that runs the command.
        nonisolated(unsafe) let warningOutput = output
        storeOptions.warn = { warningOutput.err("Warning: \($0.shownOnOneLine)\n") }
        let hooks = HookRunner(
            config: config,
            invocation: HookInvocation(
                arguments: ["todo"] + hookArguments, command: command, dataFile: path, version: version))
        return TodoServiceProvider(
            storage: JSONFileTodoStorage(path: path, options: storeOptions),
            alertService: TerminalAlertService(terminal: terminal, output: output),
            hooks: hooks.flatMap { $0.isEnabled ? $0 : nil },
            urgencyCoefficients: config.urgencyCoefficients, weekStart: config.weekStart)
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
