/// The words of a config value that holds words (an alias, a filter, `default.command`), split
/// as a shell would: at white space, except inside `'…'` (taken as written) or `"…"` (where `\"`
/// and `\\` stand for `"` and `\`); elsewhere `\` takes the next character as it is.
///
/// `add +shop "buy milk"` is `["add", "+shop", "buy milk"]`.
enum ConfigWords {
    /// The words of `text`.
    ///
    /// - Throws: ``ConfigProblem`` for a quote that is not closed.
    static func split(_ text: String) throws(ConfigProblem) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var iterator = text.makeIterator()
        while let character = iterator.next() {
            switch character {
            case "'":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "'" {
                        closed = true
                        break
                    }
                    word.append(next)
                }
                guard closed else { throw unclosed("'", in: text) }
            case "\"":
                inWord = true
                var closed = false
                while let next = iterator.next() {
                    if next == "\"" {
                        closed = true
                        break
                    }
                    if next == "\\" {
                        guard let escaped = iterator.next() else { break }
                        if escaped != "\"" && escaped != "\\" { word.append("\\") }
                        word.append(escaped)
                    } else {
                        word.append(next)
                    }
                }
                guard closed else { throw unclosed("\"", in: text) }
            case "\\":
                inWord = true
                if let next = iterator.next() { word.append(next) }
            case _ where character == " " || character == "\t" || (!character.isASCII && character.isWhitespace):
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// `words` as one value that ``split(_:)`` reads back: a word with white space, a quote or a
    /// backslash in single quotes (or double quotes when it holds a single quote).
    static func join(_ words: [String]) -> String {
        words.map { word in
            guard word.isEmpty || word.contains(where: { $0.isWhitespace || $0 == "'" || $0 == "\"" || $0 == "\\" })
            else { return word }
            if !word.contains("'") { return "'\(word)'" }
            var escaped = ""
            for character in word {
                if character == "\"" || character == "\\" { escaped.append("\\") }
                escaped.append(character)
            }
            return "\"\(escaped)\""
        }.joined(separator: " ")
    }

    private static func unclosed(_ quote: String, in text: String) -> ConfigProblem {
        ConfigProblem(
            "the quote \(quote) in '\(text)' is not closed", fix: "close it, or write \\\(quote) for the quote itself")
    }
}
