extension TodoFilter {
    /// The filter terms that complete `partial`, what a shell offers at a Tab: tags after `+`
    /// or `-` (`+wo` → `+work`), projects after `project:` or a prefix of it (`pro:Ho` →
    /// `pro:Home`, `pro:Home.Garden`), the values of `priority:`, `status:` and `is:`, date words
    /// after a date key (`due:to` → `due:today`, `due:tomorrow`), modifiers after a dot
    /// (`due.be` → `due.before:`), and attribute names otherwise (`du` → `due:`).
    ///
    /// Names compare without regard to case; tags and projects come from `todos`, each once,
    /// sorted.
    ///
    /// ```swift
    /// TodoFilter.completions(of: "du", todos: [])            // ["due:"]
    /// TodoFilter.completions(of: "+w", todos: todos)         // ["+work"]
    /// TodoFilter.completions(of: "project:H", todos: todos)  // ["project:Home", "project:Home.Garden"]
    /// ```
    public static func completions(of partial: String, todos: some Sequence<Todo>) -> [String] {
        if let sign = partial.first, sign == "+" || sign == "-" {
            var tags: [String: String] = [:]
            for todo in todos {
                for tag in todo.tags { tags[tag.lowercased()] = tags[tag.lowercased()] ?? tag }
            }
            return matching(tags.values.sorted { $0.lowercased() < $1.lowercased() }, String(partial.dropFirst()))
                .map { String(sign) + $0 }
        }
        if let colon = partial.firstIndex(of: ":") {
            let written = String(partial[..<colon])
            let value = String(partial[partial.index(after: colon)...])
            let name = written.split(separator: ".", maxSplits: 1).first.map(String.init) ?? written
            guard let key = FilterKey.named(name) else { return [] }
            return matching(values(of: key, todos: todos), value).map { written + ":" + $0 }
        }
        if let dot = partial.firstIndex(of: ".") {
            let name = String(partial[..<dot])
            guard let key = FilterKey.named(name) else { return [] }
            return matching(key.modifiers, String(partial[partial.index(after: dot)...])).map { name + "." + $0 + ":" }
        }
        return matching(FilterKey.allCases.map(\.rawValue), partial).map { $0 + ":" }
    }

    /// The words that may follow `key:`.
    private static func values(of key: FilterKey, todos: some Sequence<Todo>) -> [String] {
        switch key {
        case .project:
            var projects: [String: String] = [:]
            for todo in todos {
                guard let project = todo.project else { continue }
                var name = ""
                for part in project.split(separator: ".", omittingEmptySubsequences: false) {
                    name += name.isEmpty ? String(part) : "." + part
                    projects[name.lowercased()] = projects[name.lowercased()] ?? name
                }
            }
            return projects.values.sorted { $0.lowercased() < $1.lowercased() }
        case .priority: return ["high", "medium", "low", "none"]
        case .status: return FilterStatus.allCases.map(\.rawValue)
        case .state: return FilterState.allCases.map(\.rawValue)
        case .text: return []
        case .due, .wait, .scheduled, .created, .completed:
            return [
                "today", "tomorrow", "yesterday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday",
                "sunday", "sow", "eow", "som", "eom", "soy", "eoy", "none", "any",
            ]
        }
    }

    /// The words of `candidates` that start with `prefix`, in any case.
    private static func matching(_ candidates: [String], _ prefix: String) -> [String] {
        let prefix = prefix.lowercased()
        return candidates.filter { $0.lowercased().hasPrefix(prefix) }
    }
}
