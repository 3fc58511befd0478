import TodoCore

/// `todo config`: prints the effective settings and where each comes from; `todo config KEY`
/// prints one; `todo config KEY VALUE…` sets one and `todo config KEY --unset` removes it,
/// rewriting the config file atomically with TodoCore's `TodoConfigFile` (comments and order
/// kept; keys and values checked by TodoCore's registry).
struct ConfigCommand {
    /// The key to print, set or unset; `nil` to print every setting.
    var key: String?
    /// The value to set (the words joined with spaces); `nil` to print or unset.
    var value: String?
    /// `--unset`.
    var unset: Bool
}

extension ArgumentSpec {
    /// `[<key>]` (config)
    static let configKey = ArgumentSpec(
        value: ValueSpec(name: "key", kind: .configKey), isRequired: false,
        help: "A setting: week.start, alias.t, report.overdue.filter… (todo config lists them).")
    /// `[<value> ...]` (config)
    static let configValue = ArgumentSpec(
        value: ValueSpec(name: "value", kind: .text), isRequired: false, isVariadic: true, takesDashWords: true,
        help: "The new value; several words are joined with spaces.")
}

extension OptionSpec {
    /// `--unset` (config)
    static let unset = OptionSpec(long: "unset", help: "Remove the key's lines from the config file.")
}

extension ConfigCommand: TodoSubcommand {
    /// `todo config [<key>] [<value> ...] [--unset]`
    static let spec = CommandSpec(
        name: "config",
        overview: "Show or change the settings of the config file.",
        discussion: """
            Without a key, prints every setting with where its value comes from: default, a \
            line of the config file, or --set. With a key and a value, sets it; with --unset, \
            removes it. The file is rewritten atomically, keeping its comments and the order of \
            its lines; a key todo does not know, or a value its key refuses, changes nothing \
            (exit 78). Docs/Configuration.md describes every key.

            Examples:
              todo config
              todo config week.start sunday
              todo config alias.t next +today
              todo config report.overdue.filter is:overdue
              todo config alias.t --unset
            """,
        arguments: [.configKey, .configValue],
        options: [.unset])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        key = values.value(of: .configKey)?.text
        let words = values.words(of: .configValue)
        value = words.isEmpty ? nil : words.joined(separator: " ")
        unset = values.isSet(.unset)
        if unset, key == nil { throw ArgumentProblem("'--unset' needs the key to remove") }
        if unset, value != nil { throw ArgumentProblem("'--unset' removes a key; give no value") }
    }

    /// The settings as lines: a header naming the file, then `key = value` and its origin.
    var printsJSON: Bool { true }

    func run(in context: CommandContext) -> ExitCode {
        let config = context.config
        guard let key else { return printAll(config, in: context) }
        guard value != nil || unset else { return printOne(key, config, in: context) }
        guard let path = config.file else {
            context.output.err("Error: there is no config file to change: HOME is not set; set TODO_CONFIG or HOME\n")
            return .ioError
        }
        let file = TodoConfigFile(path: path)
        do throws(TodoConfigError) {
            if let value {
                try file.set(
                    key, to: value, commands: ConfigCommands.catalogNames, reports: ConfigCommands.builtInReports)
                context.say("Set \(key) = \(value) in \(path)")
            } else if try file.unset(
                key, commands: ConfigCommands.catalogNames, reports: ConfigCommands.builtInReports)
            {
                context.say("Removed \(key) from \(path)")
            } else {
                context.say("\(key) is not set in \(path); nothing was changed")
            }
        } catch {
            context.output.err("Error: \(error.description.shownOnOneLine)\n")
            return ExitCode(error)
        }
        return .success
    }

    /// `config line 3`, `default` or `--set`.
    static func originText(_ origin: TodoConfig.Origin) -> String {
        switch origin {
        case .default: return "default"
        case .file(let line): return "config line \(line)"
        case .override: return "--set"
        }
    }

    private func printAll(_ config: TodoConfig, in context: CommandContext) -> ExitCode {
        let settings = config.settings
        if context.options.json {
            var json = "{\"file\":" + (config.file.map(TodoJSONOutput.string) ?? "null") + ",\"settings\":[\n"
            json += settings.map(ConfigCommand.json).joined(separator: ",\n")
            context.printJSON(json + "\n]}\n")
            return .success
        }
        var lines = ["# " + (config.file.map { "Config file: \($0)" } ?? "No config file (HOME is not set)")]
        let keyWidth = settings.reduce(0) { max($0, DisplayWidth.of($1.key)) }
        for setting in settings {
            let head = DisplayWidth.pad(setting.key, to: keyWidth) + " = " + setting.value
            lines.append(head + "  (" + ConfigCommand.originText(setting.origin) + ")")
        }
        context.say(lines.joined(separator: "\n"))
        return .success
    }

    private func printOne(_ key: String, _ config: TodoConfig, in context: CommandContext) -> ExitCode {
        guard let setting = config.setting(key) else {
            if context.options.json {
                context.printJSON("null\n")
            } else {
                context.say("\(key) is not set")
            }
            return .success
        }
        if context.options.json {
            context.printJSON(ConfigCommand.json(setting) + "\n")
        } else {
            context.say(setting.value + "  (" + ConfigCommand.originText(setting.origin) + ")")
        }
        return .success
    }

    /// `{"key":"week.start","value":"sunday","origin":"file","line":3}`: the origin is `default`,
    /// `file` (with its line) or `set`.
    static func json(_ setting: TodoConfig.Setting) -> String {
        let (origin, line): (String, String)
        switch setting.origin {
        case .default: (origin, line) = ("default", "null")
        case .file(let number): (origin, line) = ("file", String(number))
        case .override: (origin, line) = ("set", "null")
        }
        return "{\"key\":\(TodoJSONOutput.string(setting.key)),\"value\":\(TodoJSONOutput.string(setting.value)),"
            + "\"origin\":\"\(origin)\",\"line\":\(line)}"
    }
}
