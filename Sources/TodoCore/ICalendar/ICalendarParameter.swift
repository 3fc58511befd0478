/// One parameter of an iCalendar property (`TZID=Europe/Paris`, `MEMBER="a","b"`), as written.
public struct ICalendarParameter: Sendable, Hashable {
    /// The name as written (names compare without case).
    public var name: String
    /// The values, without their quotes.
    public var values: [String]
    /// Which values were in double quotes (written back the same way).
    var quoted: [Bool]

    /// A parameter with `values`, each quoted when it holds `:`, `;` or `,`.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
        quoted = values.map { $0.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) }
    }

    /// A parameter as read, with which values were quoted.
    init(name: String, values: [String], quoted: [Bool]) {
        self.name = name
        self.values = values
        self.quoted = quoted
    }

    /// The first value.
    public var value: String { values.first ?? "" }

    /// `NAME=value,"quoted value"`.
    var text: String {
        var text = name + "="
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            let quote = index < quoted.count ? quoted[index] : false
            text += quote ? "\"" + value + "\"" : value
        }
        return text
    }
}
