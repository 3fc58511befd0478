/// Notes in todo.txt: the `note:` pair, whose value is the note's text percent-encoded.
///
/// todo.txt has one line per todo and `key:value` pairs of non-blank words without a second
/// colon, so a note of free text is written as one pair, `note:VALUE`, where VALUE is the text
/// with these characters written as `%XX` (each byte of their UTF-8, in upper-case hex):
///
/// - `%` itself, `:` (a value holds no colon), and a `/` that starts the value (`//` would read
///   as a link);
/// - white space of any kind (spaces, tabs, line breaks, U+00A0, U+3000…) and control
///   characters.
///
/// Every other character stays as it is, so `Café: 2 × ☕\nthen call` is
/// `note:Café%3A%202%20×%20☕%0Athen%20call`. todo.txt-cli keeps such a word as it is (adding,
/// prioritizing, completing, appending and archiving never touch it), and other tools see an
/// ordinary pair.
///
/// Note lines that are `key:value` pairs themselves (what an import of todo.txt kept in the
/// note, such as `t:2026-01-01`) are written as those pairs, so that other tools still read
/// them; the runs of other lines between them become `note:` pairs. Reading the line back gives
/// the same note, line for line.
enum TodoTxtNote {
    /// The words of a todo.txt line that carry `note`, the note of `todo`.
    ///
    /// - Parameters:
    ///   - note: The note (as the store keeps it: not blank).
    ///   - todo: Its todo, whose due day, recurrence and priority decide whether a `due:`,
    ///     `rec:` or `pri:` line can be written as a pair (one that would set the field on
    ///     import cannot).
    static func words(for note: String, of todo: Todo) -> [String] {
        var words: [String] = []
        var freeLines: [Substring] = []
        /// Writes the pending free lines as one `note:` pair; `false` when they are one empty
        /// line, which no pair can carry.
        func flush() -> Bool {
            guard !freeLines.isEmpty else { return true }
            let text = freeLines.joined(separator: "\n")
            freeLines.removeAll()
            guard !text.isEmpty else { return false }
            words.append("note:" + encode(text))
            return true
        }
        for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
            if isPair(line, of: todo) {
                guard flush() else { return ["note:" + encode(note)] }
                words.append(String(line))
            } else {
                freeLines.append(line)
            }
        }
        guard flush() else { return ["note:" + encode(note)] }
        return words
    }

    /// `text` percent-encoded as a `note:` value (see ``TodoTxtNote``).
    static func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        let hex = Array("0123456789ABCDEF".utf8)
        for scalar in text.unicodeScalars {
            let escaped =
                scalar == "%" || scalar == ":" || (bytes.isEmpty && scalar == "/") || scalar.properties.isWhitespace
                || scalar.properties.generalCategory == .control
            if escaped {
                for byte in String(scalar).utf8 {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                }
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text a `note:` value holds: each `%XX` is the byte XX; a `%` not followed by two hex
    /// digits stays a `%`. `nil` when the bytes are not UTF-8.
    static func decode(_ value: UnsafeBufferPointer<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.count)
        var index = 0
        while index < value.count {
            if value[index] == UInt8(ascii: "%"), index + 2 < value.count,
                let high = hexDigit(value[index + 1]), let low = hexDigit(value[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(value[index])
                index += 1
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Whether the note line `line` is written as it is, as one pair: one `key:value` word
    /// without white space or control characters, read back into the note (not a `note:`, nor
    /// a `due:`, `rec:` or `pri:` that would set a field the todo leaves empty).
    private static func isPair(_ line: Substring, of todo: Todo) -> Bool {
        guard
            !line.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.properties.generalCategory == .control
            })
        else { return false }
        var line = String(line)
        return line.withUTF8 { bytes in
            guard let colon = TodoTxtLine.keyValueColon(bytes) else { return false }
            let key = UnsafeBufferPointer(rebasing: bytes[..<colon])
            let value = UnsafeBufferPointer(rebasing: bytes[(colon + 1)...])
            if TodoTxtLine.key(key, is: "note") { return false }
            if TodoTxtLine.key(key, is: "due") {
                return todo.due != nil || TodoTxtLine.day(value) == nil
            }
            if TodoTxtLine.key(key, is: "rec") {
                return todo.recurrence != nil || Recurrence(todoTxt: String(decoding: value, as: UTF8.self)) == nil
            }
            if TodoTxtLine.key(key, is: "pri") {
                return todo.priority != .none || value.count != 1 || Priority(todoTxtLetter: value[0]) == nil
            }
            return true
        }
    }

    /// The value of the hex digit `byte` (either case).
    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
