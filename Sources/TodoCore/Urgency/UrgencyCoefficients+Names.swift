/// The coefficients by their Taskwarrior names, for a config file (`urgency.due.coefficient = 12`).
extension UrgencyCoefficients {
    /// The names of the coefficients every set has, sorted as `task show urgency` lists them.
    public static let names: [String] = Fixed.allCases.map(\.rawValue)

    /// Every coefficient of this set by name: those of ``names`` and the user ones.
    public var byName: [String: Double] {
        var all: [String: Double] = [:]
        for key in Fixed.allCases { all[key.rawValue] = self[key] }
        for (tag, value) in userTags { all["urgency.user.tag.\(tag).coefficient"] = value }
        for (project, value) in userProjects { all["urgency.user.project.\(project).coefficient"] = value }
        for (keyword, value) in userKeywords { all["urgency.user.keyword.\(keyword).coefficient"] = value }
        return all
    }

    /// The coefficient named `name` (`urgency.due.coefficient`, `urgency.age.max`,
    /// `urgency.user.tag.next.coefficient`, …): 0 for a user coefficient that is not set, `nil`
    /// for a name that is not one of Taskwarrior 2.6's urgency settings that todo knows.
    public func coefficient(named name: String) -> Double? {
        switch try? Self.key(named: name) {
        case .fixed(let key): return self[key]
        case .userTag(let tag): return userTags[tag] ?? 0
        case .userProject(let project): return userProjects[project] ?? 0
        case .userKeyword(let keyword): return userKeywords[keyword] ?? 0
        case nil: return nil
        }
    }

    /// Sets the coefficient named `name` to `value`.
    ///
    /// - Throws: ``TodoError/invalidSetting(key:problem:)`` for a name that is not an urgency
    ///   setting todo knows, a value that is not finite, or a negative `urgency.age.max`.
    public mutating func setCoefficient(named name: String, to value: Double) throws(TodoError) {
        let key = try Self.key(named: name)
        guard value.isFinite else {
            throw .invalidSetting(
                key: name, problem: "\(value) is not a number todo can use; give one such as 12 or -3.5")
        }
        switch key {
        case .fixed(let key):
            if key == .ageMax, value < 0 {
                throw .invalidSetting(
                    key: name,
                    problem:
                        "\(value) is below 0; give the age in days at which todos count as old, such as 365 (0: all of them)"
                )
            }
            self[key] = value
        case .userTag(let tag): userTags[tag] = value
        case .userProject(let project): userProjects[project] = value
        case .userKeyword(let keyword): userKeywords[keyword] = value
        }
    }

    /// Sets the coefficient named `name` from its text in a config file (`12`, `-3.5`, `1e1`;
    /// white space around it is ignored).
    ///
    /// - Throws: ``TodoError/invalidSetting(key:problem:)`` for text that is not a number, or
    ///   for what ``setCoefficient(named:to:)`` refuses.
    public mutating func setCoefficient(named name: String, text: String) throws(TodoError) {
        _ = try Self.key(named: name)
        let trimmed = text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()
        guard let value = Double(String(trimmed)), value.isFinite else {
            throw .invalidSetting(key: name, problem: "'\(text)' is not a number; give one such as 12 or -3.5")
        }
        try setCoefficient(named: name, to: value)
    }
}

extension UrgencyCoefficients {
    /// What a name designates.
    private enum Key {
        case fixed(Fixed)
        case userTag(String)
        case userProject(String)
        case userKeyword(String)
    }

    /// The coefficients every set has, by Taskwarrior name, sorted by name.
    private enum Fixed: String, CaseIterable {
        case active = "urgency.active.coefficient"
        case age = "urgency.age.coefficient"
        case ageMax = "urgency.age.max"
        case annotations = "urgency.annotations.coefficient"
        case blocked = "urgency.blocked.coefficient"
        case blocking = "urgency.blocking.coefficient"
        case due = "urgency.due.coefficient"
        case project = "urgency.project.coefficient"
        case scheduled = "urgency.scheduled.coefficient"
        case tags = "urgency.tags.coefficient"
        case highPriority = "urgency.uda.priority.H.coefficient"
        case lowPriority = "urgency.uda.priority.L.coefficient"
        case mediumPriority = "urgency.uda.priority.M.coefficient"
        case waiting = "urgency.waiting.coefficient"
    }

    /// The value of the fixed coefficient `key`.
    private subscript(key: Fixed) -> Double {
        get {
            switch key {
            case .active: return active
            case .age: return age
            case .ageMax: return ageMax
            case .annotations: return annotations
            case .blocked: return blocked
            case .blocking: return blocking
            case .due: return due
            case .project: return project
            case .scheduled: return scheduled
            case .tags: return tags
            case .highPriority: return highPriority
            case .lowPriority: return lowPriority
            case .mediumPriority: return mediumPriority
            case .waiting: return waiting
            }
        }
        set {
            switch key {
            case .active: active = newValue
            case .age: age = newValue
            case .ageMax: ageMax = newValue
            case .annotations: annotations = newValue
            case .blocked: blocked = newValue
            case .blocking: blocking = newValue
            case .due: due = newValue
            case .project: project = newValue
            case .scheduled: scheduled = newValue
            case .tags: tags = newValue
            case .highPriority: highPriority = newValue
            case .lowPriority: lowPriority = newValue
            case .mediumPriority: mediumPriority = newValue
            case .waiting: waiting = newValue
            }
        }
    }

    /// Taskwarrior 2.6's virtual tags: a user tag coefficient named after one would apply to
    /// the todos in that state in Taskwarrior, which todo does not follow.
    private static let virtualTags: Set<String> = [
        "ACTIVE", "ANNOTATED", "BLOCKED", "BLOCKING", "CHILD", "COMPLETED", "DELETED", "DUE", "DUETODAY", "INSTANCE",
        "LATEST", "MONTH", "ORPHAN", "OVERDUE", "PARENT", "PENDING", "PRIORITY", "PROJECT", "QUARTER", "READY",
        "SCHEDULED", "TAGGED", "TEMPLATE", "TODAY", "TOMORROW", "UDA", "UNBLOCKED", "UNTIL", "WAITING", "WEEK",
        "YEAR", "YESTERDAY",
    ]

    /// What `name` designates.
    ///
    /// - Throws: ``TodoError/invalidSetting(key:problem:)`` when it designates nothing todo knows.
    private static func key(named name: String) throws(TodoError) -> Key {
        if let key = Fixed(rawValue: name) { return .fixed(key) }
        let suffix = ".coefficient"
        for (prefix, kind) in [
            ("urgency.user.tag.", "tag"), ("urgency.user.project.", "project"), ("urgency.user.keyword.", "keyword"),
        ]
        where name.hasPrefix(prefix) && name.hasSuffix(suffix) && name.count > prefix.count + suffix.count {
            let word = String(name.dropFirst(prefix.count).dropLast(suffix.count))
            guard !word.contains(where: { $0.isWhitespace || $0 == "," }) else {
                throw .invalidSetting(key: name, problem: "a \(kind) name is one word, without spaces or commas")
            }
            switch kind {
            case "tag":
                guard !virtualTags.contains(word) else {
                    throw .invalidSetting(
                        key: name,
                        problem: "+\(word) is one of Taskwarrior's virtual tags, which todo's urgency does not support")
                }
                return .userTag(word)
            case "project": return .userProject(word)
            default: return .userKeyword(word)
            }
        }
        throw .invalidSetting(key: name, problem: problem(unknown: name))
    }

    /// Why `name` is not a setting, with the one meant where it can tell.
    private static func problem(unknown name: String) -> String {
        switch name {
        case "urgency.next.coefficient":
            return "not a Taskwarrior 2.6 setting; the tag next's coefficient is urgency.user.tag.next.coefficient"
        case "urgency.inherit":
            return "todo does not support urgency.inherit (blocking todos taking the urgency of those they block)"
        case _ where name.hasPrefix("urgency.uda.priority."):
            return "priorities are H, M and L: urgency.uda.priority.H.coefficient, …M… and …L…"
        case _ where name.hasPrefix("urgency.uda."):
            return
                "todo has no user-defined attributes; of the urgency.uda.* settings, only those of the priority apply"
        case _ where name.hasPrefix("urgency.user."):
            return
                "user coefficients are urgency.user.tag.TAG.coefficient, urgency.user.project.PROJECT.coefficient and urgency.user.keyword.WORD.coefficient"
        default:
            return
                "not an urgency setting todo knows; they are \(names.joined(separator: ", ")) and the urgency.user.* coefficients"
        }
    }
}
