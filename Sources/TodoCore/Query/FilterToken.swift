/// One element of a filter as the parser reads it: a parenthesis, an operator or an operand,
/// with the word it comes from.
struct FilterToken: Sendable {
    /// What the token is.
    enum Kind: Sendable {
        /// `(`.
        case open
        /// `)`.
        case close
        /// `and`.
        case and
        /// `or`.
        case or
        /// `not`.
        case not
        /// A term (or, for `-tag` and `key.not:value`, the negation of one).
        case operand(FilterExpression)
    }

    /// What the token is.
    var kind: Kind
    /// What the user typed for it: the argument, or `(` and `)` split off one.
    var word: String
    /// Whether it is a search word (any word that is no other term), not a structured term.
    var isSearchWord = false

    /// The tokens of `words`, one argument each; a run of id terms (`3 5-7`) is one term.
    static func tokens(of words: [String]) throws(TodoFilterError) -> [FilterToken] {
        var tokens: [FilterToken] = []
        for word in words {
            for token in try FilterToken.tokens(ofWord: word) {
                if case .operand(.term(.ids(let ranges))) = token.kind, let last = tokens.last,
                    case .operand(.term(.ids(let earlier))) = last.kind
                {
                    tokens[tokens.count - 1] = FilterToken(
                        kind: .operand(.term(.ids(FilterTerm.merged(earlier + ranges)))),
                        word: last.word + " " + token.word)
                } else {
                    tokens.append(token)
                }
            }
        }
        return tokens
    }

    /// The tokens of one argument: its leading `(`s, the term, and the `)`s that end it and
    /// that no `(` inside it opens (`+b)` is `+b` and `)`, `text:f(x)` is one term). An empty or
    /// blank argument has none.
    static func tokens(ofWord word: String) throws(TodoFilterError) -> [FilterToken] {
        if word.allSatisfy(\.isWhitespace) { return [] }
        var body = Substring(word)
        var tokens: [FilterToken] = []
        while body.first == "(" {
            body.removeFirst()
            tokens.append(FilterToken(kind: .open, word: "("))
        }
        let opening = body.count(where: { $0 == "(" })
        var closing = body.count(where: { $0 == ")" })
        var closes = 0
        while body.last == ")", closing > opening {
            body.removeLast()
            closing -= 1
            closes += 1
        }
        if !body.allSatisfy(\.isWhitespace) { tokens.append(try operand(String(body))) }
        tokens += Array(repeating: FilterToken(kind: .close, word: ")"), count: closes)
        return tokens
    }

    /// The token of a word without parentheses around it.
    private static func operand(_ word: String) throws(TodoFilterError) -> FilterToken {
        switch word.lowercased() {
        case "and": return FilterToken(kind: .and, word: word)
        case "or": return FilterToken(kind: .or, word: word)
        case "not": return FilterToken(kind: .not, word: word)
        default: break
        }
        let first = word.first!
        if first.isASCII, first.isNumber, word.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "," || $0 == "-" }) {
            return FilterToken(kind: .operand(.term(.ids(try ids(word)))), word: word)
        }
        if first == "+" {
            return FilterToken(kind: .operand(.term(.tag(try tag(String(word.dropFirst()), word: word)))), word: word)
        }
        if first == "-" {
            guard let second = word.dropFirst().first, second.isLetter else {
                throw TodoFilterError(
                    word: word,
                    message:
                        "'\(word)' is not a filter term: after '-' comes a tag that starts with a letter (-work), and ids are positive (5); to leave out a tag that starts otherwise, write 'not +TAG'"
                )
            }
            let tag = try tag(String(word.dropFirst()), word: word)
            return FilterToken(kind: .operand(FilterExpression.term(.tag(tag)).negated), word: word)
        }
        if let attribute = try attribute(word) {
            return FilterToken(kind: .operand(attribute), word: word)
        }
        return FilterToken(kind: .operand(.term(.text(word))), word: word, isSearchWord: true)
    }

    /// The ranges of `12`, `3-7`, `4,9-11`.
    private static func ids(_ word: String) throws(TodoFilterError) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        for part in word.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count <= 2, !bounds.contains(where: \.isEmpty) else {
                throw TodoFilterError(
                    word: word,
                    message:
                        "'\(word)' is not an id, a range (3-7) or a list (4,9) of ids; to look for it in the text, write 'text:\(word)'"
                )
            }
            let lower = try id(bounds[0], in: word)
            let upper = bounds.count == 2 ? try id(bounds[1], in: word) : lower
            guard lower <= upper else {
                throw TodoFilterError(
                    word: word, message: "\(quoted(part, in: word)) is a backward range; write the smaller id first",
                    suggestion: word == part ? "\(upper)-\(lower)" : nil)
            }
            ranges.append(lower...upper)
        }
        return FilterTerm.merged(ranges)
    }

    private static func id(_ digits: Substring, in word: String) throws(TodoFilterError) -> Int {
        guard let id = Int(digits), id <= Todo.maximumID else {
            throw TodoFilterError(
                word: word, message: "\(quoted(digits, in: word)) is not an id: ids go up to \(Todo.maximumID)")
        }
        guard id > 0 else {
            throw TodoFilterError(word: word, message: "\(quoted(digits, in: word)) is not an id: ids start at 1")
        }
        return id
    }

    /// `'7-3'`, or `'7-3' in '1,7-3'` for a part of a longer word.
    private static func quoted(_ part: Substring, in word: String) -> String {
        part == word ? "'\(word)'" : "'\(part)' in '\(word)'"
    }

    private static func tag(_ tag: String, word: String) throws(TodoFilterError) -> String {
        guard !tag.isEmpty else {
            throw TodoFilterError(word: word, message: "'\(word)' needs a tag after it (\(word)work)")
        }
        do {
            return try Todo.validTag("+" + tag)
        } catch {
            throw TodoFilterError(
                word: word,
                message: "'\(word)' is not a tag term: a tag is one word, without spaces or commas")
        }
    }

    /// The term of a `key:value` or `key.modifier:value` word whose key is a filter key, or `nil`
    /// for a word of another shape or with another key (`http://x`, `note:x`: search words).
    ///
    /// - Throws: For a key that is a near miss of one (`prioity:high`), a known mistake
    ///   (`tag:work`), or a bad modifier or value.
    private static func attribute(_ word: String) throws(TodoFilterError) -> FilterExpression? {
        guard let colon = word.firstIndex(of: ":") else { return nil }
        let name = word[..<colon]
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isLetter } })
        else { return nil }
        let value = String(word[word.index(after: colon)...])
        let modifier = parts.count == 2 ? String(parts[1]) : nil
        guard let key = FilterKey.named(parts[0]) else {
            try refuseMistakenKey(String(parts[0]), modifier: modifier, value: value, word: word)
            return nil
        }
        return try FilterTermReader(word: word, key: key, value: value).read(modifier: modifier)
    }

    /// The short forms of filter keys the manual shows (any prefix of three letters or more
    /// that starts one key only is read), whose near misses (`shed:`) are suggested too.
    private static let keyShortForms = ["pro", "proj", "pri", "prio", "sched", "stat"]

    /// Throws for a key that stands for a filter key: a near miss of a key or of its short form
    /// (`prioity`, `shed`), a key people try (`tag:`, `id:`, `date:`), or a key of an inline
    /// attribute that no filter term tests as such (`depends:`, `repeat:`).
    private static func refuseMistakenKey(
        _ key: String, modifier: String?, value: String, word: String
    )
        throws(TodoFilterError)
    {
        switch key.lowercased() {
        case "tag", "tags":
            throw TodoFilterError(
                word: word, message: "'\(word)' is not a filter term: tags are filtered with +TAG and -TAG",
                suggestion: value.isEmpty ? nil : "+" + value)
        case "id", "ids":
            throw TodoFilterError(
                word: word, message: "'\(word)' is not a filter term: ids are filtered by number alone (5, 3-7, 4,9)",
                suggestion: value.isEmpty ? nil : value)
        case "date":
            throw TodoFilterError(
                word: word,
                message:
                    "'\(word)' is not a filter term: dates are filtered with due:, wait:, scheduled:, created: or completed:",
                suggestion: "due:")
        case "depends", "dep", "deps":
            throw TodoFilterError(
                word: word,
                message:
                    "'\(word)' is not a filter term: dependencies are filtered with is:blocked (waiting for a todo not "
                    + "done) and is:blocking (a todo not done waits for it)",
                suggestion: "is:blocked")
        case "repeat", "recur", "recurrence":
            throw TodoFilterError(
                word: word,
                message: "'\(word)' is not a filter term: the todos that repeat are filtered with is:recurring",
                suggestion: "is:recurring")
        default:
            break
        }
        if let near = FilterWords.nearMiss(key, among: FilterKey.allCases.map(\.rawValue) + keyShortForms) {
            throw TodoFilterError(
                word: word, message: "unknown filter attribute '\(key)' in '\(word)'",
                suggestion: near + (modifier.map { ".\($0)" } ?? "") + ":")
        }
    }
}
