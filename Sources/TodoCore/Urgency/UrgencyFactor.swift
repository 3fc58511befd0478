#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The factors of Taskwarrior 2.6's urgency terms (its `Task::urgency_*` functions), each read
/// off one attribute and mapped to 0…1.
enum UrgencyFactor {
    /// The due factor, from the days since the due time (negative while it is ahead): 0.2 up
    /// to 14 days ahead, then a straight line to 1.0 at 7 days overdue, and 1.0 after that.
    static func due(daysOverdue: Double) -> Double {
        if daysOverdue >= 7 { return 1 }
        if daysOverdue >= -14 { return (daysOverdue + 14) * 0.8 / 21 + 0.2 }
        return 0.2
    }

    /// The age factor, from the whole days since creation (`Int` division of seconds, so a day
    /// short of a second is 0): `days / max`, and 1 past `max` or when `max` is 0.
    static func age(days: Int, max: Double) -> Double {
        if max == 0 || Double(days) > max { return 1 }
        return Double(days) / max
    }

    /// The factor of a count of tags or annotations: 0, 0.8 for one, 0.9 for two, 1 for more.
    static func count(_ count: Int) -> Double {
        switch count {
        case ...0: return 0
        case 1: return 0.8
        case 2: return 0.9
        default: return 1
        }
    }

    /// Whole days from `start` to `end`, truncated toward zero as C's integer division does.
    static func wholeDays(from start: Int, to end: Int) -> Int {
        (end - start) / 86_400
    }

    /// The instant (seconds since 1970) `day` starts in a zone `utcOffset` seconds east of UTC:
    /// local midnight, what Taskwarrior stores for a date given without a time.
    ///
    /// The offset is the one in force at that midnight (a day after a change to summer time
    /// starts an hour earlier in UTC than the day before). A midnight the clocks skip (moved
    /// forward at 00:00) is taken as the instant they jump, when the day begins.
    static func start(of day: CalendarDay, utcOffset: (Date) -> Int) -> Int {
        let wall = day.daysSinceEpoch * 86_400  // local midnight, read as if it were UTC
        func offset(_ instant: Int) -> Int {
            min(max(utcOffset(Date(timeIntervalSince1970: Double(instant))), -86_400), 86_400)
        }
        let first = wall - offset(wall)
        let second = wall - offset(first)
        if second + offset(second) == wall { return second }
        if first + offset(first) == wall { return first }
        return max(first, second)
    }
}
