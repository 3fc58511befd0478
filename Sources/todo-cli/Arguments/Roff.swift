/// Text for roff with the man macros: escaping, and the fonts of usage units and option labels.
enum Roff {
    /// `text` as roff text: backslashes escaped, a `-` that is not inside a word (`--note`,
    /// `-5`) written as the minus `\-` that options are made of, and other characters than ASCII
    /// written as `\[u2191]`. Lines are left as they are (see ``lines(_:)``).
    static func escaped(_ text: String) -> String {
        var result = ""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\":
                result += "\\e"
            case "-" where !(previous.map(isWordCharacter) ?? false):
                result += "\\-"
            case _ where !scalar.isASCII:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default:
                result.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        return result
    }

    /// `text` escaped, as input lines: one per line of `text`, an empty line left out (roff
    /// reads it as a paragraph break), and a line starting with `.` or `'` protected with `\&`
    /// so that it is not read as a request.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map { line in
            let escaped = escaped(String(line))
            return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
        }
    }

    /// A part of a usage line or an option label, with option names in bold and values in
    /// italics: `[--note <text>]` becomes `[\fB\-\-note\fR \fItext\fR]`; its words are kept
    /// together on one output line.
    static func synopsis(_ unit: String) -> String {
        unit.split(separator: " ").map { word -> String in
            var core = Substring(word)
            var before = ""
            var after = ""
            while let first = core.first, first == "[" {
                before.append(first)
                core.removeFirst()
            }
            while let last = core.last, last == "]" || last == "," {
                after = String(last) + after
                core.removeLast()
            }
            let styled: String
            if core.hasPrefix("<"), core.hasSuffix(">") {
                styled = "\\fI" + escaped(String(core.dropFirst().dropLast())) + "\\fR"
            } else if core.hasPrefix("-") {
                styled = "\\fB" + escaped(String(core)) + "\\fR"
            } else {
                styled = escaped(String(core))
            }
            return before + styled + after
        }.joined(separator: "\\ ")
    }

    /// Whether `scalar` is a letter or a digit, inside which `-` is a hyphen (`full-screen`,
    /// `2030-01-08`).
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
}
