/// Which todos a command applies to, written as filter terms: one argument per term.
///
/// ```swift
/// let filter = try TodoFilter(parsing: ["project:Work", "+urgent", "or", "due.before:friday"])
/// filter.description  // "project:Work and +urgent or due.before:friday"
/// let matcher = try filter.compiled(today: today, utcOffset: { _ in 3600 })
/// let selected = todos.filter { matcher.matches($0) }
/// ```
///
/// The terms: ids (`12`, `3-7`, `4,9-11`), tags (`+tag`, `-tag`), attributes (`project:Home`,
/// `priority:high`, `status:done`, `due.before:friday`, `is:overdue`, `text:2030`…), `and`
/// (implied between terms), `or`, `not`, `(` and `)`, and search words (any other word); the
/// language is described in full in <doc:Filters>.
///
/// Parsing checks the words only; dates are resolved by ``compiled(today:weekStart:utcOffset:)``,
/// once per evaluation, into a ``Matcher`` that tests todos quickly.
public struct TodoFilter: Sendable, Hashable, CustomStringConvertible {
    /// The terms in normal form; `nil` for a filter without terms.
    let expression: FilterExpression?

    /// Reads filter arguments, one term per argument.
    ///
    /// No arguments (or only empty ones) make a filter that keeps every todo.
    ///
    /// - Throws: ``TodoFilterError`` naming the argument at fault: a key that is a near miss of
    ///   an attribute (`prioity:high`), a known key with a bad value (`due:someday`, `pri:x`,
    ///   `is:frob`), `-5`, a malformed id list, unbalanced or empty parentheses, or an `and`,
    ///   `or` or `not` without its terms.
    public init(parsing words: [String]) throws(TodoFilterError) {
        expression = try FilterParser.expression(of: try FilterToken.tokens(of: words))
    }

    private init(expression: FilterExpression?) {
        self.expression = expression
    }

    /// The filter without terms, which keeps every todo.
    public static let everything = TodoFilter(expression: nil)

    /// Whether the filter has no terms (it keeps every todo).
    public var isEmpty: Bool { expression == nil }

    /// The todos both filters keep, each filter a group: `(a or b)` and `(c)`, as when terms come
    /// both before and after a command.
    public func and(_ other: TodoFilter) -> TodoFilter {
        guard let mine = expression else { return other }
        guard let theirs = other.expression else { return self }
        return TodoFilter(expression: .all([mine, theirs]))
    }

    /// Whether the filter is only ids (`3`, `3-7`, `4,9-11`, `3 5`, `3 or 5`), so that it names
    /// exactly the todos it selects (a bulk change then needs no confirmation).
    public var isPlainIDList: Bool {
        if case .term(.ids) = expression { return true }
        return false
    }

    /// The ids the filter's id terms name, wherever they are, as sorted, disjoint ranges
    /// (`3-7 9 5` gives `[3...7, 9...9]`); for a plain id list (``isPlainIDList``), the ids of the
    /// todos it selects.
    public var idRanges: [ClosedRange<Int>] {
        FilterTerm.merged(
            expression?.terms.flatMap { term -> [ClosedRange<Int>] in
                if case .ids(let ranges) = term { return ranges }
                return []
            } ?? [])
    }

    /// Whether a term selects by status (`status:…`, or `is:waiting`, which `status:pending`
    /// leaves out), so that a front end that shows pending todos by default should not add its
    /// default.
    public var mentionsStatus: Bool {
        expression?.terms.contains { term in
            switch term {
            case .status, .state(.waiting): return true
            default: return false
            }
        } ?? false
    }

    /// The filter in normal form, one argument per term: keys in full (`pri:H` is
    /// `priority:high`), `and` written out, `(` and `)` only where needed, `not -tag`'s double
    /// negation gone; parsing them gives an equal filter.
    public var arguments: [String] { expression?.words ?? [] }

    /// The normal form, as one line: ``arguments`` joined by spaces, parentheses against their
    /// terms, an argument with a space in single quotes (`project:Home and ('buy milk' or +shop)`).
    public var description: String {
        var line = ""
        var afterOpen = true
        for word in arguments {
            if word == ")" {
                line += ")"
            } else {
                if !afterOpen { line += " " }
                line += word.contains(where: \.isWhitespace) ? "'\(word)'" : word
            }
            afterOpen = word == "("
        }
        return line
    }

    /// Whether `word` is a structured term — an id list, `+tag`, `-tag`, `key:value`,
    /// `key.modifier:value` for a filter key, `is:…`, `and`, `or`, `not`, `(` or `)`, or
    /// parentheses around such a term (`(+a`, `+b)`) — rather than a search word.
    ///
    /// Front ends accept structured terms before the command name (`todo +work list`,
    /// `todo 3 done`) and search words only after it. A word that is structured but wrong
    /// (`-5`, `prioity:high`, `due:someday`) counts as structured, so that parsing reports it;
    /// an empty word is not.
    public static func isStructuredTerm(_ word: String) -> Bool {
        guard let tokens = try? FilterToken.tokens(ofWord: word) else { return true }
        return !tokens.isEmpty && !tokens.contains(where: \.isSearchWord)
    }
}
