/// Word wrapping for help text, in columns of characters.
enum TextLayout {
    /// The width help is laid out for.
    static let width = 80

    /// `text` wrapped at `width` columns, every line (the first included) indented by `indent`
    /// spaces; its own lines are kept, and a line's leading spaces are kept as an extra hanging
    /// indent for its continuation lines. Words longer than a line stay whole.
    static func wrap(_ text: String, indent: Int = 0, width: Int = TextLayout.width) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let leading = line.prefix { $0 == " " }.count
            let words = line.split(separator: " ").map(String.init)
            guard !words.isEmpty else { return "" }
            return join(
                words, firstPrefix: spaces(indent + leading), nextPrefix: spaces(indent + leading), width: width)
        }.joined(separator: "\n")
    }

    /// `units` separated by single spaces, broken into lines of at most `width` columns
    /// between units; the first line starts with `firstPrefix`, the others with `nextPrefix`.
    static func join(
        _ units: [String], firstPrefix: String, nextPrefix: String, width: Int = TextLayout.width
    )
        -> String
    {
        var lines: [String] = []
        var line = firstPrefix
        var lineIsEmpty = true
        for unit in units {
            if !lineIsEmpty, line.count + 1 + unit.count > width {
                lines.append(line)
                line = nextPrefix
                lineIsEmpty = true
            }
            line += (lineIsEmpty ? "" : " ") + unit
            lineIsEmpty = false
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// `count` spaces.
    static func spaces(_ count: Int) -> String {
        String(repeating: " ", count: max(count, 0))
    }
}
