/// Readers of the kinds of value config keys take, each throwing the problem and the fix.
enum ConfigValues {
    /// `on`/`off` (also `yes`/`no`, `true`/`false`, `1`/`0`, as Taskwarrior takes them), in any case.
    static func boolean(_ value: String) throws(ConfigProblem) -> Bool {
        switch value.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default:
            throw ConfigProblem(
                "'\(value)' is not on or off" + commentHint(value), fix: "use on or off (or yes or no)")
        }
    }

    /// One of `choices`, in any case.
    static func choice(_ value: String, among choices: [String]) throws(ConfigProblem) -> String {
        let lowered = value.lowercased()
        if choices.contains(lowered) { return lowered }
        let near = FilterWords.nearMiss(lowered, among: choices)
        throw ConfigProblem(
            "'\(value)' is not \(FilterWords.list(choices, conjunction: "or"))"
                + (near.map { " (did you mean '\($0)'?)" } ?? "") + commentHint(value),
            fix: "use \(FilterWords.list(choices, conjunction: "or"))")
    }

    /// Words (``ConfigWords``), at least one.
    static func words(_ value: String, what: String) throws(ConfigProblem) -> [String] {
        let words = try ConfigWords.split(value)
        guard !words.isEmpty else { throw ConfigProblem("\(what) cannot be empty", fix: "give its words") }
        return words
    }

    /// A filter, one term per word.
    static func filter(_ value: String) throws(ConfigProblem) -> TodoFilter {
        let words = try ConfigWords.split(value)
        do {
            return try TodoFilter(parsing: words)
        } catch {
            throw ConfigProblem(
                error.description, fix: "write it in the filter language, one term per word (see the Filters guide)")
        }
    }

    /// `problem`'s text from a ``TodoError`` (`invalidSetting`'s problem without its key).
    static func problem(_ error: TodoError) -> ConfigProblem {
        if case .invalidSetting(_, let problem) = error { return ConfigProblem(message: problem) }
        return ConfigProblem(message: error.description)
    }

    /// A reminder that `#` starts a comment only at the start of a line, when a value holds one
    /// after a space (`color = never # no colours`).
    static func commentHint(_ value: String) -> String {
        value.contains(" #") ? " (a # starts a comment only at the start of a line)" : ""
    }

    /// Whether `name` can name an alias, a context or a report: letters, digits, `_` and `-`,
    /// not starting with `-` and not only digits (which would read as an option or an id).
    static func isName(_ name: String) -> Bool {
        var digits = true
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"),
                UInt8(ascii: "-"):
                digits = false
            case 0x80...: return isNameSlowly(name)  // not ASCII: ask Unicode
            default: return false
            }
        }
        return !name.isEmpty && name.utf8.first != UInt8(ascii: "-") && !digits
    }

    /// ``isName(_:)`` for a name that is not all ASCII.
    private static func isNameSlowly(_ name: String) -> Bool {
        name.first != "-" && !name.allSatisfy(\.isNumber)
            && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
    }

    /// Why `name` cannot name a `what`.
    static func badName(_ name: String, what: String) -> ConfigProblem {
        ConfigProblem(
            "'\(name)' cannot name \(what)",
            fix: "use letters, digits, _ and - (not first), such as work or next-week")
    }
}
