#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The time and the local calendar day, injected so that tests are deterministic.
///
/// ```swift
/// let clock = TodoClock.system                              // the machine's time and time zone
/// let fixed = TodoClock.fixed(at: date, utcOffset: 3600)    // tests: always this instant, UTC+1
/// fixed.today()                                             // the calendar day at that instant
/// ```
public struct TodoClock: Sendable {
    /// The current instant.
    public var now: @Sendable () -> Date
    /// Seconds east of UTC of the local time zone at an instant.
    public var utcOffset: @Sendable (Date) -> Int

    /// Creates a clock from its two functions.
    public init(now: @escaping @Sendable () -> Date, utcOffset: @escaping @Sendable (Date) -> Int) {
        self.now = now
        self.utcOffset = utcOffset
    }

    /// The machine's time, to the second, in its local time zone (`TZ` or the system's).
    public static let system = TodoClock(
        now: { Date(timeIntervalSince1970: Double(Timestamp.seconds(Date()))) },
        utcOffset: { date in
            var seconds = time_t(Timestamp.seconds(date))
            var local = tm()
            guard localtime_r(&seconds, &local) != nil else { return 0 }
            return Int(local.tm_gmtoff)
        })

    /// Always `date`, in a zone `utcOffset` seconds east of UTC.
    public static func fixed(at date: Date, utcOffset: Int = 0) -> TodoClock {
        TodoClock(now: { date }, utcOffset: { _ in utcOffset })
    }

    /// The local calendar day at `date` (now by default).
    public func today(at date: Date? = nil) -> CalendarDay {
        let instant = date ?? now()
        let local = Timestamp.seconds(instant) + utcOffset(instant)
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        return CalendarDay(daysSinceEpoch: days)
    }
}
