/// One content line of an iCalendar object (RFC 5545 §3.1), unfolded:
/// `NAME;PARAM=value:value`.
///
/// The name and parameters are kept as written, and the value unchanged (with its escapes), so
/// ``contentLine`` gives back the line that was read.
public struct ICalendarProperty: Sendable, Hashable {
    /// The name as written (`SUMMARY`, `X-APPLE-SORT-ORDER`); names compare without case.
    public var name: String
    /// The parameters, in their order.
    public var parameters: [ICalendarParameter]
    /// The value as written, escapes included (see ``text`` for a TEXT value).
    public var value: String

    /// A property with a value given as written (escapes included).
    public init(name: String, parameters: [ICalendarParameter] = [], value: String) {
        self.name = name
        self.parameters = parameters
        self.value = value
    }

    /// A property whose value is `text`, escaped as a TEXT value.
    public init(name: String, parameters: [ICalendarParameter] = [], text: String) {
        self.init(name: name, parameters: parameters, value: ICalendarProperty.escaped(text))
    }

    /// Whether the name is `name` (without case).
    public func `is`(_ name: String) -> Bool {
        self.name.count == name.count && self.name.uppercased() == name.uppercased()
    }

    /// The first value of the parameter `name` (without case), if it has it.
    public func parameter(_ name: String) -> String? {
        let wanted = name.uppercased()
        return parameters.first { $0.name.uppercased() == wanted }?.value
    }

    /// The value read as TEXT: `\n` a line break, `\,` `\;` `\\` the character.
    public var text: String { Self.unescaped(value[...]) }

    /// The value read as a list of TEXT values, split at the commas that are not escaped.
    public var textList: [String] {
        var items: [String] = []
        var start = value.startIndex
        var index = value.startIndex
        while index < value.endIndex {
            let character = value[index]
            if character == "\\" {
                index = value.index(after: index)
                if index < value.endIndex { index = value.index(after: index) }
                continue
            }
            if character == "," {
                items.append(Self.unescaped(value[start..<index]))
                start = value.index(after: index)
            }
            index = value.index(after: index)
        }
        items.append(Self.unescaped(value[start...]))
        return items
    }

    /// The line, unfolded: `NAME;PARAM=value:value`.
    public var contentLine: String {
        var line = name
        for parameter in parameters { line += ";" + parameter.text }
        return line + ":" + value
    }

    /// `text` escaped as a TEXT value: `\` `;` `,` and line breaks (a CR LF is one).
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var previousCR = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": if !previousCR { result += "\\n" }
            case "\r": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
            previousCR = scalar == "\r"
        }
        return result
    }

    /// A TEXT value's text; an unknown escape is read as the character after the backslash.
    static func unescaped(_ value: Substring) -> String {
        guard value.contains("\\") else { return String(value) }
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }

    /// Reads one unfolded content line.
    ///
    /// - Throws: The problem, in words, when it is not `NAME[;PARAM=value…]:value`.
    static func parse(_ line: String) throws(ICalendarProblem) -> ICalendarProperty {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        /// Whether `scalar` may be part of a name (letters, digits and `-`).
        func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
        }
        func name() -> String {
            let start = index
            while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<index])
            return text
        }
        let propertyName = name()
        guard !propertyName.isEmpty else {
            throw ICalendarProblem("a line that is not a property (NAME:value): \(Self.excerpt(line))")
        }
        var parameters: [ICalendarParameter] = []
        while index < scalars.count, scalars[index] == ";" {
            index += 1
            let parameterName = name()
            guard !parameterName.isEmpty, index < scalars.count, scalars[index] == "=" else {
                throw ICalendarProblem("the property \(propertyName) has a parameter without a name and '='")
            }
            index += 1
            var values: [String] = []
            var quoted: [Bool] = []
            repeat {
                if index < scalars.count, scalars[index] == "," { index += 1 }
                var value = ""
                if index < scalars.count, scalars[index] == "\"" {
                    index += 1
                    while index < scalars.count, scalars[index] != "\"" {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    guard index < scalars.count else {
                        throw ICalendarProblem(
                            "the parameter \(parameterName) of \(propertyName) has a quote that is not closed")
                    }
                    index += 1
                    quoted.append(true)
                } else {
                    while index < scalars.count, scalars[index] != ",", scalars[index] != ";", scalars[index] != ":" {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    quoted.append(false)
                }
                values.append(value)
            } while index < scalars.count && scalars[index] == ","
            parameters.append(ICalendarParameter(name: parameterName, values: values, quoted: quoted))
        }
        guard index < scalars.count, scalars[index] == ":" else {
            throw ICalendarProblem("the property \(propertyName) has no ':' before its value")
        }
        var value = ""
        value.unicodeScalars.append(contentsOf: scalars[(index + 1)...])
        return ICalendarProperty(name: propertyName, parameters: parameters, value: value)
    }

    /// The start of `line`, for messages.
    static func excerpt(_ line: String) -> String {
        line.count > 40 ? "'" + line.prefix(40) + "…'" : "'" + line + "'"
    }
}
