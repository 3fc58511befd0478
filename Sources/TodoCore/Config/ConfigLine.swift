/// One line of a config file, as written and as read.
struct ConfigLine: Sendable {
    /// What a line holds.
    enum Kind: Sendable {
        /// Nothing but white space.
        case blank
        /// A comment: `#` is its first character that is not white space.
        case comment
        /// `key = value`, both trimmed.
        case setting(key: String, value: String)
        /// Anything else.
        case invalid(ConfigProblem)

        /// The key the line sets, when it sets one.
        var key: String? {
            if case .setting(let key, _) = self { return key }
            return nil
        }
    }

    /// Its number, from 1.
    var number: Int
    /// Its text as written, without its line break (a `\r` before the `\n` kept).
    var text: Substring
    /// What it holds.
    var kind: Kind

    /// The lines of `text` (a final line break ends the last line rather than starting one).
    static func lines(of text: String) -> [ConfigLine] {
        var scalars = Substring(text).unicodeScalars
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }  // a byte order mark
        // Split by scalars: "\r\n" is one Character, which a split at "\n" would not see.
        var pieces = scalars.split(separator: "\n", omittingEmptySubsequences: false)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        return pieces.enumerated().map { index, piece in
            let line = Substring(piece)
            return ConfigLine(number: index + 1, text: line, kind: kind(of: line))
        }
    }

    /// What `line` holds.
    static func kind(of line: Substring) -> Kind {
        let trimmed = line.trimmingSpaces()
        if trimmed.isEmpty { return .blank }
        if trimmed.hasPrefix("#") { return .comment }
        guard let equals = trimmed.firstIndex(of: "=") else {
            let words = trimmed.split(whereSeparator: \.isWhitespace)
            let fix =
                words.count >= 2 && !words[0].contains(":")
                ? "write it as \(words[0]) = \(words.dropFirst().joined(separator: " ")), or start it with # to make it a comment"
                : "write it as key = value, or start it with # to make it a comment"
            return .invalid(ConfigProblem("'\(trimmed)' is not key = value", fix: fix))
        }
        let key = trimmed[..<equals].trimmingSpaces()
        let value = trimmed[trimmed.index(after: equals)...].trimmingSpaces()
        guard !key.isEmpty else {
            return .invalid(ConfigProblem("'\(trimmed)' has no key before =", fix: "write it as key = value"))
        }
        guard !key.contains(where: \.isWhitespace) else {
            let dotted = key.split(whereSeparator: \.isWhitespace).joined(separator: ".")
            return .invalid(
                ConfigProblem(
                    "'\(key)' is not a key: a key has no spaces",
                    fix: "write it as \(dotted) = \(value) if that is meant"))
        }
        return .setting(key: key, value: value)
    }
}
