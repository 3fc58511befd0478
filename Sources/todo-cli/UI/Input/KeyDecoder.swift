/// Turns the bytes a terminal sends into keys: a pure function, so that every escape sequence
/// is tested without a terminal.
///
/// It reads printable ASCII and UTF-8 text, control keys, and the sequences of xterm, the
/// Linux console, tmux and screen for arrows, Home/End, PgUp/PgDn, Insert/Delete, Shift-Tab
/// and F1–F12 (CSI `ESC [` and SS3 `ESC O`, with or without modifiers, which are ignored).
///
/// A read can end in the middle of a key. With `isComplete` false, an unfinished sequence or
/// UTF-8 character at the end is returned in `rest`, to be decoded with the next bytes. When
/// no more bytes came in time, decode `rest` again with `isComplete` true: a lone `ESC` is
/// then the Esc key, and an unfinished `ESC [` is Esc followed by `[`.
///
/// ```swift
/// KeyDecoder.decode([0x1B, 0x5B, 0x41, 0x6A], isComplete: false)  // ([.up, .character("j")], [])
/// KeyDecoder.decode([0x1B], isComplete: false)                    // ([], [0x1B])
/// KeyDecoder.decode([0x1B], isComplete: true)                     // ([.escape], [])
/// ```
enum KeyDecoder {
    /// The keys in `bytes`, and the bytes of an unfinished key at the end (empty when
    /// `isComplete`). Bytes that are not valid UTF-8 and unknown sequences are skipped.
    static func decode(_ bytes: [UInt8], isComplete: Bool) -> (keys: [Key], rest: [UInt8]) {
        var keys: [Key] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x1B:
                switch escapeSequence(in: bytes, at: index) {
                case .incomplete where !isComplete:
                    return (keys, Array(bytes[index...]))
                case .incomplete, .notASequence:
                    keys.append(.escape)
                    index += 1
                case .key(let key, let length):
                    if let key { keys.append(key) }
                    index += length
                }
            case 0x0D, 0x0A:
                keys.append(.enter)
                index += 1
            case 0x09:
                keys.append(.tab)
                index += 1
            case 0x7F, 0x08:
                keys.append(.backspace)
                index += 1
            case 0x00:
                keys.append(.control("@"))
                index += 1
            case 0x01...0x1A:
                keys.append(.control(Character(Unicode.Scalar(byte - 1 + UInt8(ascii: "a")))))
                index += 1
            case 0x1C...0x1F:
                keys.append(.control(["\\", "]", "^", "_"][Int(byte - 0x1C)]))
                index += 1
            case 0x20...0x7E:
                keys.append(.character(Character(Unicode.Scalar(byte))))
                index += 1
            case 0xC2...0xF4:
                switch utf8Scalar(in: bytes, at: index) {
                case .incomplete where !isComplete:
                    return (keys, Array(bytes[index...]))
                case .incomplete, .notASequence:
                    index += 1
                case .key(let key, let length):
                    if let key { keys.append(key) }
                    index += length
                }
            default:
                index += 1  // a stray continuation byte, or a byte UTF-8 never uses
            }
        }
        return (keys, [])
    }

    /// What the bytes at an index hold.
    private enum Match {
        /// A key (or a sequence to skip, `nil`) and how many bytes it took.
        case key(Key?, length: Int)
        /// The start of something the bytes end before finishing.
        case incomplete
        /// Not a sequence: the first byte is a key of its own.
        case notASequence
    }

    /// The escape sequence starting with the `ESC` at `start`.
    private static func escapeSequence(in bytes: [UInt8], at start: Int) -> Match {
        guard start + 1 < bytes.count else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            return controlSequence(in: bytes, at: start)
        case UInt8(ascii: "O"):
            guard start + 2 < bytes.count else { return .incomplete }
            guard let key = ss3Key(bytes[start + 2]) else { return .notASequence }
            return .key(key, length: 3)
        default:
            return .notASequence
        }
    }

    /// A CSI sequence, `ESC [` parameters final-byte (or the Linux console's `ESC [ [ A`).
    private static func controlSequence(in bytes: [UInt8], at start: Int) -> Match {
        var index = start + 2
        guard index < bytes.count else { return .incomplete }
        if bytes[index] == UInt8(ascii: "[") {  // Linux console F1–F5: ESC [ [ A … E
            guard index + 1 < bytes.count else { return .incomplete }
            let letter = bytes[index + 1]
            guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter) else { return .notASequence }
            return .key(.function(Int(letter - UInt8(ascii: "A")) + 1), length: 4)
        }
        while index < bytes.count, (0x30...0x3F).contains(bytes[index]) { index += 1 }
        let parameterEnd = index
        while index < bytes.count, (0x20...0x2F).contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return .incomplete }
        let final = bytes[index]
        guard (0x40...0x7E).contains(final) else { return .notASequence }
        let parameters = numbers(bytes[(start + 2)..<parameterEnd])
        return .key(csiKey(final: final, parameters: parameters), length: index - start + 1)
    }

    /// The key of a CSI sequence's final byte and numbers; `nil` for sequences no key sends
    /// here (bracketed paste marks, focus reports, unknown ones).
    private static func csiKey(final: UInt8, parameters: [Int]) -> Key? {
        let first = parameters.first ?? 1
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(final - UInt8(ascii: "P")) + 1)
        case UInt8(ascii: "~"):
            switch first {
            case 1, 7: return .home
            case 2: return .insert
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            case 11...15: return .function(first - 10)
            case 17...21: return .function(first - 11)
            case 23, 24: return .function(first - 12)
            default: return nil
            }
        case UInt8(ascii: "u"):  // CSI code ; modifiers u (fixterms, kitty)
            return unicodeKey(code: first, modifiers: parameters.count > 1 ? parameters[1] : 1)
        default:
            return nil
        }
    }

    /// The key of `CSI code ; modifiers u`.
    private static func unicodeKey(code: Int, modifiers: Int) -> Key? {
        switch code {
        case 9: return modifiers > 1 && (modifiers - 1) & 1 != 0 ? .backTab : .tab
        case 13: return .enter
        case 27: return .escape
        case 127: return .backspace
        default:
            guard let scalar = Unicode.Scalar(UInt32(clamping: code)), code >= 0x20 else { return nil }
            let control = modifiers > 1 && (modifiers - 1) & 4 != 0
            if control, scalar.isASCII, scalar.properties.isAlphabetic {
                return .control(Character(String(scalar).lowercased()))
            }
            return .character(Character(scalar))
        }
    }

    /// The key of `ESC O` and this byte (application cursor and keypad mode).
    private static func ss3Key(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "M"): return .enter
        case UInt8(ascii: "P")...UInt8(ascii: "S"): return .function(Int(byte - UInt8(ascii: "P")) + 1)
        default: return nil
        }
    }

    /// The numbers of CSI parameters `1;5`: `[1, 5]` (an empty one counts as 1).
    private static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int] {
        guard !bytes.isEmpty else { return [] }
        return bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { part in
            var value = 0
            for byte in part where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                value = min(value * 10 + Int(byte - UInt8(ascii: "0")), 1 << 24)
            }
            return part.isEmpty ? 1 : value
        }
    }

    /// The UTF-8 character whose first byte (0xC2–0xF4) is at `start`.
    private static func utf8Scalar(in bytes: [UInt8], at start: Int) -> Match {
        let lead = bytes[start]
        let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var value = UInt32(lead) & (lead < 0xE0 ? 0x1F : lead < 0xF0 ? 0x0F : 0x07)
        for offset in 1..<length {
            guard start + offset < bytes.count else { return .incomplete }
            let byte = bytes[start + offset]
            guard byte & 0xC0 == 0x80 else { return .notASequence }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return .key(nil, length: length) }
        if (0x80...0x9F).contains(value) { return .key(nil, length: length) }  // C1 controls
        return .key(.character(Character(scalar)), length: length)
    }
}
