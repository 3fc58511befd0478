/// A date as users type it: `YYYY-MM-DD`, `today`, `tomorrow`, a weekday name, `+3d` or `+2w`.
///
/// Parsing checks the text only; ``resolve(today:)`` turns it into a day:
///
/// ```swift
/// let input = try DateInput(parsing: "friday")
/// input.resolve(today: try CalendarDay(parsing: "2030-01-07"))  // 2030-01-11, the next Friday
/// ```
public enum DateInput: Sendable, Hashable, CustomStringConvertible {
    /// A day of the calendar, `YYYY-MM-DD`.
    case day(CalendarDay)
    /// `today`.
    case today
    /// `tomorrow`.
    case tomorrow
    /// The next such day after today, within 7 days (`monday` on a Monday is a week later);
    /// full names or three-letter abbreviations.
    case next(Weekday)
    /// `+Nd`: N days after today.
    case daysFromToday(Int)
    /// `+Nw`: N weeks after today.
    case weeksFromToday(Int)

    /// The largest N in `+Nd` (about 100 years); `+Nw` accepts the same span in weeks.
    public static let maximumDays = 36_525

    /// Parses what a user typed for a date (any case, surrounding spaces ignored).
    ///
    /// - Throws: ``TodoError/invalidDate(_:reason:)``: `.noSuchDay` for a well-formed day that
    ///   does not exist (2030-02-30), `.unrecognized` for anything else (15/01/2030, +3x).
    public init(parsing text: some StringProtocol) throws(TodoError) {
        let trimmed = text.trimmingSpaces()
        let lowered = trimmed.lowercased()
        switch lowered {
        case "today": self = .today
        case "tomorrow": self = .tomorrow
        default:
            if let weekday = Weekday.allCases.first(where: { $0.rawValue == lowered || $0.abbreviation == lowered }) {
                self = .next(weekday)
            } else if lowered.first == "+" {
                self = try DateInput.parseOffset(lowered, original: String(text))
            } else if lowered.first?.isASCII == true, lowered.first?.isNumber == true {
                do {
                    self = .day(try CalendarDay(parsing: trimmed))
                } catch {
                    guard case .invalidDate(_, let reason) = error else { throw error }
                    throw .invalidDate(String(text), reason: reason)
                }
            } else {
                throw .invalidDate(String(text), reason: .unrecognized)
            }
        }
    }

    /// The day this input names, as seen on `today`.
    ///
    /// - Throws: ``TodoError/invalidDate(_:reason:)`` with `.outOfRange` when the day would
    ///   fall after 9999-12-31 (`tomorrow` on the calendar's last day).
    public func resolve(today: CalendarDay) throws(TodoError) -> CalendarDay {
        let days: Int
        switch self {
        case .day(let day): return day
        case .today: return today
        case .tomorrow: days = 1
        case .next(let weekday):
            let from = Weekday.allCases.firstIndex(of: today.weekday)!
            let to = Weekday.allCases.firstIndex(of: weekday)!
            let ahead = (to - from + 7) % 7
            days = ahead == 0 ? 7 : ahead
        case .daysFromToday(let count): days = count
        case .weeksFromToday(let weeks): days = 7 * weeks
        }
        guard let day = today.advanced(byDays: days) else { throw .invalidDate(description, reason: .outOfRange) }
        return day
    }

    /// The text ``init(parsing:)`` reads back.
    public var description: String {
        switch self {
        case .day(let day): return day.description
        case .today: return "today"
        case .tomorrow: return "tomorrow"
        case .next(let weekday): return weekday.rawValue
        case .daysFromToday(let days): return "+\(days)d"
        case .weeksFromToday(let weeks): return "+\(weeks)w"
        }
    }

    private static func parseOffset(_ lowered: String, original: String) throws(TodoError) -> DateInput {
        let body = lowered.dropFirst()
        guard let unit = body.last, unit == "d" || unit == "w" else {
            throw .invalidDate(original, reason: .unrecognized)
        }
        let digits = body.dropLast()
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let count = Int(digits)
        else { throw .invalidDate(original, reason: .unrecognized) }
        let days = unit == "d" ? count : count * 7
        guard days <= maximumDays else { throw .invalidDate(original, reason: .tooFar) }
        return unit == "d" ? .daysFromToday(count) : .weeksFromToday(count)
    }
}

extension StringProtocol {
    /// The text without leading and trailing white space (spaces, tabs, new lines).
    func trimmingSpaces() -> String {
        let string = String(self)
        let scalars = string.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return string }
        return String(Substring(scalars[first...last]))
    }
}
