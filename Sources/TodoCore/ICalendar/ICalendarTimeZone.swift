#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A time zone's rules: the offset from UTC at any instant, from an embedded `VTIMEZONE` or the
/// system's tz database (a TZif file of `/usr/share/zoneinfo`).
struct ICalendarTimeZone: Sendable {
    /// Fixed changes of offset (UTC seconds, and the offset from then on), ascending.
    var transitions: [(at: Int, offset: Int)] = []
    /// The offset before the first transition.
    var initialOffset = 0
    /// Yearly rules, for the instants after the last transition (TZif's footer) or for all of
    /// them (a VTIMEZONE's RRULEs).
    var rules: [YearlyRule] = []

    /// One yearly change: on the `week`th `weekday` of `month` (negative: from the month's end),
    /// at `localSeconds` of wall-clock time in the offset `from`, the offset becomes `to`.
    struct YearlyRule: Sendable {
        var month: Int
        var week: Int
        var weekday: Int  // 0 = Monday
        var localSeconds: Int
        var from: Int
        var to: Int
        /// The first instant it applies at, and the last (a VTIMEZONE's DTSTART and UNTIL).
        var start = Int.min
        var end = Int.max

        /// The instant of its change in `year`, if it changes then.
        func instant(in year: Int) -> Int? {
            guard (1...9999).contains(year), let first = CalendarDay(year: year, month: month, day: 1) else {
                return nil
            }
            let days = CalendarDay.daysIn(month: month, year: year)
            let firstWeekday = (first.daysSinceEpoch % 7 + 7 + 3) % 7
            var day: Int
            if week > 0 {
                day = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                if day > days { day -= 7 }  // POSIX's 5th: the last
            } else {
                let lastWeekday = (firstWeekday + days - 1) % 7
                day = days - (lastWeekday - weekday + 7) % 7 + (week + 1) * 7
                if day < 1 { day += 7 }
            }
            let at = (first.daysSinceEpoch + day - 1) * 86_400 + localSeconds - from
            return at >= start && at <= end ? at : nil
        }
    }

    /// The offset (seconds east of UTC) at the UTC instant `utc`.
    func offset(atUTC utc: Int) -> Int {
        var best: (at: Int, offset: Int)?
        if let index = transitions.lastIndex(where: { $0.at <= utc }) { best = transitions[index] }
        if !rules.isEmpty {
            let year = CalendarDay(daysSinceEpoch: Self.days(utc)).year
            for rule in rules {
                for candidate in [year - 1, year, year + 1] {
                    guard let at = rule.instant(in: candidate), at <= utc else { continue }
                    if best == nil || at > best!.at { best = (at, rule.to) }
                }
            }
        }
        return best?.offset ?? initialOffset
    }

    /// The UTC instant of the wall-clock time `local` (seconds since 1970 as if UTC); in a gap
    /// the time after it, in an overlap the first.
    func utc(fromLocal local: Int) -> Int {
        var utc = local - offset(atUTC: local)
        utc = local - offset(atUTC: utc)
        let earlier = local - offset(atUTC: utc - 3 * 3600)
        if offset(atUTC: earlier) == local - earlier { return min(earlier, utc) }
        return utc
    }

    private static func days(_ seconds: Int) -> Int {
        let clamped = max(min(seconds, 253_402_300_799), -62_135_596_800)
        return clamped >= 0 ? clamped / 86_400 : (clamped - 86_399) / 86_400
    }
}

// MARK: VTIMEZONE

extension ICalendarTimeZone {
    /// The rules of a `VTIMEZONE`: its `STANDARD` and `DAYLIGHT` observances, each with
    /// `DTSTART`, `TZOFFSETFROM`, `TZOFFSETTO` and an optional yearly `RRULE`
    /// (`BYMONTH`, `BYDAY`, `UNTIL`) or `RDATE`s; `nil` when it has none that can be read.
    init?(vtimezone: ICalendarComponent) {
        var transitions: [(at: Int, offset: Int)] = []
        var rules: [YearlyRule] = []
        var earliest: (at: Int, offset: Int)?
        for observance in vtimezone.components where observance.is("STANDARD") || observance.is("DAYLIGHT") {
            guard let startProperty = observance.property("DTSTART"),
                let start = ICalendarDateTime(startProperty),
                let from = observance.property("TZOFFSETFROM").flatMap({ Self.offset($0.value) }),
                let to = observance.property("TZOFFSETTO").flatMap({ Self.offset($0.value) })
            else { continue }
            let startUTC = start.wallClock - from
            if earliest == nil || startUTC < earliest!.at { earliest = (startUTC, from) }
            if let rrule = observance.property("RRULE"),
                let rule = Self.rule(rrule.value, start: start, from: from, to: to)
            {
                rules.append(rule)
            } else {
                transitions.append((startUTC, to))
            }
            for rdate in observance.properties where rdate.is("RDATE") {
                for value in rdate.value.split(separator: ",") {
                    let item = ICalendarProperty(name: "RDATE", value: String(value))
                    if let date = ICalendarDateTime(item) { transitions.append((date.wallClock - from, to)) }
                }
            }
        }
        guard let earliest else { return nil }
        self.transitions = transitions.sorted { $0.at < $1.at }
        self.rules = rules
        initialOffset = earliest.offset
    }

    /// `+HHMM`, `-HHMM` or `±HHMMSS` in seconds.
    static func offset(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
            let hours = CalendarDay.digits(bytes[1..<3]), let minutes = CalendarDay.digits(bytes[3..<5]),
            let seconds = bytes.count == 7 ? CalendarDay.digits(bytes[5..<7]) : 0
        else { return nil }
        let value = hours * 3600 + minutes * 60 + seconds
        return bytes[0] == UInt8(ascii: "-") ? -value : value
    }

    /// A yearly rule (`FREQ=YEARLY;BYMONTH=3;BYDAY=2SU`), or `nil` for another kind.
    private static func rule(_ text: String, start: ICalendarDateTime, from: Int, to: Int) -> YearlyRule? {
        var parts: [String: String] = [:]
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { parts[pair[0].uppercased()] = String(pair[1]) }
        }
        guard parts["FREQ"]?.uppercased() == "YEARLY", let month = parts["BYMONTH"].flatMap({ Int($0) }),
            (1...12).contains(month), let byDay = parts["BYDAY"]?.uppercased(), byDay.count >= 2
        else { return nil }
        let names = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        guard let weekday = names.firstIndex(of: String(byDay.suffix(2))) else { return nil }
        let prefix = byDay.dropLast(2)
        let week = prefix.isEmpty ? 1 : Int(prefix.hasPrefix("+") ? String(prefix.dropFirst()) : String(prefix)) ?? 0
        guard week != 0, (-5...5).contains(week) else { return nil }
        var rule = YearlyRule(
            month: month, week: week, weekday: weekday, localSeconds: start.seconds ?? 0, from: from, to: to)
        rule.start = start.wallClock - from
        if let until = parts["UNTIL"], let date = ICalendarDateTime(ICalendarProperty(name: "UNTIL", value: until)) {
            rule.end = date.zone == .utc ? date.wallClock : date.wallClock - from
        }
        return rule
    }
}
