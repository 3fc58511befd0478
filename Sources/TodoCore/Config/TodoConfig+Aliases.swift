/// Aliases, and the names the config gives that must not hide the front end's commands.
extension TodoConfig {
    /// The words the alias `name` stands for, expanded again while the first word is another
    /// alias (`alias.t = next +today` and `alias.tw = t +work` make `tw` stand for
    /// `next +today +work`); `nil` when `name` is not an alias. Aliases never loop: reading the
    /// config refuses a loop.
    public func expansion(ofAlias name: String) -> [String]? {
        guard var words = aliases[name] else { return nil }
        var seen: Set<String> = [name]
        while let first = words.first, let more = aliases[first], seen.insert(first).inserted {
            words = more + words.dropFirst()
        }
        return words
    }

    /// `arguments` with the word at `index` replaced by what it stands for when it is an alias
    /// (``expansion(ofAlias:)``); unchanged otherwise.
    ///
    /// ```swift
    /// // alias.t = next +today
    /// config.expandingAlias(in: ["t", "+work"], at: 0)  // ["next", "+today", "+work"]
    /// ```
    public func expandingAlias(in arguments: [String], at index: Int = 0) -> [String] {
        guard arguments.indices.contains(index), let words = expansion(ofAlias: arguments[index]) else {
            return arguments
        }
        var expanded = arguments
        expanded.replaceSubrange(index...index, with: words)
        return expanded
    }

    /// Checks the names the config gives against the front end's commands: an alias or a report
    /// may not hide a command (a report may change one of `reports`), and `default.command` and
    /// each alias must start with a command, an alias, a report or a filter term.
    ///
    /// ```swift
    /// try config.checkNames(commands: ["add", "list", "next", "done"], reports: ["next", "list"])
    /// ```
    ///
    /// - Parameters:
    ///   - commands: The front end's command names.
    ///   - reports: The commands that are reports a config may change (`report.next.columns`).
    /// - Throws: ``TodoConfigError`` for the first problem, in the order of the lines.
    public func checkNames(commands: Set<String>, reports: Set<String> = []) throws(TodoConfigError) {
        if let first = namesProblems(commands: commands, reports: reports).first { throw first }
    }

    /// Every problem ``checkNames(commands:reports:)`` reports, in the order of the lines.
    func namesProblems(commands: Set<String>, reports builtIn: Set<String>) -> [TodoConfigError] {
        let path = file ?? ""
        var problems: [TodoConfigError] = []
        for name in aliases.keys.sorted() where commands.contains(name) {
            problems.append(
                TodoConfigError(
                    file: path, origin: origin(of: "alias.\(name)"), key: "alias.\(name)",
                    problem: "the alias would hide the command \(name)", fix: "give the alias another name"))
        }
        for name in reports.keys.sorted() where commands.contains(name) && !builtIn.contains(name) {
            let key = ReportDefinition.Part.allCases.map { "report.\(name).\($0.rawValue)" }
                .min { origin(of: $0).rank < origin(of: $1).rank }!
            problems.append(
                TodoConfigError(
                    file: path, origin: origin(of: key), key: key,
                    problem: "the report would hide the command \(name)", fix: "give the report another name"))
        }
        var known = commands
        for name in reports.keys { known.insert(name) }
        for name in aliases.keys { known.insert(name) }
        func check(_ key: String, _ words: [String]) {
            guard let first = words.first, !known.contains(first), !TodoFilter.isStructuredTerm(first) else { return }
            let near = FilterWords.nearMiss(first, among: known.sorted())
            problems.append(
                TodoConfigError(
                    file: path, origin: origin(of: key), key: key,
                    problem: "'\(first)' is not a command, an alias or a report"
                        + (near.map { " (did you mean '\($0)'?)" } ?? ""),
                    fix: "start it with a command, such as next or list"))
        }
        check("default.command", defaultCommand)
        for name in aliases.keys.sorted() where !commands.contains(name) {
            check("alias.\(name)", expansion(ofAlias: name) ?? [])
        }
        return problems.sorted { ($0.origin?.rank ?? Int.max) < ($1.origin?.rank ?? Int.max) }
    }
}
