extension Character {
    /// The character as one line of a terminal can show it: a line break as `↵`, a tab as a
    /// space, any other control character (C0, DEL, C1) as `�` — so that no text can move the
    /// cursor or change colours.
    var terminalSafe: Character {
        if isNewline { return "↵" }
        guard let scalar = unicodeScalars.first else { return self }
        if scalar == "\t" { return " " }
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return "\u{FFFD}" }
        return self
    }
}

extension String {
    /// The text as one line of a terminal can show it (see ``Character/terminalSafe``);
    /// the same string when nothing needs replacing.
    var terminalSafe: String {
        var previous: UInt8 = 0
        var needsReplacing = false
        for byte in utf8 {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte < 0xA0) {
                needsReplacing = true
                break
            }
            previous = byte
        }
        return needsReplacing ? String(map(\.terminalSafe)) : self
    }
}
