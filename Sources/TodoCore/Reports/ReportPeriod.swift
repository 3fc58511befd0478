/// The span of the calendar a report counts by: `--by day`, `--by week` or `--by month`.
///
/// Periods are local calendar days, weeks or months, in the time zone of the report's clock: a
/// day is from one local midnight to the next (23 or 25 hours on the days the clocks change), a
/// week is seven days from the configured first day of the week, a month is a calendar month.
public enum ReportPeriod: String, Sendable, Hashable, CaseIterable {
    /// A local calendar day.
    case day
    /// Seven days from the first day of the week (Monday unless the report is given another).
    case week
    /// A calendar month.
    case month

    /// The number of the period holding the day `days` days after 1970-01-01: consecutive
    /// periods have consecutive numbers.
    func index(ofDay days: Int, weekStart: Weekday) -> Int {
        switch self {
        case .day:
            return days
        case .week:
            return ReportPeriod.floorDivision(days - ReportPeriod.firstWeekStart(weekStart), 7)
        case .month:
            let day = CalendarDay(daysSinceEpoch: days)
            return day.year * 12 + day.month - 1
        }
    }

    /// The first day of the period numbered `index`, in days since 1970-01-01.
    func firstDay(ofIndex index: Int, weekStart: Weekday) -> Int {
        switch self {
        case .day:
            return index
        case .week:
            return ReportPeriod.firstWeekStart(weekStart) + index * 7
        case .month:
            let year = ReportPeriod.floorDivision(index, 12)
            let month = index - year * 12 + 1
            guard let first = CalendarDay(year: year, month: month, day: 1) else {
                return year < 1 ? CalendarDay.minimumDaysSinceEpoch : CalendarDay.maximumDaysSinceEpoch
            }
            return first.daysSinceEpoch
        }
    }

    /// The last day of the period numbered `index`, in days since 1970-01-01.
    func lastDay(ofIndex index: Int, weekStart: Weekday) -> Int {
        firstDay(ofIndex: index + 1, weekStart: weekStart) - 1
    }

    /// The `weekStart` day on or before 1970-01-01 (a Thursday), in days since it.
    private static func firstWeekStart(_ weekStart: Weekday) -> Int {
        let thursday = 3  // Monday is 0
        let start = Weekday.allCases.firstIndex(of: weekStart)!
        return -((thursday - start + 7) % 7)
    }

    /// `a / b` rounded towards minus infinity (`b` positive).
    static func floorDivision(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : (a - b + 1) / b
    }
}
