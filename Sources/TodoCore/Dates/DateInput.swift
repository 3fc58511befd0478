/// A date as users type it: `YYYY-MM-DD`, `today`, `tomorrow`, `yesterday`, a weekday name, an
/// offset from today (`+3d`, `-2w`, `+1m`, `+1y`), or the first or last day of the current week,
/// month or year (`sow`, `eom`, `eoy`).
///
/// Parsing checks the text only; ``resolve(today:weekStart:)`` turns it into a day:
///
/// ```swift
/// let today = try CalendarDay(parsing: "2030-01-30")  // a Wednesday
/// try DateInput(parsing: "friday").resolve(today: today)  // 2030-02-01, the next Friday
/// try DateInput(parsing: "+1m").resolve(today: today)  // 2030-02-28, February's last day
/// try DateInput(parsing: "eow").resolve(today: today)  // 2030-02-03, a Sunday
/// try DateInput(parsing: "eow").resolve(today: today, weekStart: .sunday)  // 2030-02-02
/// ```
public enum DateInput: Sendable, Hashable, CustomStringConvertible {
    /// A day of the calendar, `YYYY-MM-DD`.
    case day(CalendarDay)
    /// `today`.
    case today
    /// `tomorrow`.
    case tomorrow
    /// `yesterday`.
    case yesterday
    /// The next such day after today, within 7 days (`monday` on a Monday is a week later);
    /// full names or three-letter abbreviations. The start of the week plays no part.
    case next(Weekday)
    /// `+Nd`: N days after today; `-Nd` (a negative count): N days before it.
    case daysFromToday(Int)
    /// `+Nw`: N weeks after today; `-Nw` (a negative count): N weeks before it.
    case weeksFromToday(Int)
    /// `+Nm`: the same day of the month N months after today (before it when negative), or
    /// that month's last day when it is shorter (2030-01-31 `+1m` is 2030-02-28).
    case monthsFromToday(Int)
    /// `+Ny`: the same day N years after today (before it when negative); 29 February gives
    /// 28 February in a common year (2028-02-29 `+1y` is 2029-02-28, `+4y` is 2032-02-29).
    case yearsFromToday(Int)
    /// `sow`, `som`, `soy`: the first day of the current week, month or year.
    case startOf(Period)
    /// `eow`, `eom`, `eoy`: the last day of the current week, month or year.
    case endOf(Period)

    /// A span of the calendar that holds today, for ``startOf(_:)`` and ``endOf(_:)``.
    public enum Period: Sendable, Hashable, CaseIterable {
        /// The seven days from the start of the week: Monday, unless
        /// ``DateInput/resolve(today:weekStart:)`` is given another day.
        case week
        /// The calendar month.
        case month
        /// The calendar year.
        case year

        /// The letter that ends the word for it: `w` in `sow`, `m` in `eom`.
        var letter: Character {
            switch self {
            case .week: return "w"
            case .month: return "m"
            case .year: return "y"
            }
        }
    }

    /// The largest N in `+Nd` and `-Nd` (about 100 years); `+Nw` and `-Nw` accept the same span
    /// in weeks.
    public static let maximumDays = 36_525
    /// The largest N in `+Nm` and `-Nm` (100 years).
    public static let maximumMonths = 1_200
    /// The largest N in `+Ny` and `-Ny`.
    public static let maximumYears = 100

    /// Parses what a user typed for a date (any case, surrounding spaces ignored).
    ///
    /// - Throws: ``TodoError/invalidDate(_:reason:)``: `.noSuchDay` for a well-formed day that
    ///   does not exist (2030-02-30), `.tooFar` for an offset beyond ``maximumDays``,
    ///   ``maximumMonths`` or ``maximumYears`` (`+999999d`), `.unrecognized` for anything else
    ///   (15/01/2030, +3x).
    public init(parsing text: some StringProtocol) throws(TodoError) {
        let trimmed = text.trimmingSpaces()
        let lowered = trimmed.lowercased()
        if let word = DateInput.words[lowered] {
            self = word
        } else if lowered.first == "+" || lowered.first == "-" {
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

    /// The day this input names, as seen on `today`.
    ///
    /// - Parameters:
    ///   - today: The day offsets and periods count from.
    ///   - weekStart: The first day of a week, for `sow` and `eow` only (weekday names always
    ///     mean the next such day).
    /// - Throws: ``TodoError/invalidDate(_:reason:)`` with `.outOfRange` when the day would
    ///   fall before 0001-01-01 or after 9999-12-31 (`tomorrow` on the calendar's last day).
    public func resolve(today: CalendarDay, weekStart: Weekday = .monday) throws(TodoError) -> CalendarDay {
        let resolved: CalendarDay?
        switch self {
        case .day(let day): resolved = day
        case .today: resolved = today
        case .tomorrow: resolved = today.advanced(byDays: 1)
        case .yesterday: resolved = today.advanced(byDays: -1)
        case .next(let weekday):
            let ahead = (weekday.index - today.weekday.index + 7) % 7
            resolved = today.advanced(byDays: ahead == 0 ? 7 : ahead)
        case .daysFromToday(let count): resolved = today.advanced(byDays: count)
        case .weeksFromToday(let count):
            let (days, overflow) = count.multipliedReportingOverflow(by: 7)
            resolved = overflow ? nil : today.advanced(byDays: days)
        case .monthsFromToday(let count): resolved = today.advanced(byMonths: count)
        case .yearsFromToday(let count):
            let (months, overflow) = count.multipliedReportingOverflow(by: 12)
            resolved = overflow ? nil : today.advanced(byMonths: months)
        case .startOf(.week): resolved = today.advanced(byDays: -today.daysIntoWeek(startingOn: weekStart))
        case .endOf(.week): resolved = today.advanced(byDays: 6 - today.daysIntoWeek(startingOn: weekStart))
        case .startOf(.month): resolved = CalendarDay(year: today.year, month: today.month, day: 1)
        case .endOf(.month):
            resolved = CalendarDay(
                year: today.year, month: today.month, day: CalendarDay.daysIn(month: today.month, year: today.year))
        case .startOf(.year): resolved = CalendarDay(year: today.year, month: 1, day: 1)
        case .endOf(.year): resolved = CalendarDay(year: today.year, month: 12, day: 31)
        }
        guard let resolved else { throw .invalidDate(description, reason: .outOfRange) }
        return resolved
    }

    /// The text ``init(parsing:)`` reads back, in lower case.
    public var description: String {
        switch self {
        case .day(let day): return day.description
        case .today: return "today"
        case .tomorrow: return "tomorrow"
        case .yesterday: return "yesterday"
        case .next(let weekday): return weekday.rawValue
        case .daysFromToday(let count): return DateInput.offset(count, unit: "d")
        case .weeksFromToday(let count): return DateInput.offset(count, unit: "w")
        case .monthsFromToday(let count): return DateInput.offset(count, unit: "m")
        case .yearsFromToday(let count): return DateInput.offset(count, unit: "y")
        case .startOf(let period): return "so\(period.letter)"
        case .endOf(let period): return "eo\(period.letter)"
        }
    }

    /// The forms that are one fixed word, in lower case: `today`, `fri`, `eom`…
    private static let words: [String: DateInput] = {
        var words: [String: DateInput] = ["today": .today, "tomorrow": .tomorrow, "yesterday": .yesterday]
        for weekday in Weekday.allCases {
            words[weekday.rawValue] = .next(weekday)
            words[weekday.abbreviation] = .next(weekday)
        }
        for period in Period.allCases {
            words["so\(period.letter)"] = .startOf(period)
            words["eo\(period.letter)"] = .endOf(period)
        }
        return words
    }()

    /// `+3d`, `-2w`: the sign, the count without a sign, the unit.
    private static func offset(_ count: Int, unit: Character) -> String {
        "\(count < 0 ? "-" : "+")\(count.magnitude)\(unit)"
    }

    /// Reads `+Nd`, `-Nw`, `+Nm`, `-Ny`…: a sign, one to six ASCII digits, a unit.
    private static func parseOffset(_ lowered: String, original: String) throws(TodoError) -> DateInput {
        let sign = lowered.first == "-" ? -1 : 1
        let body = lowered.dropFirst()
        let limit: Int
        let offset: (Int) -> DateInput
        switch body.last {
        case "d": (limit, offset) = (maximumDays, DateInput.daysFromToday)
        case "w": (limit, offset) = (maximumDays / 7, DateInput.weeksFromToday)
        case "m": (limit, offset) = (maximumMonths, DateInput.monthsFromToday)
        case "y": (limit, offset) = (maximumYears, DateInput.yearsFromToday)
        default: throw .invalidDate(original, reason: .unrecognized)
        }
        let digits = body.dropLast()
        guard !digits.isEmpty, digits.count <= 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
            let count = Int(digits)
        else { throw .invalidDate(original, reason: .unrecognized) }
        guard count <= limit else { throw .invalidDate(original, reason: .tooFar) }
        return offset(sign * count)
    }
}

extension Weekday {
    /// The place in the week that starts on Monday: 0 for Monday, 6 for Sunday.
    fileprivate var index: Int { Weekday.allCases.firstIndex(of: self)! }
}

extension CalendarDay {
    /// How many days of the week that starts on `weekStart` come before this one: 0 on the
    /// first day, 6 on the last.
    fileprivate func daysIntoWeek(startingOn weekStart: Weekday) -> Int {
        (weekday.index - weekStart.index + 7) % 7
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
