import TodoCore

/// What `todo` does with the config before parsing a command line: takes the `--set key=value`
/// overrides out of the arguments, reads the config file with them (TodoCore's `TodoConfig`),
/// expands an alias in the command's place, and adds `default.command` when no command (and no
/// filter) is given.
struct ConfigStartup {
    /// The settings.
    var config: TodoConfig
    /// The arguments to parse: without the `--set` overrides, the alias expanded, the default
    /// command added.
    var arguments: [String]
    /// Whether the command is `default.command` (plain `todo`).
    var usesDefaultCommand = false
    /// The command's name once expanded, when one is given.
    var commandName: String?

    /// Why the command cannot run: the text for standard error and the exit code.
    struct Failure: Error {
        /// What to print on standard error.
        var text: String
        /// 64 for a `--set` without a value, 78 for settings that cannot be used, 74 for a file
        /// that cannot be read.
        var code: ExitCode
    }

    /// Reads the config for `arguments` (the command line without the program name).
    static func read(_ arguments: [String], environment: [String: String]) -> Result<ConfigStartup, Failure> {
        var rest: [String] = []
        var overrides: [String] = []
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "--" {
                optionsEnded = true
                rest.append(argument)
            } else if argument == "--set" {
                guard index < arguments.count else {
                    let error = UsageError(
                        message: "missing value for '--set <key=value>'", usage: HelpRenderer.topLevelUsage(),
                        command: nil)
                    return .failure(Failure(text: error.text, code: .usage))
                }
                overrides.append(arguments[index])
                index += 1
            } else if argument.hasPrefix("--set=") {
                overrides.append(String(argument.dropFirst("--set=".count)))
            } else {
                rest.append(argument)
            }
        }
        let config: TodoConfig
        do throws(TodoConfigError) {
            config = try TodoConfig.load(
                environment: environment, overrides: overrides, commands: ConfigCommands.catalogNames,
                reports: ConfigCommands.builtInReports)
        } catch {
            // `todo config KEY VALUE` and `todo context NAME` may mend a file that has an error.
            guard error.reason == .invalid, error.origin != .override, changesTheFile(rest) else {
                return .failure(Failure(text: "Error: \(error.description.shownOnOneLine)\n", code: ExitCode(error)))
            }
            config = .defaults(file: error.file)
        }
        var startup = ConfigStartup(config: config, arguments: rest)
        startup.expand()
        return .success(startup)
    }

    /// Expands an alias in the command's place, or adds `default.command` (its alias expanded)
    /// when neither a command nor a filter is given and no help or version is asked for.
    private mutating func expand() {
        let commands = ConfigCommands(config)
        let (index, filter) = CommandLineParser.commandIndex(in: arguments, config: commands)
        if let index {
            arguments = config.expandingAlias(in: arguments, at: index)
        } else if filter.isEmpty, !CommandLineParser.asksForHelpOrVersion(arguments) {
            let words = config.expandingAlias(in: config.defaultCommand, at: 0)
            arguments += words
            usesDefaultCommand = true
        }
        commandName = CommandLineParser.commandIndex(in: arguments, config: commands).index.map { arguments[$0] }
    }

    /// Whether `arguments` change the config file (`todo config KEY VALUE`, `todo config KEY
    /// --unset`, `todo context NAME`), so that an error in the file must not stop them.
    private static func changesTheFile(_ arguments: [String]) -> Bool {
        guard let index = CommandLineParser.commandIndex(in: arguments).index else { return false }
        let after = arguments[(index + 1)...]
        switch arguments[index] {
        case ConfigCommand.spec.name: return after.count >= 2 || after.contains("--unset")
        case ContextCommand.spec.name: return after.contains { $0 != "list" && !$0.hasPrefix("-") }
        default: return false
        }
    }
}
