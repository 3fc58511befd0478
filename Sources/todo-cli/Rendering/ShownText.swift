/// Text from the store (titles, notes, tags — perhaps imported from anywhere) as the
/// human-readable output shows it: a control character never reaches the terminal raw, so that
/// no title can move the cursor, change colours or the window title. Every C0 control
/// character, DEL and every C1 control is shown as `�` (U+FFFD), the way `todo ui` shows
/// them; `--json` and exports keep the text exact.
extension String {
    /// The text on one line: line breaks and tabs as spaces, any other control character as
    /// `�`; the same string when it has none.
    var shownOnOneLine: String {
        guard hasControlCharacters else { return self }
        return String(map { $0.isNewline || $0 == "\t" ? " " : $0.shownSafely })
    }

    /// The text on several lines: every line break as `\n`, tabs kept, any other control
    /// character as `�`; the same string when it has none.
    var shownOnLines: String {
        guard hasControlCharacters else { return self }
        return String(map { $0.isNewline ? "\n" : $0 == "\t" ? "\t" : $0.shownSafely })
    }

    /// Whether the text has a C0 control character, DEL or a C1 control (U+0080 to U+009F,
    /// `C2 80` to `C2 9F` in UTF-8).
    var hasControlCharacters: Bool {
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte < 0xA0) { return true }
            previous = byte
        }
        return false
    }
}

extension Character {
    /// The character, or `�` for a control character (C0, DEL, C1).
    fileprivate var shownSafely: Character {
        guard let scalar = unicodeScalars.first else { return self }
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return "\u{FFFD}" }
        return self
    }
}
