#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// ISO 8601 time stamps as the store and the JSON forms write them: `2030-01-07T09:30:00Z`.
enum Timestamp {
    /// The whole seconds since 1970 of `date`, kept within 0001-01-01T00:00:00Z…
    /// 9999-12-31T23:59:59Z, the instants a timestamp can hold: a clock set past the year 9999
    /// gives the last second, never a wrong day or a trap.
    static func seconds(_ date: Date) -> Int {
        let interval = date.timeIntervalSince1970
        guard !interval.isNaN else { return 0 }
        let first = Double(CalendarDay.minimumDaysSinceEpoch * 86_400)
        let last = Double((CalendarDay.maximumDaysSinceEpoch + 1) * 86_400 - 1)
        return Int(min(max(interval.rounded(.down), first), last))
    }

    /// Formats `date` in UTC to the second (`2030-01-07T09:30:00Z`).
    static func format(_ date: Date) -> String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(20)
        append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `date` as ``format(_:)`` writes it.
    static func append(_ date: Date, to bytes: inout [UInt8]) {
        let seconds = Timestamp.seconds(date)
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let day = CalendarDay(daysSinceEpoch: days)
        var out = [UInt8](repeating: UInt8(ascii: "0"), count: 20)
        CalendarDay.write(day.year, width: 4, into: &out, at: 0)
        out[4] = UInt8(ascii: "-")
        CalendarDay.write(day.month, width: 2, into: &out, at: 5)
        out[7] = UInt8(ascii: "-")
        CalendarDay.write(day.day, width: 2, into: &out, at: 8)
        out[10] = UInt8(ascii: "T")
        CalendarDay.write(secondOfDay / 3600, width: 2, into: &out, at: 11)
        out[13] = UInt8(ascii: ":")
        CalendarDay.write(secondOfDay / 60 % 60, width: 2, into: &out, at: 14)
        out[16] = UInt8(ascii: ":")
        CalendarDay.write(secondOfDay % 60, width: 2, into: &out, at: 17)
        out[19] = UInt8(ascii: "Z")
        bytes.append(contentsOf: out)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS` followed by optional fractional seconds and `Z` or an
    /// offset (`+01:00`, `-0530`); also Taskwarrior's compact `YYYYMMDDTHHMMSSZ`. Returns
    /// `nil` for anything else.
    static func parse(_ text: some StringProtocol) -> Date? {
        parse(Array(text.utf8)[...])
    }

    static func parse(_ bytes: ArraySlice<UInt8>) -> Date? {
        let b = Array(bytes)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            return CalendarDay.digits(b[from..<from + count])
        }
        func byte(_ index: Int) -> UInt8? { index < b.count ? b[index] : nil }
        let colon = UInt8(ascii: ":")
        let dash = UInt8(ascii: "-")
        var index: Int
        let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
        if byte(4) == dash {
            guard let y = number(0, 4), byte(7) == dash, let mo = number(5, 2), let d = number(8, 2),
                byte(10) == UInt8(ascii: "T") || byte(10) == UInt8(ascii: " "),
                let h = number(11, 2), byte(13) == colon, let mi = number(14, 2), byte(16) == colon,
                let s = number(17, 2)
            else { return nil }
            (year, month, day, hour, minute, second) = (y, mo, d, h, mi, s)
            index = 19
        } else {
            guard let y = number(0, 4), let mo = number(4, 2), let d = number(6, 2), byte(8) == UInt8(ascii: "T"),
                let h = number(9, 2), let mi = number(11, 2), let s = number(13, 2)
            else { return nil }
            (year, month, day, hour, minute, second) = (y, mo, d, h, mi, s)
            index = 15
        }
        guard let calendarDay = CalendarDay(year: year, month: month, day: day), hour < 24, minute < 60,
            second < 61
        else { return nil }
        var fraction = 0.0
        if byte(index) == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while let digit = byte(index), digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") {
                fraction += Double(digit - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        switch byte(index) {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            index += 1
        case UInt8(ascii: "+"), dash:
            let sign = byte(index) == dash ? -1 : 1
            guard let h = number(index + 1, 2) else { return nil }
            var m = 0
            if byte(index + 3) == colon {
                guard let minutes = number(index + 4, 2) else { return nil }
                m = minutes
                index += 6
            } else if let minutes = number(index + 3, 2) {
                m = minutes
                index += 5
            } else {
                index += 3
            }
            guard h < 24, m < 60 else { return nil }
            offset = sign * (h * 3600 + m * 60)
        default:
            return nil
        }
        guard index == b.count else { return nil }
        let seconds = calendarDay.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
