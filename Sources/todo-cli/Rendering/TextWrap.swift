/// Word wrapping by terminal columns (wide characters count two).
enum TextWrap {
    /// `text` broken into lines of at most `width` columns, between words when it can, inside
    /// a word longer than a line; spaces that start the text are kept, those at a break are not.
    static func lines(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for (index, word) in text.terminalSafe.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
            let wordWidth = DisplayWidth.of(word)
            if used > 0, used + 1 + wordWidth > width {
                lines.append(line)
                line = ""
                used = 0
            }
            if used > 0 || (lines.isEmpty && index > 0) {
                line += " "
                used += 1
            }
            for character in word {
                let characterWidth = DisplayWidth.of(character)
                if used + characterWidth > width, used > 0 {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                line.append(character)
                used += characterWidth
            }
        }
        if used > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }
}
