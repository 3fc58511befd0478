/// A key of the config file as todo knows it: the registry of keys, their defaults and what each
/// value may be.
enum ConfigKey: Hashable, Sendable {
    case defaultCommand
    case color
    case weekStart
    case dateFormat
    case hooks
    /// `context = NAME`: the active context.
    case activeContext
    /// `alias.NAME`.
    case alias(String)
    /// `context.NAME`: a context's filter.
    case context(String)
    /// `report.NAME.PART`.
    case report(String, ReportDefinition.Part)
    /// `urgency.…` (the whole key).
    case urgency(String)
    /// `sync.…`.
    case sync(SyncSettings.Key)

    /// What a key is.
    enum Classification {
        /// A key todo knows.
        case known(ConfigKey)
        /// A key todo does not know (what is wrong, and the key probably meant): a line of the file
        /// with it is ignored, with a warning.
        case unknown(message: String, suggestion: String?)
        /// A key of a known family with a name that cannot be used (`alias.-x`): an error.
        case malformed(ConfigProblem)
    }

    /// The keys with one name, by name.
    private static let named: [String: ConfigKey] = {
        var keys: [String: ConfigKey] = [
            "default.command": .defaultCommand, "color": .color, "week.start": .weekStart,
            "date.format": .dateFormat, "hooks": .hooks, "context": .activeContext,
        ]
        for key in SyncSettings.Key.allCases { keys[key.rawValue] = .sync(key) }
        return keys
    }()

    /// Every key with one name and its default, as `todo config` lists them (sorted by key);
    /// an empty value is a setting that is not set.
    static let defaults: [(key: String, value: String)] = {
        var values: [String: String] = [
            "default.command": "next", "color": "auto", "week.start": "monday", "date.format": "Y-M-D",
            "hooks": "on", "context": "none", "sync.url": "", "sync.username": "", "sync.password_command": "",
            "sync.interval": "off", "sync.allow_insecure": "no",
        ]
        for name in UrgencyCoefficients.names {
            values[name] = ConfigKey.text(of: UrgencyCoefficients.taskwarrior.coefficient(named: name) ?? 0)
        }
        return values.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }()

    /// Taskwarrior's names for keys todo names otherwise.
    private static let taskwarriorNames: [String: String] = [
        "weekstart": "week.start", "dateformat": "date.format", "dateformat.report": "date.format",
        "colour": "color", "default.command": "default.command",
    ]

    /// What `key` is.
    static func classify(_ key: String) -> Classification {
        if let known = named[key] { return .known(known) }
        if key.hasPrefix("alias.") {
            let name = String(key.dropFirst("alias.".count))
            guard ConfigValues.isName(name) else { return .malformed(ConfigValues.badName(name, what: "an alias")) }
            return .known(.alias(name))
        }
        if key.hasPrefix("context.") {
            let name = String(key.dropFirst("context.".count))
            guard ConfigValues.isName(name) else { return .malformed(ConfigValues.badName(name, what: "a context")) }
            guard name != "none", name != "list" else {
                return .malformed(
                    ConfigProblem(
                        "'\(name)' cannot name a context: the name is reserved (it turns contexts off, or lists them)",
                        fix: "choose another name"))
            }
            return .known(.context(name))
        }
        if key.hasPrefix("report.") {
            return classifyReport(key)
        }
        if key.hasPrefix("urgency.") {
            return classifyUrgency(key)
        }
        return .unknown(message: "todo has no setting '\(key)'", suggestion: suggestion(for: key))
    }

    private static func classifyReport(_ key: String) -> Classification {
        let rest = key.dropFirst("report.".count)
        let parts = ReportDefinition.Part.allCases.map(\.rawValue)
        guard let dot = rest.lastIndex(of: ".") else {
            return .unknown(
                message: "'\(key)' names no part of a report (report.NAME.filter, .sort, .columns, .limit or "
                    + ".description)", suggestion: nil)
        }
        let name = String(rest[..<dot])
        let partName = String(rest[rest.index(after: dot)...])
        guard let part = ReportDefinition.Part(rawValue: partName) else {
            let near = FilterWords.nearMiss(partName, among: parts)
            return .unknown(
                message: "a report has no '\(partName)' (it has \(FilterWords.list(parts, conjunction: "and")))",
                suggestion: near.map { "report.\(name).\($0)" })
        }
        guard ConfigValues.isName(name) else { return .malformed(ConfigValues.badName(name, what: "a report")) }
        return .known(.report(name, part))
    }

    private static func classifyUrgency(_ key: String) -> Classification {
        if UrgencyCoefficients.names.contains(key) { return .known(.urgency(key)) }
        var coefficients = UrgencyCoefficients.taskwarrior
        do {
            try coefficients.setCoefficient(named: key, to: 0)
            return .known(.urgency(key))
        } catch {
            let problem = ConfigValues.problem(error)
            let text = problem.fix.isEmpty ? problem.problem : "\(problem.problem); \(problem.fix)"
            // A user coefficient with a name that cannot be used is an error; any other name is unknown.
            let user = ["urgency.user.tag.", "urgency.user.project.", "urgency.user.keyword."]
            if user.contains(where: key.hasPrefix), key.hasSuffix(".coefficient") {
                return .malformed(
                    problem.fix.isEmpty
                        ? ConfigProblem(problem.problem, fix: "give another name, or remove the line") : problem)
            }
            return .unknown(
                message: text,
                suggestion: FilterWords.nearMiss(key, among: UrgencyCoefficients.names))
        }
    }

    /// The key probably meant for the unknown `key`.
    private static func suggestion(for key: String) -> String? {
        let lowered = key.lowercased()
        if let renamed = taskwarriorNames[lowered] { return renamed }
        let candidates = named.keys.sorted()
        if candidates.contains(lowered) { return lowered }
        if let near = FilterWords.nearMiss(lowered, among: candidates) { return near }
        let extending = candidates.filter { $0.hasPrefix(lowered) && lowered.contains(".") }
        return extending.count == 1 ? extending[0] : nil
    }

    /// Applies `value` to `config`.
    func apply(_ value: String, to config: inout TodoConfig) throws(ConfigProblem) {
        switch self {
        case .defaultCommand:
            config.defaultCommand = try ConfigValues.words(value, what: "the default command")
        case .color:
            config.color = TodoConfig.ColorMode(
                rawValue: try ConfigValues.choice(value, among: TodoConfig.ColorMode.allCases.map(\.rawValue)))!
        case .weekStart:
            config.weekStart = Weekday(rawValue: try ConfigValues.choice(value, among: ["monday", "sunday"]))!
        case .dateFormat:
            do {
                config.dateFormat = try DateDisplayFormat(parsing: value)
            } catch {
                throw ConfigValues.problem(error)
            }
        case .hooks:
            config.hooksEnabled = try ConfigValues.boolean(value)
        case .activeContext:
            if value.isEmpty || value.lowercased() == "none" {
                config.activeContextName = nil
            } else {
                guard ConfigValues.isName(value) else { throw ConfigValues.badName(value, what: "a context") }
                config.activeContextName = value
            }
        case .alias(let name):
            config.aliases[name] = try ConfigValues.words(value, what: "an alias")
        case .context(let name):
            guard !value.isEmpty else {
                throw ConfigProblem("a context needs a filter", fix: "give one, such as project:Work or +home")
            }
            config.contexts[name] = TodoConfig.Context(name: name, filter: try ConfigValues.filter(value))
        case .report(let name, let part):
            var report = config.reports[name] ?? ReportDefinition(name: name)
            try report.set(part, value)
            config.reports[name] = report
        case .urgency(let name):
            // The number read here rather than by setCoefficient(named:text:), whose generic
            // trimming costs a start-up a few hundred microseconds the first time.
            guard let number = Double(value), number.isFinite else {
                throw ConfigProblem("'\(value)' is not a number", fix: "give one such as 12 or -3.5")
            }
            do {
                try config.urgencyCoefficients.setCoefficient(named: name, to: number)
            } catch {
                throw ConfigValues.problem(error)
            }
        case .sync(let key):
            try config.sync.set(key, value)
        }
    }

    /// A coefficient as the config file writes it: `12`, `-3.5`.
    static func text(of value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
