/// A day of the Gregorian calendar, without a time or a time zone: a todo's due date.
///
/// ```swift
/// let day = try CalendarDay(parsing: "2030-02-28")
/// day.adding(days: 1)   // 2030-03-01
/// day.description       // "2030-02-28"
/// ```
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to 28, 29, 30 or 31.
    public let day: Int

    /// Creates the day, or returns `nil` when it does not exist (2030-02-30, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= CalendarDay.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The first day a `CalendarDay` can hold, 0001-01-01, in days since 1970-01-01.
    public static let minimumDaysSinceEpoch = -719_162
    /// The last day a `CalendarDay` can hold, 9999-12-31, in days since 1970-01-01.
    public static let maximumDaysSinceEpoch = 2_932_896

    /// The day `daysSinceEpoch` days after 1970-01-01 (negative: before it), kept within
    /// 0001-01-01…9999-12-31.
    public init(daysSinceEpoch: Int) {
        // Howard Hinnant's civil_from_days.
        let clamped = Swift.min(
            Swift.max(daysSinceEpoch, CalendarDay.minimumDaysSinceEpoch), CalendarDay.maximumDaysSinceEpoch)
        let z = clamped + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (month <= 2 ? 1 : 0)
        self.month = month
        self.day = day
    }

    /// Parses `YYYY-MM-DD`, which must name a day that exists.
    ///
    /// - Throws: ``TodoError/invalidDate(_:reason:)`` for anything else.
    public init(parsing text: some StringProtocol) throws(TodoError) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = CalendarDay.digits(bytes[0..<4]), let month = CalendarDay.digits(bytes[5..<7]),
            let day = CalendarDay.digits(bytes[8..<10])
        else {
            throw .invalidDate(String(text), reason: .unrecognized)
        }
        guard let parsed = CalendarDay(year: year, month: month, day: day) else {
            throw .invalidDate(String(text), reason: .noSuchDay)
        }
        self = parsed
    }

    /// Parses `YYYY-MM-DD` from UTF-8 bytes; `nil` for anything else or a day that does not exist.
    init?(raw b: UnsafeRawBufferPointer) {
        guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
        var year = 0
        var month = 0
        var day = 0
        for i in 0..<10 where i != 4 && i != 7 {
            let digit = b[i] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            switch i {
            case 0..<4: year = year * 10 + Int(digit)
            case 5..<7: month = month * 10 + Int(digit)
            default: day = day * 10 + Int(digit)
            }
        }
        self.init(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((daysSinceEpoch % 7) + 7 + 3) % 7  // 0 = Monday
        return Weekday.allCases[index]
    }

    /// The day `days` days later (earlier when negative), kept within 0001-01-01…9999-12-31.
    public func adding(days: Int) -> CalendarDay {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(days)
        return CalendarDay(daysSinceEpoch: overflow ? (days > 0 ? Int.max : Int.min) : sum)
    }

    /// The same day of the month `months` months later, or the month's last day when it is
    /// shorter (2030-01-31 plus one month is 2030-02-28); kept within 0001-01-01…9999-12-31.
    public func adding(months: Int) -> CalendarDay {
        let clampedMonths = Swift.min(Swift.max(months, -120_000), 120_000)
        let total = (year * 12 + (month - 1)) + clampedMonths
        if total < 12 { return CalendarDay(daysSinceEpoch: CalendarDay.minimumDaysSinceEpoch) }
        if total > 9999 * 12 + 11 { return CalendarDay(daysSinceEpoch: CalendarDay.maximumDaysSinceEpoch) }
        let newYear = total / 12
        let newMonth = total % 12 + 1
        let newDay = Swift.min(day, CalendarDay.daysIn(month: newMonth, year: newYear))
        return CalendarDay(year: newYear, month: newMonth, day: newDay)
            ?? CalendarDay(daysSinceEpoch: daysSinceEpoch)
    }

    /// The day `days` days later (earlier when negative), or `nil` when that day is outside
    /// 0001-01-01…9999-12-31, the days this type can hold.
    public func advanced(byDays days: Int) -> CalendarDay? {
        let (sum, overflow) = daysSinceEpoch.addingReportingOverflow(days)
        guard !overflow, (CalendarDay.minimumDaysSinceEpoch...CalendarDay.maximumDaysSinceEpoch).contains(sum) else {
            return nil
        }
        return CalendarDay(daysSinceEpoch: sum)
    }

    /// The same day of the month `months` months later (earlier when negative), or the
    /// month's last day when it is shorter; `nil` outside 0001-01-01…9999-12-31.
    public func advanced(byMonths months: Int) -> CalendarDay? {
        let (total, overflow) = (year * 12 + (month - 1)).addingReportingOverflow(months)
        guard !overflow, total >= 12, total <= 9999 * 12 + 11 else { return nil }
        return adding(months: total - (year * 12 + (month - 1)))
    }

    /// Days from `self` to `other`: positive when `other` is later.
    public func days(to other: CalendarDay) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        var bytes = [UInt8](repeating: UInt8(ascii: "0"), count: 10)
        CalendarDay.write(year, width: 4, into: &bytes, at: 0)
        bytes[4] = UInt8(ascii: "-")
        CalendarDay.write(month, width: 2, into: &bytes, at: 5)
        bytes[7] = UInt8(ascii: "-")
        CalendarDay.write(day, width: 2, into: &bytes, at: 8)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// The number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func digits(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    static func write(_ value: Int, width: Int, into bytes: inout [UInt8], at offset: Int) {
        var value = value
        for index in stride(from: offset + width - 1, through: offset, by: -1) {
            bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
            value /= 10
        }
    }
}

/// A day of the week, Monday first.
public enum Weekday: String, Sendable, CaseIterable {
    /// Monday.
    case monday
    /// Tuesday.
    case tuesday
    /// Wednesday.
    case wednesday
    /// Thursday.
    case thursday
    /// Friday.
    case friday
    /// Saturday.
    case saturday
    /// Sunday.
    case sunday

    /// The three-letter abbreviation: `mon`, `tue`, …
    public var abbreviation: String { String(rawValue.prefix(3)) }
}
