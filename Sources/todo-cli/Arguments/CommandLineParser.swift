import TodoCore

/// Turns `todo`'s arguments into an ``Invocation``: a pure function, with no side effects.
///
/// Global options (`--file`, `--json`, `--no-color`, `--quiet`) are accepted before the
/// command and anywhere among its arguments; `--` ends the options; `-h` or `--help`
/// anywhere before a `--` asks for help instead of running anything. Filter terms may come
/// before the command, as Taskwarrior reads them (`todo +work list`, `todo 3 done`): only
/// structured ones (`TodoFilter.isStructuredTerm(_:)`), since any other word there is taken for
/// the command; a filter without a command lists (one id alone shows that todo).
enum CommandLineParser {
    /// Parses `arguments`, given without the program name.
    ///
    /// - Parameter config: The reports the config file adds as commands (its aliases are
    ///   expanded before, by ``TodoCommand``); the help lists them.
    /// - Returns: The invocation, or the usage error to print (exit 64).
    static func parse(_ arguments: [String], config: ConfigCommands = .none) -> Result<Invocation, UsageError> {
        let location = CommandLocation(arguments, config: config)
        let subcommand = location.name.flatMap(CommandCatalog.subcommand(named:))
        let report = subcommand == nil ? location.name.flatMap(config.report(named:)) : nil
        if asksForHelp(arguments) {
            return helpInvocation(commandName: location.name, command: subcommand?.spec ?? report, config: config)
        }

        var reader = ArgumentReader(options: OptionSpec.globals + [.version])
        do {
            try reader.read(location.options[...])
        } catch {
            return .failure(usageError(error, command: nil))
        }
        if reader.helpRequested {
            return helpInvocation(commandName: location.name, command: subcommand?.spec ?? report, config: config)
        }
        if reader.values.isSet(.version) {
            return .success(Invocation(global: reader.values.globalOptions, command: VersionCommand()))
        }
        guard let name = location.name else {
            guard !location.filter.isEmpty else {
                return help(HelpRenderer.topLevelHelp(config: config), global: reader.values.globalOptions)
            }
            // A filter without a command: one id alone shows that todo, any other filter lists.
            let implied: any TodoSubcommand.Type =
                location.filter.count == 1 && ValueSpec.positiveInteger(location.filter[0]) != nil
                ? ShowCommand.self : ListCommand.self
            return parse(
                [], of: implied.spec, make: implied.init, after: reader.values, filter: location.filter,
                optionsEnded: false)
        }
        if let report, let definition = config.reports[name] {
            return parse(
                arguments[location.argumentsStart...], of: report,
                make: { values throws(ArgumentProblem) in try ReportCommand(values, report: definition) },
                after: reader.values, filter: location.filter, optionsEnded: location.optionsEnded)
        }
        guard let subcommand else {
            return .failure(usageError(.unknownCommand(name, among: config.reportNames), command: nil))
        }
        let rest = arguments[location.argumentsStart...]
        if subcommand == HelpCommand.self, rest.count == 1, let word = rest.first,
            config.reports[word] != nil || config.aliases[word] != nil
        {
            // `todo help overdue`: a report or an alias of the config file, which the declaration's
            // list of commands does not hold.
            return help(HelpRenderer.help(forConfigCommand: word, config: config), global: reader.values.globalOptions)
        }
        let make: (ParsedValues) throws(ArgumentProblem) -> any ParsedCommand
        if subcommand == HelpCommand.self {
            make = { values throws(ArgumentProblem) in try HelpCommand(values, config: config) }
        } else {
            make = subcommand.init
        }
        return parse(
            arguments[location.argumentsStart...], of: subcommand.spec, make: make, after: reader.values,
            filter: location.filter, optionsEnded: location.optionsEnded)
    }

    /// The index of the command's name among `arguments` (or `nil`), and the filter terms before
    /// it: where ``TodoCommand`` expands an alias, or adds `default.command`.
    static func commandIndex(in arguments: [String], config: ConfigCommands = .none) -> (index: Int?, filter: [String])
    {
        let location = CommandLocation(arguments, config: config)
        return (location.name == nil ? nil : location.argumentsStart - 1, location.filter)
    }

    /// Whether the arguments ask for help (`-h`, `--help`) or the version, so that no default
    /// command is added.
    static func asksForHelpOrVersion(_ arguments: [String]) -> Bool {
        asksForHelp(arguments) || arguments.prefix { $0 != "--" }.contains("--version")
    }

    /// Reads the arguments that follow the command's name, then makes the command from them.
    ///
    /// - Parameters:
    ///   - command: The command's declaration.
    ///   - make: Makes the command from the values read.
    ///   - filter: The filter terms given before the command's name.
    private static func parse(
        _ tokens: ArraySlice<String>, of command: CommandSpec,
        make: (ParsedValues) throws(ArgumentProblem) -> any ParsedCommand, after values: ParsedValues,
        filter: [String], optionsEnded: Bool
    ) -> Result<Invocation, UsageError> {
        var values = values
        var arguments = command.arguments
        // The argument the terms before the name stand for, which need not be given after it.
        var given: ArgumentSpec?
        do throws(ArgumentProblem) {
            if !filter.isEmpty {
                switch command.filterBefore {
                case .refused:
                    throw ArgumentProblem(
                        "'\(command.name)' takes no filter; '\(filter.joined(separator: " "))' cannot come before it")
                case .terms:
                    values.filterBefore = filter
                    given = arguments.first
                case .firstArgument:
                    let first = arguments.removeFirst()
                    if case .filter = first.value.kind {
                        for word in filter { values.record(.text(word), for: first) }
                    } else {
                        guard filter.count == 1 else {
                            throw ArgumentProblem(
                                "'\(command.name)' takes one \(first.value.label) before it, not '\(filter.joined(separator: " "))'"
                            )
                        }
                        values.record(try first.value.read(filter[0], place: "'\(first.value.label)'"), for: first)
                    }
                }
            }
            var reader = ArgumentReader(
                options: command.options + OptionSpec.globals, arguments: arguments, values: values)
            try reader.read(tokens, optionsEnded: optionsEnded)
            if reader.helpRequested {
                return help(HelpRenderer.help(for: command), global: reader.values.globalOptions)
            }
            try reader.checkRequiredArguments(except: given)
            try checkExclusiveFlags(of: command, in: reader.values)
            return .success(
                Invocation(global: reader.values.globalOptions, command: try make(reader.values)))
        } catch {
            return .failure(usageError(error, command: command))
        }
    }

    /// Whether `-h` or `--help` appears before any `--`.
    private static func asksForHelp(_ arguments: [String]) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == "-h" || argument == "--help" { return true }
        }
        return false
    }

    /// The help of the named command or topic, of `todo` when no command is named, or an
    /// unknown command error.
    private static func helpInvocation(
        commandName: String?, command: CommandSpec?, config: ConfigCommands
    ) -> Result<Invocation, UsageError> {
        guard let commandName else {
            return help(HelpRenderer.topLevelHelp(config: config))
        }
        guard let command else {
            guard let topic = HelpTopic.named(commandName, weekStart: config.weekStart) else {
                return .failure(usageError(.unknownCommand(commandName, among: config.reportNames), command: nil))
            }
            return help(HelpRenderer.help(for: topic))
        }
        return help(HelpRenderer.help(for: command))
    }

    /// An invocation that prints `text`, a help, never acting.
    private static func help(_ text: String, global: GlobalOptions = .init()) -> Result<Invocation, UsageError> {
        .success(Invocation(global: global, command: HelpCommand(text: text)))
    }

    /// Fails when two flags of one of the command's exclusive groups were given, or two options
    /// that contradict each other.
    private static func checkExclusiveFlags(of command: CommandSpec, in values: ParsedValues) throws(ArgumentProblem) {
        for group in command.exclusiveFlags {
            let given = group.compactMap(command.option(long:)).filter(values.isSet)
            if given.count > 1 { throw .conflict(given[0], given[1]) }
        }
        for conflict in command.conflicts {
            if let problem = conflict.problem(in: values) { throw problem }
        }
    }

    /// The usage error for `problem`, with the usage line of `command` (or of `todo`).
    private static func usageError(_ problem: ArgumentProblem, command: CommandSpec?) -> UsageError {
        guard let command else {
            return UsageError(message: problem.message, usage: HelpRenderer.topLevelUsage(), command: nil)
        }
        return UsageError(message: problem.message, usage: HelpRenderer.usage(for: command), command: command.name)
    }
}

/// Where the command's name is among the arguments, and what comes before it.
private struct CommandLocation {
    /// The command's name: the first argument that is neither an option, the value of
    /// `--file`, nor a structured filter term; or the argument after a `--`.
    var name: String?
    /// The options before the command (the value of `--file` with them).
    var options: [String] = []
    /// The filter terms before the command, in order.
    var filter: [String] = []
    /// The index of the command's first argument.
    var argumentsStart: Int
    /// Whether a `--` came before the command's name.
    var optionsEnded = false

    /// Finds the command's name among `arguments`; the config's reports are commands too.
    init(_ arguments: [String], config: ConfigCommands = .none) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch ArgumentToken(argument) {
            case .terminator:
                optionsEnded = true
                if index + 1 < arguments.count { name = arguments[index + 1] }
                argumentsStart = min(index + 2, arguments.count)
                return
            case .word(let word):
                guard CommandCatalog.subcommand(named: word) == nil, config.reports[word] == nil,
                    TodoFilter.isStructuredTerm(word)
                else {
                    (name, argumentsStart) = (word, index + 1)
                    return
                }
                filter.append(word)
            case .long(let long, nil) where long == OptionSpec.file.long:
                options.append(argument)
                if index + 1 < arguments.count, ArgumentToken(arguments[index + 1]).isWord {
                    index += 1
                    options.append(arguments[index])
                }
            case .shorts(let letters):
                // `-q` and `-x` are options (`-x` an unknown one); `-old` is a filter term (the
                // todos without the tag `old`).
                let globals = (OptionSpec.globals + [.help]).compactMap(\.short)
                if letters.count > 1, !letters.allSatisfy(globals.contains), TodoFilter.isStructuredTerm(argument) {
                    filter.append(argument)
                } else {
                    options.append(argument)
                }
            case .long:
                options.append(argument)
            }
            index += 1
        }
        argumentsStart = arguments.count
    }
}

extension ParsedValues {
    /// The global options among the values.
    var globalOptions: GlobalOptions {
        GlobalOptions(
            file: value(of: .file)?.text, json: isSet(.json), noColor: isSet(.noColor), quiet: isSet(.quiet))
    }
}
