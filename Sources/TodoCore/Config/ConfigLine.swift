/// One line of a config file, as written and as read.
///
/// Read as UTF-8 bytes (a command pays for it at every start): lines end at `\n`, and the
/// white space trimmed around keys and values is ASCII's (spaces, tabs, and the `\r` of a
/// `\r\n` line end).
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
    var text: String
    /// What it holds.
    var kind: Kind

    /// The lines of `text` (a final line break ends the last line rather than starting one; a
    /// byte order mark is not part of the first line).
    static func lines(of text: String) -> [ConfigLine] {
        var text = text
        return text.withUTF8 { bytes in
            var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            var lines: [ConfigLine] = []
            var number = 1
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                lines.append(
                    ConfigLine(number: number, text: String(decoding: line, as: UTF8.self), kind: kind(of: line)))
                number += 1
                start = end + 1
            }
            return lines
        }
    }

    /// What the line `text` holds.
    static func kind(of text: String) -> Kind {
        var text = text
        return text.withUTF8 { kind(of: $0) }
    }

    /// What a line holds, from its bytes.
    private static func kind(of line: UnsafeBufferPointer<UInt8>) -> Kind {
        let trimmed = trim(line[...])
        guard let first = trimmed.first else { return .blank }
        if first == UInt8(ascii: "#") { return .comment }
        guard let equals = trimmed.firstIndex(of: UInt8(ascii: "=")) else {
            let text = string(trimmed)
            let words = text.split(whereSeparator: \.isWhitespace)
            let fix =
                words.count >= 2 && !words[0].contains(":")
                ? "write it as \(words[0]) = \(words.dropFirst().joined(separator: " ")), or start it with # to make it "
                    + "a comment"
                : "write it as key = value, or start it with # to make it a comment"
            return .invalid(ConfigProblem("'\(text)' is not key = value", fix: fix))
        }
        let key = trim(trimmed[..<equals])
        let value = string(trim(trimmed[(equals + 1)...]))
        guard !key.isEmpty else {
            return .invalid(ConfigProblem("'\(string(trimmed))' has no key before =", fix: "write it as key = value"))
        }
        guard !key.contains(where: isSpace) else {
            let dotted = string(key).split(whereSeparator: \.isWhitespace).joined(separator: ".")
            return .invalid(
                ConfigProblem(
                    "'\(string(key))' is not a key: a key has no spaces",
                    fix: "write it as \(dotted) = \(value) if that is meant"))
        }
        return .setting(key: string(key), value: value)
    }

    /// Whether `byte` is ASCII white space.
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// `bytes` without ASCII white space at either end.
    private static func trim(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var bytes = bytes
        while let first = bytes.first, isSpace(first) { bytes.removeFirst() }
        while let last = bytes.last, isSpace(last) { bytes.removeLast() }
        return bytes
    }

    private static func string(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)
    }
}
