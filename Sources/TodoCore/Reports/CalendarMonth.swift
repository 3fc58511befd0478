/// A month of the calendar, without a day: what `todo calendar 2030-02` shows.
///
/// ```swift
/// let month = CalendarMonth(parsing: "2030-02")!
/// month.dayCount                // 28
/// month.adding(months: 11)      // 2031-01
/// CalendarMonth(containing: try CalendarDay(parsing: "2030-02-14")) == month  // true
/// ```
public struct CalendarMonth: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int

    /// The month, or `nil` when it does not exist (month 13, year 0).
    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// The month that holds `day`.
    public init(containing day: CalendarDay) {
        year = day.year
        month = day.month
    }

    /// Parses `YYYY-MM` (four digits, a dash, two digits); `nil` for anything else or a month
    /// that does not exist (`2030-13`).
    public init?(parsing text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"), let year = CalendarDay.digits(bytes[0..<4]),
            let month = CalendarDay.digits(bytes[5..<7])
        else { return nil }
        self.init(year: year, month: month)
    }

    /// Its first day.
    public var firstDay: CalendarDay { CalendarDay(year: year, month: month, day: 1)! }

    /// Its last day.
    public var lastDay: CalendarDay { CalendarDay(year: year, month: month, day: dayCount)! }

    /// How many days it has: 28 to 31.
    public var dayCount: Int { CalendarDay.daysIn(month: month, year: year) }

    /// The month `months` months later (earlier when negative), or `nil` outside 0001-01…9999-12.
    public func adding(months: Int) -> CalendarMonth? {
        let (total, overflow) = (year * 12 + month - 1).addingReportingOverflow(months)
        guard !overflow, total >= 12 else { return nil }
        return CalendarMonth(year: total / 12, month: total % 12 + 1)
    }

    /// `YYYY-MM`.
    public var description: String { String(firstDay.description.prefix(7)) }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}
