import TodoCore

/// `todo context`: shows the active context; `todo context NAME` makes NAME active and
/// `todo context none` turns it off (both rewrite `context = …` in the config file); `todo
/// context list` lists the contexts the config defines (`context.NAME = filter`).
struct ContextCommand {
    /// What to do.
    var action: Action

    /// What `todo context` was asked.
    enum Action: Equatable {
        /// Show the active context.
        case show
        /// List the defined contexts.
        case list
        /// Turn the active context off.
        case none
        /// Make this context active.
        case activate(String)
    }
}

extension ArgumentSpec {
    /// `[<name>]` (context)
    static let contextName = ArgumentSpec(
        value: ValueSpec(name: "name", kind: .text), isRequired: false,
        help: "A context to make active, none to turn the active one off, or list.")
}

extension ContextCommand: TodoSubcommand {
    /// `todo context [<name> | none | list]`
    static let spec = CommandSpec(
        name: "context",
        overview: "Show, list or switch the active context.",
        discussion: """
            A context is a filter the config file names (context.work = project:Work +office). \
            While one is active, list, next and the reports show only the todos it selects, and \
            add and log give new todos its tags and project. 'todo context work' makes it active \
            (it sets context = work in the config file), 'todo context none' turns it off, 'todo \
            context list' lists the contexts; 'todo --set context=none …' ignores it for one command.

            Examples:
              todo config context.work project:Work +office
              todo context work
              todo context
              todo context none
            """,
        arguments: [.contextName])

    init(_ values: ParsedValues) throws(ArgumentProblem) {
        switch values.value(of: .contextName)?.text {
        case nil: action = .show
        case "list": action = .list
        case "none": action = .none
        case let name?: action = .activate(name)
        }
    }

    func run(in context: CommandContext) -> ExitCode {
        let config = context.config
        switch action {
        case .show:
            if context.options.json {
                context.printJSON(config.activeContext.map(ContextCommand.json) ?? "null")
                context.printJSON("\n")
            } else if let active = config.activeContext {
                context.say("Context: \(active.name) (\(active.filter.description))")
            } else {
                context.say("No context is active. Define one with todo config context.NAME FILTER.")
            }
        case .list:
            let contexts = config.contexts.values.sorted { $0.name < $1.name }
            if context.options.json {
                context.printJSON("[" + contexts.map(ContextCommand.json).joined(separator: ",\n") + "]\n")
            } else if contexts.isEmpty {
                context.say("No contexts are defined. Define one with todo config context.NAME FILTER.")
            } else {
                let width = contexts.reduce(0) { max($0, DisplayWidth.of($1.name)) }
                let lines = contexts.map { item in
                    (item.name == config.activeContextName ? "* " : "  ") + DisplayWidth.pad(item.name, to: width)
                        + "  " + item.filter.description
                }
                context.say(lines.joined(separator: "\n"))
            }
        case .none:
            return change(to: nil, in: context)
        case .activate(let name):
            return change(to: name, in: context)
        }
        return .success
    }

    /// Sets `context = name` in the config file (removes it for `nil`).
    private func change(to name: String?, in context: CommandContext) -> ExitCode {
        guard let path = context.config.file else {
            context.output.err("Error: there is no config file to change: HOME is not set; set TODO_CONFIG or HOME\n")
            return .ioError
        }
        let file = TodoConfigFile(path: path)
        do throws(TodoConfigError) {
            if let name {
                guard context.config.contexts[name] != nil else {
                    let near = Suggestions.sentence(for: name, among: context.config.contexts.keys.sorted())
                    context.output.err(
                        "Error: no context named '\(name.shownOnOneLine)' is defined; define it with "
                            + "todo config context.\(name.shownOnOneLine) FILTER\(near)\n")
                    return .config
                }
                try file.set("context", to: name)
                context.say("Context: \(name) (\(context.config.contexts[name]!.filter.description))")
            } else {
                try file.unset("context")
                context.say("No context is active.")
            }
        } catch {
            context.output.err("Error: \(error.description.shownOnOneLine)\n")
            return ExitCode(error)
        }
        return .success
    }

    /// `{"name":"work","filter":"project:Work and +office","tags":["office"],"project":"Work"}`
    static func json(_ item: TodoConfig.Context) -> String {
        "{\"name\":\(TodoJSONOutput.string(item.name)),\"filter\":\(TodoJSONOutput.string(item.filter.description)),"
            + "\"tags\":[" + item.tags.map(TodoJSONOutput.string).joined(separator: ",") + "],"
            + "\"project\":" + (item.project.map(TodoJSONOutput.string) ?? "null") + "}"
    }
}
