/// How many terminal columns text takes: wide East Asian characters and emoji take two,
/// combining marks and zero-width characters none, control characters none.
enum DisplayWidth {
    /// The columns `text` takes.
    static func of(_ text: some StringProtocol) -> Int {
        var ascii = true
        var width = 0
        for byte in text.utf8 {
            guard byte < 0x80 else {
                ascii = false
                break
            }
            if byte >= 0x20 && byte != 0x7F { width += 1 }
        }
        if ascii { return width }
        width = 0
        for character in text { width += of(character) }
        return width
    }

    /// The columns one character (a grapheme cluster) takes: an emoji sequence counts as one
    /// emoji, a letter with combining marks as the letter.
    static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            if scalar.value == 0xFE0F { return 2 }  // emoji presentation selector
            if scalar.value == 0x200D { return max(width, 2) }  // a joined emoji sequence
            width += of(scalar)
        }
        return width
    }

    /// The columns one scalar takes (0, 1 or 2).
    static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value < 0x20 ? 0 : 1 }
        if value < 0xA0 { return 0 }
        // Latin letters and signs, box drawing and blocks: one column, no lookup needed.
        if (value < 0x300 && value != 0xAD) || (0x2500...0x259F).contains(value) { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
        return isWide(value) || scalar.properties.isEmojiPresentation ? 2 : 1
    }

    /// `text` cut to at most `columns` columns, ending with `…` when cut.
    static func truncate(_ text: String, to columns: Int) -> String {
        guard columns > 0 else { return "" }
        if of(text) <= columns { return text }
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            // Printable ASCII: one column a byte.
            return String(decoding: text.utf8.prefix(columns - 1), as: UTF8.self) + "…"
        }
        var result = ""
        var used = 0
        for character in text {
            let width = of(character)
            if used + width > columns - 1 { break }
            result.append(character)
            used += width
        }
        return result + "…"
    }

    /// The columns `text` takes on the screen, its escape sequences (`ESC [ … m`, ``Style``'s)
    /// taking none.
    static func ofStyled(_ text: String) -> Int {
        guard text.utf8.contains(0x1B) else { return of(text) }
        var width = 0
        var inEscape = false
        for character in text {
            if inEscape {
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                inEscape = true
            } else {
                width += of(character)
            }
        }
        return width
    }

    /// `text`, which may hold ``Style``'s escape sequences, cut to at most `columns` columns on
    /// the screen, ending with `…` (and the escape that ends a style, when it holds one) when cut.
    static func truncateStyled(_ text: String, to columns: Int) -> String {
        guard text.utf8.contains(0x1B) else { return truncate(text, to: columns) }
        guard columns > 0 else { return "" }
        if ofStyled(text) <= columns { return text }
        var result = ""
        var used = 0
        var inEscape = false
        for character in text {
            if inEscape {
                result.append(character)
                if character.isLetter { inEscape = false }
            } else if character == "\u{1B}" {
                result.append(character)
                inEscape = true
            } else {
                let width = of(character)
                if used + width > columns - 1 { break }
                result.append(character)
                used += width
            }
        }
        return result + "…\u{1B}[0m"
    }

    /// `text` followed by spaces up to `columns` columns.
    static func pad(_ text: String, to columns: Int) -> String {
        let width = of(text)
        return width >= columns ? text : text + String(repeating: " ", count: columns - width)
    }

    /// East Asian Wide and Fullwidth ranges (Unicode 15, abridged to what titles contain).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3, 0x25FD...0x25FE,
            0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE,
            0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD, 0x2705,
            0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0, 0x27BF,
            0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18AFF, 0x1B000...0x1B2FF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F, 0x1F680...0x1F6FF,
            0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
