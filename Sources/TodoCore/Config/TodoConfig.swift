/// The user's settings: the config file's `key = value` lines with the one-off overrides of
/// `todo --set key=value`, read, checked and typed — what every front end configures itself from.
///
/// ```swift
/// let config = try TodoConfig.load(environment: environment, overrides: ["week.start=sunday"])
/// for warning in config.warnings { printError("Warning: \(warning)") }
/// config.weekStart                  // .sunday
/// config.setting("week.start")?.origin  // .override
/// ```
///
/// The file (<doc:Configuration> describes every key): one setting per line, `key = value`, the
/// spaces around both ignored and the value taken whole — `=` and `#` included; a line whose
/// first character that is not a space is `#` is a comment; blank lines are ignored. A key given
/// twice takes its last value. A missing file means the defaults. A key todo does not know is a
/// warning (``warnings``); a line that is not `key = value`, a value its key refuses, or settings
/// that contradict each other are a ``TodoConfigError``.
public struct TodoConfig: Sendable {
    /// Where a setting's value comes from.
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        /// Not set: todo's default.
        case `default`
        /// A line of the config file (counted from 1).
        case file(line: Int)
        /// A `--set key=value` override, for one command.
        case override

        /// `default`, `line 4` or `--set`.
        public var description: String {
            switch self {
            case .default: return "default"
            case .file(let line): return "line \(line)"
            case .override: return "--set"
            }
        }

        /// The order errors are reported in: the file's lines, then the overrides.
        var rank: Int {
            switch self {
            case .file(let line): return line
            case .override: return Int.max - 1
            case .default: return Int.max
            }
        }
    }

    /// One effective setting: a key, its value as written, and where it comes from.
    public struct Setting: Sendable, Hashable {
        /// The key.
        public var key: String
        /// The value as written (empty for a default that is not set).
        public var value: String
        /// Where the value comes from.
        public var origin: Origin

        /// A setting.
        public init(key: String, value: String, origin: Origin) {
            self.key = key
            self.value = value
            self.origin = origin
        }
    }

    /// When output is coloured (`color`).
    public enum ColorMode: String, Sendable, Hashable, CaseIterable {
        /// When standard output is a terminal and `NO_COLOR` is not set.
        case auto
        /// Always, even in a pipe.
        case always
        /// Never.
        case never
    }

    /// A named context (`context.NAME = filter`): the filter that narrows lists, `next` and the
    /// reports while the context is active, and what `add` gets from it.
    public struct Context: Sendable, Hashable {
        /// The context's name.
        public var name: String
        /// The todos the context shows.
        public var filter: TodoFilter
        /// Whether `add` gets something from the context: its filter is a plain conjunction of
        /// terms (no `or`, no `not` before a group). Otherwise new todos get nothing from it.
        public var isWritable: Bool
        /// The tags a todo added in the context gets: those of its `+tag` terms.
        public var tags: [String]
        /// The project a todo added in the context gets: that of its `project:` term (the most
        /// specific, when several name a project and those below it), or `nil`.
        public var project: String?

        /// The context `name` with `filter`, and what `add` gets from it.
        public init(name: String, filter: TodoFilter) {
            self.name = name
            self.filter = filter
            (isWritable, tags, project) = Context.writeDefaults(of: filter.expression)
        }

        /// `draft` as added in this context (Taskwarrior's write context): the context's tags are
        /// added (a tag the draft has in another case is not added again), and its project is
        /// the draft's unless the draft names one. A context that is not writable
        /// (``isWritable``) leaves the draft as it is.
        public func applied(to draft: TodoDraft) -> TodoDraft {
            guard isWritable else { return draft }
            var draft = draft
            for tag in tags where !draft.tags.contains(where: { $0.lowercased() == tag.lowercased() }) {
                draft.tags.insert(tag)
            }
            if draft.project == nil { draft.project = project }
            return draft
        }

        private static func writeDefaults(of expression: FilterExpression?) -> (Bool, [String], String?) {
            guard let expression else { return (true, [], nil) }
            let items: [FilterExpression]
            switch expression {
            case .and(let list): items = list
            case .term, .not: items = [expression]
            case .or: return (false, [], nil)
            }
            var tags: [String] = []
            var projects: [String] = []
            for item in items {
                switch item {
                case .term(.tag(let tag)):
                    if let valid = try? Todo.validTag(tag), !tags.contains(valid) { tags.append(valid) }
                case .term(.project(.under(let project))), .term(.project(.exactly(let project))):
                    if let valid = try? Todo.validProject(project) { projects.append(valid) }
                case .term, .not(.term):
                    continue  // narrows what the context shows; nothing a new todo can be given
                default:
                    return (false, [], nil)
                }
            }
            // Several projects: the most specific, when the others are it or above it.
            let deepest = projects.max { $0.count < $1.count }
            let project = deepest.flatMap { deepest in
                projects.allSatisfy { other in
                    let (a, b) = (deepest.lowercased(), other.lowercased())
                    return a == b || a.hasPrefix(b + ".")
                } ? deepest : nil
            }
            return (true, tags, project)
        }
    }

    /// The config file's path; `nil` when none could be located (no `HOME`).
    public let file: String?
    /// What in the file is ignored: unknown keys, keys set twice.
    public internal(set) var warnings: [TodoConfigWarning] = []

    /// What plain `todo` runs (`default.command`), as words; `next` by default.
    public internal(set) var defaultCommand: [String] = ["next"]
    /// The aliases (`alias.NAME = words…`), by name, as written (see ``expansion(ofAlias:)``).
    public internal(set) var aliases: [String: [String]] = [:]
    /// The contexts (`context.NAME = filter`), by name.
    public internal(set) var contexts: [String: Context] = [:]
    /// The active context's name (`context = NAME`), or `nil` (`context = none`, the default).
    public internal(set) var activeContextName: String?
    /// The reports the file defines or changes (`report.NAME.…`), by name.
    public internal(set) var reports: [String: ReportDefinition] = [:]
    /// The urgency coefficients (`urgency.…`): Taskwarrior's, with those the file changes.
    public internal(set) var urgencyCoefficients = UrgencyCoefficients.taskwarrior
    /// When output is coloured (`color`); `auto` by default.
    public internal(set) var color = ColorMode.auto
    /// The first day of a week (`week.start`); Monday by default.
    public internal(set) var weekStart = Weekday.monday
    /// How days are shown (`date.format`); `Y-M-D` by default.
    public internal(set) var dateFormat = DateDisplayFormat.iso
    /// Whether hooks run (`hooks`); on by default.
    public internal(set) var hooksEnabled = true
    /// The sync settings (`sync.…`).
    public internal(set) var sync = SyncSettings()

    /// The effective value of each known key that is set, by key.
    var entries: [String: Setting] = [:]
    /// Every error found, in the order of their lines.
    var errors: [TodoConfigError] = []

    /// The active context, when one is set.
    public var activeContext: Context? { activeContextName.flatMap { contexts[$0] } }

    /// The folder of hooks: `hooks/` beside the config file; `nil` without a config file.
    public var hooksFolder: String? {
        file.map { FileSystem.folder(of: $0) + "/hooks" }
    }

    /// The defaults, for the config file at `file`.
    public static func defaults(file: String?) -> TodoConfig {
        TodoConfig(defaultsFor: file)
    }

    private init(defaultsFor file: String?) {
        self.file = file
    }

    /// Reads settings from the text of a config file, then the overrides.
    ///
    /// - Parameters:
    ///   - file: The file's path, for messages and the hooks' folder.
    ///   - text: The file's content.
    ///   - overrides: `key=value` texts (`todo --set`), applied after the file, in order.
    ///   - commands: The front end's command names: when given, an alias or report that would
    ///     hide one is an error, and so is a `default.command` or alias that starts with a word
    ///     that is neither a command, an alias, a report nor a filter term
    ///     (``checkNames(commands:reports:)``).
    ///   - reports: The commands among `commands` that are reports a config may change
    ///     (`report.next.columns`).
    /// - Throws: ``TodoConfigError`` for the first problem, in the order of the lines.
    public init(
        file: String?, text: String, overrides: [String] = [], commands: Set<String>? = nil,
        reports: Set<String> = []
    ) throws(TodoConfigError) {
        self.init(collecting: file, text: text, overrides: overrides, commands: commands, reports: reports)
        if let first = errors.first { throw first }
    }

    /// Reads settings from the config file that `environment` names (``location(environment:)``):
    /// the defaults when there is no file, or when no location can be found (no `HOME`).
    ///
    /// - Parameters:
    ///   - environment: The process's environment variables.
    ///   - overrides: `key=value` texts (`todo --set`), applied after the file, in order.
    ///   - commands: The front end's command names (see ``init(file:text:overrides:commands:reports:)``).
    ///   - reports: The commands that are reports a config may change.
    /// - Throws: ``TodoConfigError``: ``TodoConfigError/Reason/invalid`` for the first problem of
    ///   the file or the overrides; ``TodoConfigError/Reason/fileSystem`` when the file cannot be
    ///   read (no permission, a folder) or `HOME` is relative.
    public static func load(
        environment: [String: String], overrides: [String] = [], commands: Set<String>? = nil,
        reports: Set<String> = []
    ) throws(TodoConfigError) -> TodoConfig {
        let file = try location(environment: environment)
        let text = try file.map { file throws(TodoConfigError) in try read(file) } ?? ""
        return try TodoConfig(file: file, text: text, overrides: overrides, commands: commands, reports: reports)
    }

    /// The config file's path: `$TODO_CONFIG`, else `$XDG_CONFIG_HOME/todo/config` when
    /// `XDG_CONFIG_HOME` is absolute (a relative one is ignored, as the XDG specification says),
    /// else `~/.config/todo/config`; `nil` when none applies (no `HOME`).
    ///
    /// - Throws: ``TodoConfigError`` (``TodoConfigError/Reason/fileSystem``) for a relative
    ///   `HOME`, which would put the file under whatever folder the command runs in.
    public static func location(environment: [String: String]) throws(TodoConfigError) -> String? {
        if let file = environment["TODO_CONFIG"], !file.isEmpty { return file }
        if let folder = environment["XDG_CONFIG_HOME"], folder.hasPrefix("/") {
            return join(folder, "todo/config")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        guard home.hasPrefix("/") else {
            throw TodoConfigError(
                reason: .fileSystem, file: join(home, ".config/todo/config"), origin: nil, key: nil,
                problem: "cannot find the config file: HOME is '\(home)', not an absolute path",
                fix: "set HOME to an absolute path, or set TODO_CONFIG")
        }
        return join(home, ".config/todo/config")
    }

    /// The content of the config file at `file`; empty when there is none.
    static func read(_ file: String) throws(TodoConfigError) -> String {
        let bytes: [UInt8]?
        do {
            bytes = try FileSystem.read(file)
        } catch {
            throw TodoConfigError(
                reason: .fileSystem, file: file, origin: nil, key: nil, problem: error.description,
                fix: "check the file, or set TODO_CONFIG to another one")
        }
        guard let bytes else { return "" }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // Name the line that is not UTF-8.
        var line = 1
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") || index == bytes.count - 1 {
            if String(validating: bytes[start...index], as: UTF8.self) == nil { break }
            line += 1
            start = index + 1
        }
        throw TodoConfigError(
            file: file, origin: .file(line: line), key: nil, problem: "the line is not UTF-8 text",
            fix: "save the file as UTF-8")
    }

    private static func join(_ folder: String, _ rest: String) -> String {
        folder.hasSuffix("/") ? folder + rest : folder + "/" + rest
    }

    // MARK: Reading

    /// Reads every line and override, collecting every problem in ``errors``.
    init(
        collecting file: String?, text: String, overrides: [String], commands: Set<String>?,
        reports builtInReports: Set<String>
    ) {
        self.file = file
        let path = file ?? ""
        // The effective value of each key: the file's last line for it, then the overrides.
        var given: [String: (value: String, origin: Origin, key: ConfigKey)] = [:]
        var order: [String] = []
        var lineOf: [String: Int] = [:]
        given.reserveCapacity(64)
        lineOf.reserveCapacity(64)
        entries.reserveCapacity(64)
        for line in ConfigLine.lines(of: text) {
            switch line.kind {
            case .blank, .comment:
                continue
            case .invalid(let problem):
                errors.append(.invalid(nil, problem, file: path, origin: .file(line: line.number)))
            case .setting(let key, let value):
                let configKey: ConfigKey
                switch ConfigKey.classify(key) {
                case .unknown(let message, let suggestion):
                    warnings.append(
                        TodoConfigWarning(
                            file: path, line: line.number, key: key, message: message + "; the line is ignored",
                            suggestion: suggestion))
                    continue
                case .malformed(let problem):
                    errors.append(.invalid(key, problem, file: path, origin: .file(line: line.number)))
                    continue
                case .known(let known):
                    configKey = known
                }
                if let earlier = lineOf[key] {
                    warnings.append(
                        TodoConfigWarning(
                            file: path, line: earlier, key: key,
                            message: "\(key) is set again on line \(line.number); this line is ignored"))
                } else {
                    order.append(key)
                }
                lineOf[key] = line.number
                given[key] = (value, .file(line: line.number), configKey)
            }
        }
        for text in overrides {
            guard let equals = text.firstIndex(of: "=") else {
                errors.append(
                    TodoConfigError(
                        file: path, origin: .override, key: text, problem: "'\(text)' is not key=value",
                        fix: "write --set key=value, such as --set hooks=off"))
                continue
            }
            let key = text[..<equals].trimmingSpaces()
            let value = text[text.index(after: equals)...].trimmingSpaces()
            let configKey: ConfigKey
            switch ConfigKey.classify(key) {
            case .unknown(let message, let suggestion):
                // A one-off override of a key that does not exist is surely a mistake: refused.
                errors.append(
                    TodoConfigError(
                        file: path, origin: .override, key: key,
                        problem: message,
                        fix: suggestion.map { "did you mean '\($0)'?" } ?? "see the Configuration guide for the keys"))
                continue
            case .malformed(let problem):
                errors.append(.invalid(key, problem, file: path, origin: .override))
                continue
            case .known(let known):
                configKey = known
            }
            if given[key] == nil { order.append(key) }
            given[key] = (value, .override, configKey)
        }
        for key in order {
            guard let (value, origin, configKey) = given[key] else { continue }
            do throws(ConfigProblem) {
                try configKey.apply(value, to: &self)
                entries[key] = Setting(key: key, value: value, origin: origin)
            } catch {
                errors.append(.invalid(key, error, file: path, origin: origin))
            }
        }
        checkConsistency()
        if let commands { errors += namesProblems(commands: commands, reports: builtInReports) }
        // The built-in reports take a filter and a limit from the config; their columns and order
        // are their own.
        for name in builtInReports.sorted() {
            for part in ["sort", "columns", "description"] {
                let key = "report.\(name).\(part)"
                guard case .file(let line)? = entries[key]?.origin else { continue }
                warnings.append(
                    TodoConfigWarning(
                        file: path, line: line, key: key,
                        message: "\(key) is not used: \(name) takes report.\(name).filter and "
                            + "report.\(name).limit only; for other columns or another order, define a "
                            + "report of another name"))
            }
        }
        errors.sort { ($0.origin?.rank ?? Int.max) < ($1.origin?.rank ?? Int.max) }
    }

    /// The origin of `key`'s value (`.default` when not set).
    func origin(of key: String) -> Origin {
        entries[key]?.origin ?? .default
    }

    /// Adds the problems between keys: an active context that is not defined, aliases that expand
    /// to each other in a loop, a name that is both an alias and a report, plain HTTP to another
    /// machine.
    private mutating func checkConsistency() {
        let path = file ?? ""
        if let name = activeContextName, contexts[name] == nil {
            let near = FilterWords.nearMiss(name, among: contexts.keys.sorted())
            errors.append(
                TodoConfigError(
                    file: path, origin: origin(of: "context"), key: "context",
                    problem: "no context named '\(name)' is defined"
                        + (near.map { " (did you mean '\($0)'?)" } ?? ""),
                    fix: "define it with context.\(name) = FILTER, or set context = none"))
        }
        var looping = Set<String>()
        for name in aliases.keys.sorted(by: { origin(of: "alias.\($0)").rank < origin(of: "alias.\($1)").rank }) {
            guard !looping.contains(name), var loop = aliasLoop(from: name), looping.isDisjoint(with: loop) else {
                continue
            }
            looping.formUnion(loop)
            // Told from the alias of the loop that comes first in the file.
            let first = loop.indices.min {
                origin(of: "alias.\(loop[$0])").rank < origin(of: "alias.\(loop[$1])").rank
            }!
            loop = Array(loop[first...] + loop[..<first])
            let steps = loop.map { "alias.\($0) starts with \(aliases[$0]![0])" }.joined(separator: ", ")
            errors.append(
                TodoConfigError(
                    file: path, origin: origin(of: "alias.\(loop[0])"), key: "alias.\(loop[0])",
                    problem: "the aliases expand to each other in a loop (\(steps))",
                    fix: "make one of them start with a command"))
        }
        for name in aliases.keys.sorted() where reports[name] != nil {
            errors.append(
                TodoConfigError(
                    file: path, origin: origin(of: "alias.\(name)"), key: "alias.\(name)",
                    problem: "'\(name)' is both an alias and a report", fix: "rename one of them"))
        }
        if let problem = sync.insecureProblem() {
            errors.append(.invalid(SyncSettings.Key.url.rawValue, problem, file: path, origin: origin(of: "sync.url")))
        }
    }

    /// The aliases of a loop reached from `name` by first words, in order, or `nil`.
    private func aliasLoop(from name: String) -> [String]? {
        var path = [name]
        var current = name
        while let first = aliases[current]?.first, aliases[first] != nil {
            if let start = path.firstIndex(of: first) { return Array(path[start...]) }
            path.append(first)
            current = first
        }
        return nil
    }
}
