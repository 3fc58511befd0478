extension FilterExpression {
    /// The expression as filter arguments that read back as it: one word per term and per
    /// operator, `and` written out, `(` and `)` only where needed, `-tag` for a tag left out.
    var words: [String] {
        switch self {
        case .term(let term):
            return [term.word]
        case .not(.term(.tag(let tag))) where tag.first?.isLetter == true:
            return ["-" + tag]
        case .not(let inner):
            return ["not"] + inner.grouped(unless: { if case .term = $0 { true } else { false } })
        case .and(let items):
            return Self.joined(
                items.map { $0.grouped(unless: { if case .or = $0 { false } else { true } }) }, by: "and")
        case .or(let items):
            return Self.joined(items.map(\.words), by: "or")
        }
    }

    /// The words, in parentheses unless `bare(self)`.
    private func grouped(unless bare: (FilterExpression) -> Bool) -> [String] {
        bare(self) ? words : ["("] + words + [")"]
    }

    private static func joined(_ groups: [[String]], by separator: String) -> [String] {
        var result: [String] = []
        for group in groups {
            if !result.isEmpty { result.append(separator) }
            result += group
        }
        return result
    }
}

extension FilterTerm {
    /// The term as one filter argument.
    var word: String {
        switch self {
        case .ids(let ranges):
            return ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
                .joined(separator: ",")
        case .tag(let tag):
            return "+" + tag
        case .project(.none):
            return "project:none"
        case .project(.any):
            return "project:any"
        case .project(.under(let name)):
            return "project:" + name
        case .project(.exactly(let name)):
            return "project.is:" + name
        case .project(.containing(let text)):
            return "project.has:" + text
        case .priority(.equal(let priority)):
            return "priority:" + priority.name
        case .priority(.any):
            return "priority:any"
        case .priority(.above(let priority)):
            return "priority.above:" + priority.name
        case .priority(.below(let priority)):
            return "priority.below:" + priority.name
        case .status(let status):
            return "status:" + status.rawValue
        case .date(let field, .none):
            return field.rawValue + ":none"
        case .date(let field, .any):
            return field.rawValue + ":any"
        case .date(let field, .on(let input)):
            return field.rawValue + ":" + input.description
        case .date(let field, .before(let input)):
            return field.rawValue + ".before:" + input.description
        case .date(let field, .after(let input)):
            return field.rawValue + ".after:" + input.description
        case .date(let field, .by(let input)):
            return field.rawValue + ".by:" + input.description
        case .state(let state):
            return "is:" + state.rawValue
        case .text(let text):
            // A search word stays as typed when it reads back as the same search word.
            if let tokens = try? FilterToken.tokens(ofWord: text), tokens.count == 1, tokens[0].isSearchWord {
                return text
            }
            return "text:" + text
        }
    }
}
