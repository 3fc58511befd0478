#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A DATE or DATE-TIME value (RFC 5545 §3.3.4, §3.3.5): a day, or a wall-clock time that is
/// in UTC (`Z`), floating (no zone: the same wall-clock time everywhere) or in the zone `TZID`.
struct ICalendarDateTime: Sendable, Hashable {
    /// The day.
    var day: CalendarDay
    /// Seconds since the day's midnight (wall clock); `nil` for a DATE.
    var seconds: Int?
    /// Where the wall clock is.
    var zone: Zone

    enum Zone: Sendable, Hashable {
        case utc
        case floating
        case named(String)
    }

    /// Reads the value of `property`: `VALUE=DATE` or an 8-digit value is a DATE; otherwise
    /// `YYYYMMDDTHHMMSS` with an optional `Z`, in the zone of its `TZID` parameter.
    init?(_ property: ICalendarProperty) {
        let text = Array(property.value.utf8)
        guard text.count >= 8, let day = Self.day(text[0..<8]) else { return nil }
        self.day = day
        if text.count == 8 {
            seconds = nil
            zone = .floating
            return
        }
        guard text.count == 15 || text.count == 16, text[8] == UInt8(ascii: "T"),
            let hour = CalendarDay.digits(text[9..<11]), let minute = CalendarDay.digits(text[11..<13]),
            let second = CalendarDay.digits(text[13..<15]), hour < 24, minute < 60, second < 61
        else { return nil }
        seconds = hour * 3600 + minute * 60 + min(second, 59)
        if text.count == 16 {
            guard text[15] == UInt8(ascii: "Z") else { return nil }
            zone = .utc
        } else if let tzid = property.parameter("TZID") {
            zone = .named(tzid)
        } else {
            zone = .floating
        }
    }

    /// A DATE.
    init(day: CalendarDay) {
        self.day = day
        seconds = nil
        zone = .floating
    }

    /// The UTC DATE-TIME of `date`, to the second.
    init(utc date: Date) {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        day = CalendarDay(daysSinceEpoch: days)
        seconds = total - days * 86_400
        zone = .utc
    }

    private static func day(_ digits: ArraySlice<UInt8>) -> CalendarDay? {
        guard let year = CalendarDay.digits(digits.prefix(4)),
            let month = CalendarDay.digits(digits.dropFirst(4).prefix(2)),
            let day = CalendarDay.digits(digits.suffix(2))
        else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    /// Whether it is a DATE.
    var isDate: Bool { seconds == nil }

    /// Seconds since 1970 of the wall-clock time, as if it were UTC.
    var wallClock: Int { day.daysSinceEpoch * 86_400 + (seconds ?? 0) }

    /// The instant: UTC as it is, a named zone through `zones` (floating, and a zone neither
    /// knows, through `utcOffset`, the local zone).
    func instant(zones: ICalendarTimeZones, utcOffset: (Date) -> Int) -> Date {
        let local = wallClock
        switch zone {
        case .utc:
            return Date(timeIntervalSince1970: Double(local))
        case .named(let tzid):
            if let zone = zones.zone(tzid) { return Date(timeIntervalSince1970: Double(zone.utc(fromLocal: local))) }
            return Self.localInstant(local, utcOffset: utcOffset)
        case .floating:
            return Self.localInstant(local, utcOffset: utcOffset)
        }
    }

    /// The instant a wall-clock time of the local zone stands for.
    private static func localInstant(_ local: Int, utcOffset: (Date) -> Int) -> Date {
        var utc = local - utcOffset(Date(timeIntervalSince1970: Double(local)))
        utc = local - utcOffset(Date(timeIntervalSince1970: Double(utc)))
        return Date(timeIntervalSince1970: Double(utc))
    }

    /// The local day it falls on: a DATE or a floating time its own day, others the local day
    /// of their instant.
    func localDay(zones: ICalendarTimeZones, utcOffset: (Date) -> Int) -> CalendarDay {
        if isDate || zone == .floating { return day }
        return CalendarDay(localDayOf: instant(zones: zones, utcOffset: utcOffset), utcOffset: utcOffset)
    }

    /// `YYYYMMDD`, or `YYYYMMDDTHHMMSS` with `Z` when in UTC.
    var text: String {
        var bytes = [UInt8](repeating: UInt8(ascii: "0"), count: 8)
        CalendarDay.write(day.year, width: 4, into: &bytes, at: 0)
        CalendarDay.write(day.month, width: 2, into: &bytes, at: 4)
        CalendarDay.write(day.day, width: 2, into: &bytes, at: 6)
        if let seconds {
            bytes += [UInt8(ascii: "T")] + [UInt8](repeating: UInt8(ascii: "0"), count: 6)
            CalendarDay.write(seconds / 3600, width: 2, into: &bytes, at: 9)
            CalendarDay.write(seconds / 60 % 60, width: 2, into: &bytes, at: 11)
            CalendarDay.write(seconds % 60, width: 2, into: &bytes, at: 13)
            if zone == .utc { bytes.append(UInt8(ascii: "Z")) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
