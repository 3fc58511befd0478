#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The local calendar days of instants, for counting thousands of them by day: the time zone's
/// offset is looked up twice per UTC day met, not once per instant (the system's clock calls
/// `localtime_r` for each).
///
/// Over a UTC day whose first and last seconds have the same offset, that offset holds for the
/// whole day; on a day whose offset changes (a day the clocks change, somewhere east or west of
/// UTC), each instant's own offset is looked up.
struct LocalDays {
    private let utcOffset: (Date) -> Int
    /// UTC day → the offset over the whole of it, or `nil` when it changes during that day.
    private var offsets: [Int: Int?] = [:]
    private var lastUTCDay = Int.min
    private var lastOffset: Int?

    init(utcOffset: @escaping (Date) -> Int) {
        self.utcOffset = utcOffset
    }

    /// The local day of `date`, in days since 1970-01-01, within 0001-01-01…9999-12-31.
    mutating func day(of date: Date) -> Int {
        let seconds = Timestamp.seconds(date)
        let utcDay = ReportPeriod.floorDivision(seconds, 86_400)
        if utcDay != lastUTCDay {
            lastUTCDay = utcDay
            if let known = offsets[utcDay] {
                lastOffset = known
            } else {
                let start = utcDay * 86_400
                let first = utcOffset(Date(timeIntervalSince1970: Double(start)))
                let last = utcOffset(Date(timeIntervalSince1970: Double(start + 86_399)))
                lastOffset = first == last ? first : nil
                offsets[utcDay] = lastOffset
            }
        }
        let offset = lastOffset ?? utcOffset(Date(timeIntervalSince1970: Double(seconds)))
        let local = ReportPeriod.floorDivision(seconds + offset, 86_400)
        return min(max(local, CalendarDay.minimumDaysSinceEpoch), CalendarDay.maximumDaysSinceEpoch)
    }
}
