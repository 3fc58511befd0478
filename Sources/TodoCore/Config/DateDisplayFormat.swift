/// How days are shown to people (`date.format`), written with Taskwarrior's `dateformat` letters:
/// `Y-M-D` (the default, 2030-01-07), `D.M.Y` (07.01.2030), `m/d/Y` (1/7/2030), `a d b` (Mon 7 Jan).
///
/// | letter | gives | | letter | gives |
/// |---|---|---|---|---|
/// | `Y` | year, 4 digits (2030) | | `y` | year, 2 digits (30) |
/// | `M` | month, 2 digits (01) | | `m` | month (1) |
/// | `D` | day, 2 digits (07) | | `d` | day (7) |
/// | `B` | month's name (January) | | `b` | its abbreviation (Jan) |
/// | `A` | weekday's name (Monday) | | `a` | its abbreviation (Mon) |
/// | `J` | day of the year, 3 digits (007) | | `j` | day of the year (7) |
/// | `V` | ISO week, 2 digits (02) | | `v` | ISO week (2) |
///
/// Any other character that is not an ASCII letter is shown as it is. Only the display changes:
/// typed dates and `--json` keep `YYYY-MM-DD`.
///
/// ```swift
/// let format = try DateDisplayFormat(parsing: "a d b")
/// format.format(try CalendarDay(parsing: "2030-01-07"))  // "Mon 7 Jan"
/// ```
public struct DateDisplayFormat: Sendable, Hashable, CustomStringConvertible {
    /// What is shown, in order.
    private enum Part: Hashable, Sendable {
        case literal(String)
        case field(Character)
    }

    private let parts: [Part]
    /// The pattern as given (`Y-M-D`).
    public let pattern: String

    /// `Y-M-D`: 2030-01-07, the default.
    public static let iso = DateDisplayFormat(
        pattern: "Y-M-D",
        parts: [
            .field("Y"), .literal("-"), .field("M"), .literal("-"), .field("D"),
        ])

    private init(pattern: String, parts: [Part]) {
        self.pattern = pattern
        self.parts = parts
    }

    /// Whether `character` is a letter of a pattern.
    static func isLetter(_ character: Character) -> Bool {
        switch character {
        case "Y", "y", "M", "m", "D", "d", "B", "b", "A", "a", "J", "j", "V", "v": return true
        default: return false
        }
    }

    /// Reads a pattern of letters (see the table above) and other characters.
    ///
    /// - Throws: ``TodoError/invalidSetting(key:problem:)`` for an empty pattern, one without
    ///   letters, or an ASCII letter that is not one of the table's (Taskwarrior's time letters
    ///   `H`, `N`, `S` among them: todo shows days, not times).
    public init(parsing pattern: String) throws(TodoError) {
        var parts: [Part] = []
        var literal = ""
        for character in pattern {
            if DateDisplayFormat.isLetter(character) {
                if !literal.isEmpty { parts.append(.literal(literal)) }
                literal = ""
                parts.append(.field(character))
            } else if character.isASCII && character.isLetter {
                let problem =
                    "Hh".contains(character) || "NnSsTt".contains(character)
                    ? "'\(character)' in '\(pattern)' is a time, and days are shown without one; "
                        + "use Y, M, D and the other day letters"
                    : "'\(character)' in '\(pattern)' is not a date.format letter; "
                        + "use Y (year), M or m (month), D or d (day), B or b (month's name), A or a (weekday), "
                        + "J or j (day of the year), V or v (week), y (2-digit year)"
                throw .invalidSetting(key: "date.format", problem: problem)
            } else {
                literal.append(character)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        guard parts.contains(where: { if case .field = $0 { return true } else { return false } }) else {
            throw .invalidSetting(
                key: "date.format",
                problem: "'\(pattern)' has no date letter; write a pattern such as Y-M-D, D.M.Y or m/d/Y")
        }
        self.init(pattern: pattern, parts: parts)
    }

    /// The pattern.
    public var description: String { pattern }

    /// `day` as the pattern shows it.
    public func format(_ day: CalendarDay) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .literal(let literal): text += literal
            case .field(let letter): text += DateDisplayFormat.field(letter, of: day)
            }
        }
        return text
    }

    private static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    private static func field(_ letter: Character, of day: CalendarDay) -> String {
        switch letter {
        case "Y": return padded(day.year, 4)
        case "y": return padded(day.year % 100, 2)
        case "M": return padded(day.month, 2)
        case "m": return String(day.month)
        case "D": return padded(day.day, 2)
        case "d": return String(day.day)
        case "B": return months[day.month - 1]
        case "b": return String(months[day.month - 1].prefix(3))
        case "A": return day.weekday.rawValue.prefix(1).uppercased() + day.weekday.rawValue.dropFirst()
        case "a": return day.weekday.abbreviation.prefix(1).uppercased() + day.weekday.abbreviation.dropFirst()
        case "J": return padded(dayOfYear(day), 3)
        case "j": return String(dayOfYear(day))
        case "V": return padded(isoWeek(day), 2)
        default: return String(isoWeek(day))
        }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// 1 for 1 January.
    private static func dayOfYear(_ day: CalendarDay) -> Int {
        day.daysSinceEpoch - CalendarDay(year: day.year, month: 1, day: 1)!.daysSinceEpoch + 1
    }

    /// The ISO 8601 week: weeks start on Monday, and week 1 holds the year's first Thursday.
    private static func isoWeek(_ day: CalendarDay) -> Int {
        let fromMonday = Weekday.allCases.firstIndex(of: day.weekday)!
        // The Thursday of the same week decides the year the week belongs to.
        let thursday = CalendarDay(daysSinceEpoch: day.daysSinceEpoch - fromMonday + 3)
        return (dayOfYear(thursday) - 1) / 7 + 1
    }
}
