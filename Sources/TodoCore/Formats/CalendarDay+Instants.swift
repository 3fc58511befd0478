#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Days and instants in a local time zone, for formats that write one where we keep the other.
extension CalendarDay {
    /// The first and last instants (seconds since 1970) whose day has a year from 1 to 9999.
    private static let secondsRange = -62_135_596_800.0...253_402_300_799.0

    /// The local calendar day at `date`, in a zone `utcOffset(date)` seconds east of UTC.
    ///
    /// Instants outside the years 1 to 9999 are taken as the first or last day of that range.
    init(localDayOf date: Date, utcOffset: (Date) -> Int) {
        let raw = date.timeIntervalSince1970
        let clamped = raw.isNaN ? 0 : min(max(raw, Self.secondsRange.lowerBound), Self.secondsRange.upperBound)
        let offset = max(-86_400, min(86_400, utcOffset(date)))
        let local = min(
            max(Int(clamped.rounded(.down)) + offset, Int(Self.secondsRange.lowerBound)),
            Int(Self.secondsRange.upperBound))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        self.init(daysSinceEpoch: days)
    }

    /// The instant the day starts (local midnight) in a zone `utcOffset` seconds east of UTC.
    func start(utcOffset: (Date) -> Int) -> Date {
        let midnightUTC = Date(timeIntervalSince1970: Double(daysSinceEpoch) * 86_400)
        let offset = max(-86_400, min(86_400, utcOffset(midnightUTC)))
        return midnightUTC.addingTimeInterval(-Double(offset))
    }
}
