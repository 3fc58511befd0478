/// Reads filter tokens into an expression, by recursive descent:
///
/// ```
/// filter  := or?
/// or      := and ("or" and)*
/// and     := unary ("and"? unary)*
/// unary   := "not" unary | primary
/// primary := "(" or ")" | term
/// ```
struct FilterParser {
    private let tokens: [FilterToken]
    private var index = 0
    /// How many parentheses and `not`s enclose the next token.
    private var depth = 0

    /// The most parentheses and `not`s that may enclose a term (the parser, and what reads its
    /// result, recurse once per level).
    static let maximumDepth = 100

    /// The expression of `tokens`, or `nil` when there are none (a filter keeping every todo).
    ///
    /// - Throws: For unbalanced or empty parentheses and operators without their terms.
    static func expression(of tokens: [FilterToken]) throws(TodoFilterError) -> FilterExpression? {
        guard !tokens.isEmpty else { return nil }
        var parser = FilterParser(tokens: tokens)
        let expression = try parser.parseOr()
        if let extra = parser.peek {
            // parseOr stops only at the end or at a ')' it did not open.
            throw TodoFilterError(word: extra.word, message: "'\(extra.word)' closes no '('")
        }
        return expression
    }

    private init(tokens: [FilterToken]) {
        self.tokens = tokens
    }

    private var peek: FilterToken? { index < tokens.count ? tokens[index] : nil }

    /// Whether the next token can start an operand: a term, `not` or `(`.
    private var startsOperand: Bool {
        switch peek?.kind {
        case .operand, .not, .open: return true
        case .close, .and, .or, nil: return false
        }
    }

    private mutating func parseOr() throws(TodoFilterError) -> FilterExpression {
        var items = [try parseAnd()]
        while let token = peek, case .or = token.kind {
            index += 1
            guard startsOperand else { throw Self.needsTerms(token) }
            items.append(try parseAnd())
        }
        return .any(items)
    }

    private mutating func parseAnd() throws(TodoFilterError) -> FilterExpression {
        var items = [try parseUnary()]
        while let token = peek {
            if case .and = token.kind {
                index += 1
                guard startsOperand else { throw Self.needsTerms(token) }
            } else if !startsOperand {
                break
            }
            items.append(try parseUnary())
        }
        return .all(items)
    }

    private mutating func parseUnary() throws(TodoFilterError) -> FilterExpression {
        if let token = peek, case .not = token.kind {
            index += 1
            guard startsOperand else {
                throw TodoFilterError(word: token.word, message: "'\(token.word)' needs a term after it")
            }
            try enter(token)
            defer { depth -= 1 }
            return try parseUnary().negated
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(TodoFilterError) -> FilterExpression {
        guard let token = peek else {
            preconditionFailure("parsePrimary is called only where an operand starts")
        }
        index += 1
        switch token.kind {
        case .operand(let expression):
            return expression
        case .open:
            if let next = peek, case .close = next.kind {
                throw TodoFilterError(word: "()", message: "'()' holds no term; put terms inside or leave it out")
            }
            guard startsOperand else {
                // An operator right after '(' (or nothing at all).
                guard let next = peek else { throw Self.unclosed }
                throw Self.needsTerms(next)
            }
            try enter(token)
            defer { depth -= 1 }
            let inner = try parseOr()
            guard let close = peek, case .close = close.kind else { throw Self.unclosed }
            index += 1
            return inner
        case .close:
            throw TodoFilterError(word: token.word, message: "'\(token.word)' closes no '('")
        case .and, .or, .not:
            throw Self.needsTerms(token)
        }
    }

    /// Goes one level deeper, for `token` (`(` or `not`).
    private mutating func enter(_ token: FilterToken) throws(TodoFilterError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw TodoFilterError(
                word: token.word,
                message: "the filter nests more than \(Self.maximumDepth) parentheses and 'not's; write it more simply")
        }
    }

    private static let unclosed = TodoFilterError(word: "(", message: "'(' is not closed; add ')' after its terms")

    /// `'or' needs a term on each side` (`not` needs one after it).
    private static func needsTerms(_ token: FilterToken) -> TodoFilterError {
        if case .not = token.kind {
            return TodoFilterError(word: token.word, message: "'\(token.word)' needs a term after it")
        }
        return TodoFilterError(word: token.word, message: "'\(token.word)' needs a term on each side")
    }
}
