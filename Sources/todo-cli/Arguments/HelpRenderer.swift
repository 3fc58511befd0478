/// The help of `todo` and of each command, in swift-argument-parser's layout, drawn from the
/// command declarations.
///
/// ```text
/// OVERVIEW: Add a todo.
///
/// USAGE: todo add <title> ... [--note <text>] …
///
/// ARGUMENTS:
///   <title>                 What to do; the words are joined with single spaces.
///
/// OPTIONS:
///   -n, --note <text>       Details about the todo.
/// ```
///
/// Every text ends with one new line; print it as it is.
enum HelpRenderer {
    /// The indentation of the entries of a section.
    static let entryIndent = 2
    /// The column where the descriptions of entries start.
    static let descriptionColumn = 26

    /// The help of `todo` itself: overview, usage, global options, the list of commands and the
    /// help topics.
    ///
    /// - Parameter config: The config file's reports and aliases, listed after the commands.
    static func topLevelHelp(config: ConfigCommands = .none) -> String {
        let options = (OptionSpec.globals + [.set, .version, .help]).map(entry(for:))
        let commands = CommandCatalog.visibleCommands.map { command in
            entry(label: command.names.joined(separator: ", "), description: command.overview)
        }
        let topics = HelpTopic.all.map { entry(label: $0.name, description: $0.overview) }
        var sections: [(String, [String])] = [("OPTIONS", options), ("SUBCOMMANDS", commands)]
        let reports = config.reportNames.map { name in
            entry(label: name, description: config.report(named: name)?.overview ?? "")
        }
        if !reports.isEmpty { sections.append(("REPORTS (from the config file)", reports)) }
        let aliases = config.aliasNames.map { entry(label: $0, description: config.aliasOverview($0)) }
        if !aliases.isEmpty { sections.append(("ALIASES (from the config file)", aliases)) }
        sections.append(("TOPICS", topics))
        return render(
            overview: CommandCatalog.overview, discussion: nil, usage: topLevelUsage(), sections: sections,
            footer: "  See 'todo help <subcommand>' for detailed help.")
    }

    /// The help of the topic named `name`, or of `todo` itself when `name` is `nil` or names no
    /// topic.
    static func help(forTopic name: String?, config: ConfigCommands = .none) -> String {
        name.flatMap { HelpTopic.named($0, weekStart: config.weekStart) }.map(help(for:))
            ?? topLevelHelp(config: config)
    }

    /// The help of a report or an alias of the config file.
    static func help(forConfigCommand name: String, config: ConfigCommands) -> String {
        config.report(named: name).map(help(for:)) ?? help(forAlias: name, config: config)
    }

    /// The help of an alias of the config file: what it runs.
    static func help(forAlias name: String, config: ConfigCommands) -> String {
        render(
            overview: config.aliasOverview(name),
            discussion: "An alias of the config file (alias.\(name)): 'todo \(name) …' runs these words, then "
                + "the rest of the command line. See 'todo help \(config.aliases[name]?.first ?? "")' for them.",
            usage: "USAGE: todo \(name) ...", sections: [], footer: nil)
    }

    /// The help of a topic (`todo help dates`): overview, discussion and its sections.
    static func help(for topic: HelpTopic) -> String {
        let sections = topic.sections.map { section in
            (section.heading, section.entries.map { entry(label: $0.label, description: $0.description) })
        }
        return render(
            overview: topic.overview, discussion: topic.discussion, usage: nil, sections: sections, footer: nil)
    }

    /// The help of one command: overview, usage, arguments, and its options followed by the
    /// global ones and `-h, --help`.
    static func help(for command: CommandSpec) -> String {
        let arguments = command.arguments.map { argument in
            entry(label: argument.value.label, description: argument.help)
        }
        let options = (command.options + OptionSpec.globals + [.help]).map(entry(for:))
        return render(
            overview: command.overview, discussion: command.discussion, usage: usage(for: command),
            sections: [("ARGUMENTS", arguments), ("OPTIONS", options)], footer: nil)
    }

    /// `USAGE: todo add <title> ... [--note <text>] …`, wrapped at 80 columns with the
    /// continuation lines under the first argument.
    static func usage(for command: CommandSpec) -> String {
        let head = "USAGE: todo \(command.name)"
        return TextLayout.join(
            [head] + usageUnits(for: command), firstPrefix: "", nextPrefix: TextLayout.spaces(head.count + 1))
    }

    /// `USAGE: todo [--file <path>] [--json] [--no-color] [--quiet] <subcommand>`
    static func topLevelUsage() -> String {
        let head = "USAGE: todo"
        let units = OptionSpec.globals.map { "[\($0.synopsis)]" } + ["<subcommand>"]
        return TextLayout.join([head] + units, firstPrefix: "", nextPrefix: TextLayout.spaces(head.count + 1))
    }

    /// The parts of a command's usage: its arguments, then its options, exclusive flags
    /// together (`[--all | --done]`), repeatable options marked (`[--tag <tag> ...]`).
    static func usageUnits(for command: CommandSpec) -> [String] {
        var units = command.arguments.map(\.synopsis)
        var shown: Set<String> = []
        for option in command.options where !shown.contains(option.long) {
            if let group = command.exclusiveFlags.first(where: { $0.contains(option.long) }) {
                shown.formUnion(group)
                units.append("[" + group.map { "--\($0)" }.joined(separator: " | ") + "]")
            } else {
                shown.insert(option.long)
                units.append("[\(option.synopsis)\(option.isRepeatable ? " ..." : "")]")
            }
        }
        return units
    }

    /// The entry of an option: its names and value, then its description.
    private static func entry(for option: OptionSpec) -> String {
        entry(label: option.helpLabel, description: description(of: option))
    }

    /// The help of an option with the allowed values and the default.
    static func description(of option: OptionSpec) -> String {
        var description = option.help
        if let values = option.value?.allowedValues {
            description += " (values: \(values.joined(separator: ", ")))"
        }
        if let defaultValue = option.defaultValue {
            description += " (default: \(defaultValue))"
        }
        return description
    }

    /// `  label     description`, the description wrapped in its column, on the next line
    /// when the label is too long.
    static func entry(label: String, description: String) -> String {
        let paddedLabel = TextLayout.spaces(entryIndent) + label
        let wrapped = TextLayout.wrap(description, indent: descriptionColumn)
        guard paddedLabel.count < descriptionColumn else { return paddedLabel + "\n" + wrapped }
        return paddedLabel + wrapped.dropFirst(paddedLabel.count)
    }

    /// Puts the parts together: each section a heading in capitals and its entries, the
    /// sections separated by blank lines, empty ones left out.
    private static func render(
        overview: String, discussion: String?, usage: String?, sections: [(String, [String])], footer: String?
    ) -> String {
        var blocks = [TextLayout.wrap("OVERVIEW: \(overview)")]
        if let discussion { blocks.append(TextLayout.wrap(discussion)) }
        if let usage { blocks.append(usage) }
        for (heading, entries) in sections where !entries.isEmpty {
            blocks.append("\(heading):\n" + entries.joined(separator: "\n"))
        }
        if let footer { blocks.append(footer) }
        return blocks.joined(separator: "\n\n") + "\n"
    }
}
