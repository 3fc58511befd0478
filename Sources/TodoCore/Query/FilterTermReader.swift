/// Reads the value of a `key:value` or `key.modifier:value` filter term whose key is known.
struct FilterTermReader {
    /// The whole word, for messages.
    let word: String
    /// The key.
    let key: FilterKey
    /// What follows the colon.
    let value: String

    /// The term (or its negation, for `.not`, `.isnt` and `.hasnt`).
    ///
    /// - Throws: For a modifier the key does not take, or a value it does not accept.
    func read(modifier typed: String?) throws(TodoFilterError) -> FilterExpression {
        let modifier = typed?.lowercased()
        if let modifier, !key.modifiers.contains(modifier) {
            throw TodoFilterError(
                word: word,
                message: "'\(word)': '\(typed!)' is not a modifier of \(key.rawValue):; use \(key.formsSentence)",
                suggestion: FilterWords.nearMiss(modifier, among: key.modifiers).map { "\(key.rawValue).\($0):" })
        }
        // `key.not:v` is `not key:v`; `isnt` and `hasnt` are the negations of `is` and `has`.
        switch modifier {
        case "not": return FilterExpression.term(try term(modifier: nil)).negated
        case "isnt": return FilterExpression.term(try term(modifier: "is")).negated
        case "hasnt": return FilterExpression.term(try term(modifier: "has")).negated
        default: return .term(try term(modifier: modifier))
        }
    }

    /// The term of the key with `modifier` (`nil`, or one that does not negate).
    private func term(modifier: String?) throws(TodoFilterError) -> FilterTerm {
        let lowered = value.lowercased()
        switch key {
        case .project:
            if modifier == "has" {
                guard !value.isEmpty else { throw needs("the text to look for in project names") }
                return .project(.containing(value))
            }
            if value.isEmpty || lowered == "none" { return .project(.none) }
            if lowered == "any" { return .project(.any) }
            return .project(modifier == "is" ? .exactly(value) : .under(value))
        case .priority:
            if modifier == nil, lowered == "any" { return .priority(.any) }
            if modifier != nil, value.isEmpty { throw needs("a priority (high, medium, low or none)") }
            let priority: Priority
            do {
                priority = try Priority(parsing: value)
            } catch {
                throw invalid(
                    "a priority", valid: ["high", "medium", "low", "none"] + (modifier == nil ? ["any"] : []),
                    also: " (h, m, l)")
            }
            switch modifier {
            case "above": return .priority(.above(priority))
            case "below": return .priority(.below(priority))
            default: return .priority(.equal(priority))
            }
        case .status:
            guard let status = FilterStatus(rawValue: lowered) else {
                throw invalid("a status", valid: FilterStatus.allCases.map(\.rawValue))
            }
            return .status(status)
        case .state:
            guard let state = FilterState(rawValue: lowered) else {
                throw invalid("a state", valid: FilterState.allCases.map(\.rawValue))
            }
            return .state(state)
        case .text:
            guard !value.isEmpty else { throw needs("the text to look for") }
            return .text(value)
        case .due, .wait, .scheduled, .created, .completed:
            return .date(key.dateField!, try dateTest(modifier: modifier, lowered: lowered))
        }
    }

    private func dateTest(modifier: String?, lowered: String) throws(TodoFilterError) -> DateTest {
        if value.isEmpty || lowered == "none" || lowered == "any" {
            guard modifier == nil else {
                throw TodoFilterError(
                    word: word,
                    message:
                        "'\(word)' needs a date; '\(key.rawValue):none' and '\(key.rawValue):any' find todos without and with one"
                )
            }
            return lowered == "any" ? .any : .none
        }
        let input: DateInput
        do {
            input = try DateInput(parsing: value)
        } catch {
            var message = "'\(word)': \(error.description)"
            if modifier == nil, case .invalidDate(_, .unrecognized) = error {
                message += "; or none (no \(key.rawValue) date) or any"
            }
            throw TodoFilterError(word: word, message: message)
        }
        switch modifier {
        case "before": return .before(input)
        case "after": return .after(input)
        case "by": return .by(input)
        default: return .on(input)
        }
    }

    /// `'text:' needs the text to look for`.
    private func needs(_ what: String) -> TodoFilterError {
        TodoFilterError(word: word, message: "'\(word)' needs \(what)")
    }

    /// `'status:foo': 'foo' is not a status; use pending, waiting, done or all`, suggesting the
    /// nearest valid value.
    private func invalid(_ what: String, valid: [String], also: String = "") -> TodoFilterError {
        let prefix = String(word[...word.firstIndex(of: ":")!])
        return TodoFilterError(
            word: word,
            message: "'\(word)': '\(value)' is not \(what); use \(FilterWords.list(valid, conjunction: "or"))\(also)",
            suggestion: FilterWords.nearMiss(value, among: valid).map { prefix + $0 })
    }
}
