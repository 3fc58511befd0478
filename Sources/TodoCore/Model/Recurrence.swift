#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// How a todo repeats: completing it creates the next occurrence, due one period later.
///
/// Written as `daily`, `weekly`, `monthly`, `yearly`, `Nd` (every N days) or `Nw` (every N
/// weeks); `1d` is `daily` and `1w` is `weekly`.
public enum Recurrence: Sendable, Hashable, CustomStringConvertible {
    /// Every day.
    case daily
    /// Every week.
    case weekly
    /// Every month, on the same day (the month's last day when it has fewer days).
    case monthly
    /// Every year, on the same day.
    case yearly
    /// Every `n` days (`n` ≥ 2).
    case everyDays(Int)
    /// Every `n` weeks (`n` ≥ 2).
    case everyWeeks(Int)

    /// The largest `N` accepted in `Nd` and `Nw` (about 27 years in weeks).
    public static let maximumInterval = 1_461

    /// Parses `daily`, `weekly`, `monthly`, `yearly`, `Nd` or `Nw` (any case; N from 1 to
    /// ``maximumInterval``).
    ///
    /// - Throws: ``TodoError/invalidRecurrence(_:)`` for anything else.
    public init(parsing text: some StringProtocol) throws(TodoError) {
        let lowered = text.lowercased()
        switch lowered {
        case "daily": self = .daily
        case "weekly": self = .weekly
        case "monthly": self = .monthly
        case "yearly": self = .yearly
        default:
            guard let unit = lowered.last, unit == "d" || unit == "w",
                lowered.count >= 2, lowered.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
                let count = Int(lowered.dropLast()), (1...Recurrence.maximumInterval).contains(count)
            else { throw .invalidRecurrence(String(text)) }
            switch (unit, count) {
            case ("d", 1): self = .daily
            case ("d", _): self = .everyDays(count)
            case (_, 1): self = .weekly
            default: self = .everyWeeks(count)
            }
        }
    }

    /// `daily`, `weekly`, `monthly`, `yearly`, `Nd` or `Nw`: what ``init(parsing:)`` reads.
    public var description: String {
        switch self {
        case .daily: return "daily"
        case .weekly: return "weekly"
        case .monthly: return "monthly"
        case .yearly: return "yearly"
        case .everyDays(let n): return "\(n)d"
        case .everyWeeks(let n): return "\(n)w"
        }
    }

    /// The day one period after `day`, or `nil` when it would fall after 9999-12-31.
    public func next(after day: CalendarDay) -> CalendarDay? {
        switch self {
        case .daily: return day.advanced(byDays: 1)
        case .weekly: return day.advanced(byDays: 7)
        case .monthly: return day.advanced(byMonths: 1)
        case .yearly: return day.advanced(byMonths: 12)
        case .everyDays(let n): return day.advanced(byDays: n)
        case .everyWeeks(let n): return day.advanced(byDays: 7 * n)
        }
    }

    /// The due day of the occurrence that follows one due on `due` and completed on `today`:
    /// the first day of the schedule after today (a late completion skips the missed
    /// occurrences, keeping the schedule's weekday or day of the month), or one period after
    /// today when the todo had no due day; `nil` when that day would fall after 9999-12-31,
    /// the last day of the calendar (the series cannot go on).
    public func nextDue(after due: CalendarDay?, completedOn today: CalendarDay) -> CalendarDay? {
        guard let due else { return next(after: today) }
        if let period = periodInDays {
            let periods = due < today ? due.days(to: today) / period + 1 : 1
            return due.advanced(byDays: periods * period)
        }
        // Counted from `due` itself, so that the day of the month holds: due on the 31st and
        // completed late, the next is on a 31st again (or the last day of a shorter month).
        let months = self == .yearly ? 12 : 1
        var periods = 1
        guard var day = due.advanced(byMonths: months) else { return nil }
        while day <= today {
            periods += 1
            guard let following = due.advanced(byMonths: periods * months) else { return nil }
            day = following
        }
        return day
    }

    private var periodInDays: Int? {
        switch self {
        case .daily: return 1
        case .weekly: return 7
        case .everyDays(let n): return n
        case .everyWeeks(let n): return 7 * n
        case .monthly, .yearly: return nil
        }
    }
}

extension Recurrence {
    /// The uuid of the occurrence that completing the occurrence `uuid` creates: the name-based
    /// (version 5) UUID of `next-occurrence` in the namespace `uuid`.
    ///
    /// The same on every device, so that two devices completing the same occurrence while apart
    /// create the same next todo, which a sync then merges into one (not Taskwarrior's duplicate).
    public static func nextOccurrenceUUID(after uuid: UUID) -> UUID {
        UUID(name: "next-occurrence", namespace: uuid)
    }
}
