import Foundation
import Testing

@testable import TodoCore

/// Calendar days, what users type for dates, time stamps and the clock.
@Suite struct DateTests {
    @Test func calendarDaysExistOrNot() throws {
        #expect(CalendarDay(year: 2030, month: 2, day: 28) != nil)
        #expect(CalendarDay(year: 2030, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2028, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2100, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2030, month: 4, day: 31) == nil)
        #expect(CalendarDay(year: 2030, month: 13, day: 1) == nil)
        #expect(CalendarDay(year: 0, month: 1, day: 1) == nil)
        #expect(CalendarDay(year: 2030, month: 1, day: 0) == nil)
    }

    @Test func parsingADayIsStrict() {
        #expect((try? CalendarDay(parsing: "2030-01-07")) == CalendarDay(year: 2030, month: 1, day: 7))
        #expect(throws: TodoError.invalidDate("2030-02-30", reason: .noSuchDay)) {
            try CalendarDay(parsing: "2030-02-30")
        }
        for text in ["15/01/2030", "2030-1-7", "2030-01-07x", "", "20300107", "2030-01-0a", "２０３０-01-07"] {
            #expect(throws: TodoError.invalidDate(text, reason: .unrecognized)) { try CalendarDay(parsing: text) }
        }
    }

    @Test func daysSinceTheEpochRoundTripOverCenturies() {
        for days in stride(from: CalendarDay.minimumDaysSinceEpoch, through: CalendarDay.maximumDaysSinceEpoch, by: 997)
        {
            let day = CalendarDay(daysSinceEpoch: days)
            #expect(day.daysSinceEpoch == days)
            #expect(CalendarDay(year: day.year, month: day.month, day: day.day) == day)
        }
        #expect(CalendarDay(daysSinceEpoch: 0).description == "1970-01-01")
        #expect(CalendarDay(daysSinceEpoch: -10_000_000).description == "0001-01-01")
        #expect(day("9999-12-31").adding(days: Int.max).description == "9999-12-31")
        #expect(day("9999-12-31").adding(months: 1).description == "9999-12-31")
        #expect(day("0001-03-31").adding(months: -5).description == "0001-01-01")
        #expect(day("2030-01-07").weekday == .monday)
        #expect(day("1970-01-01").weekday == .thursday)
        #expect(day("2000-02-29").adding(days: 1) == day("2000-03-01"))
    }

    @Test func addingMonthsKeepsTheDayOrTakesTheMonthsLast() {
        #expect(day("2030-01-31").adding(months: 1) == day("2030-02-28"))
        #expect(day("2028-01-31").adding(months: 1) == day("2028-02-29"))
        #expect(day("2030-12-15").adding(months: 1) == day("2031-01-15"))
        #expect(day("2028-02-29").adding(months: 12) == day("2029-02-28"))
    }

    @Test func whatUsersTypeForADate() throws {
        let today = day("2030-01-07")  // a Monday
        let cases: [(String, String)] = [
            ("2030-03-01", "2030-03-01"), ("today", "2030-01-07"), ("Tomorrow", "2030-01-08"),
            (" friday ", "2030-01-11"),
            ("fri", "2030-01-11"), ("monday", "2030-01-14"), ("SUN", "2030-01-13"), ("tuesday", "2030-01-08"),
            ("+3d", "2030-01-10"), ("+0d", "2030-01-07"), ("+2w", "2030-01-21"), ("+1W", "2030-01-14"),
        ]
        for (text, expected) in cases {
            #expect(try DateInput(parsing: text).resolve(today: today) == day(expected), "\(text)")
        }
        #expect(try DateInput(parsing: "friday").description == "friday")
    }

    @Test func whatIsNotADateIsATypedError() {
        let cases: [(String, TodoError.DateProblem)] = [
            ("2030-02-30", .noSuchDay), ("15/01/2030", .unrecognized), ("+3x", .unrecognized), ("+d", .unrecognized),
            ("3d", .unrecognized), ("next week", .unrecognized), ("", .unrecognized), ("+-3d", .unrecognized),
            ("+999999d", .tooFar), ("+6000w", .tooFar), ("sod", .unrecognized), ("+1234567d", .unrecognized),
        ]
        for (text, problem) in cases {
            #expect(throws: TodoError.invalidDate(text, reason: problem)) { try DateInput(parsing: text) }
        }
    }

    @Test func prioritiesAndRecurrencesAsTyped() throws {
        #expect(try Priority(parsing: "HIGH") == .high)
        #expect(try Priority(parsing: "m") == .medium)
        #expect(try Priority(parsing: "none") == Priority.none)
        #expect(throws: TodoError.invalidPriority("urgent")) { try Priority(parsing: "urgent") }
        #expect(try Recurrence(parsing: "Weekly") == .weekly)
        #expect(try Recurrence(parsing: "1d") == .daily)
        #expect(try Recurrence(parsing: "3d") == .everyDays(3))
        #expect(try Recurrence(parsing: "2w") == .everyWeeks(2))
        #expect(try Recurrence(parsing: "2w").description == "2w")
        for text in ["0d", "d", "2m", "fortnightly", "-2w", "99999d", "２d"] {
            #expect(throws: TodoError.invalidRecurrence(text)) { try Recurrence(parsing: text) }
        }
    }

    @Test func theNextOccurrenceFollowsTheSchedule() {
        let today = day("2030-01-07")
        #expect(Recurrence.weekly.nextDue(after: day("2030-01-07"), completedOn: today) == day("2030-01-14"))
        #expect(Recurrence.weekly.nextDue(after: day("2029-12-20"), completedOn: today) == day("2030-01-10"))
        #expect(Recurrence.daily.nextDue(after: day("2030-01-09"), completedOn: today) == day("2030-01-10"))
        #expect(Recurrence.everyDays(3).nextDue(after: day("2030-01-01"), completedOn: today) == day("2030-01-10"))
        // Late, a monthly todo keeps its day of the month (not November's 30th, then the 30th on).
        #expect(Recurrence.monthly.nextDue(after: day("2029-10-31"), completedOn: today) == day("2030-01-31"))
        #expect(
            Recurrence.monthly.nextDue(after: day("2029-11-30"), completedOn: day("2030-02-01")) == day("2030-02-28"))
        #expect(
            Recurrence.monthly.nextDue(after: day("2030-01-31"), completedOn: day("2030-01-31")) == day("2030-02-28"))
        #expect(
            Recurrence.yearly.nextDue(after: day("2028-02-29"), completedOn: day("2031-03-01")) == day("2032-02-29"))
        #expect(Recurrence.yearly.nextDue(after: nil, completedOn: today) == day("2031-01-07"))
        #expect(Recurrence.daily.nextDue(after: day("0001-01-01"), completedOn: today) == day("2030-01-08"))
        // The calendar ends on 9999-12-31: there is no next occurrence after it.
        #expect(Recurrence.yearly.nextDue(after: day("9999-06-01"), completedOn: day("9999-07-01")) == nil)
        #expect(Recurrence.daily.nextDue(after: day("9999-12-31"), completedOn: day("9999-12-31")) == nil)
        #expect(Recurrence.monthly.nextDue(after: day("9999-12-15"), completedOn: day("9999-12-01")) == nil)
        #expect(Recurrence.daily.nextDue(after: nil, completedOn: day("9999-12-31")) == nil)
        #expect(
            Recurrence.weekly.nextDue(after: day("9999-12-20"), completedOn: day("9999-12-20")) == day("9999-12-27"))
    }

    @Test func timestampsAreISO8601InUTC() {
        #expect(Timestamp.format(monday) == "2030-01-07T09:30:00Z")
        #expect(Timestamp.parse("2030-01-07T09:30:00Z") == monday)
        #expect(Timestamp.parse("2030-01-07T10:30:00+01:00") == monday)
        #expect(Timestamp.parse("2030-01-07T04:00:00-0530") == monday)
        #expect(Timestamp.parse("20300107T093000Z") == monday)
        #expect(Timestamp.parse("2030-01-07T09:30:00.250Z") == monday.addingTimeInterval(0.25))
        #expect(Timestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        // Instants no timestamp can hold (a clock set past the year 9999) give the nearest one.
        #expect(Timestamp.format(Date(timeIntervalSince1970: 253_402_300_800)) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: -62_135_596_900)) == "0001-01-01T00:00:00Z")
        var json = JSONWriter()
        json.timestamp(Date(timeIntervalSince1970: .infinity))
        #expect(String(decoding: json.bytes, as: UTF8.self) == #""9999-12-31T23:59:59Z""#)
        #expect(TodoClock.fixed(at: Date(timeIntervalSince1970: 1e18)).today().description == "9999-12-31")
        for text in ["2030-01-07", "2030-01-07T09:30:00", "2030-02-30T09:30:00Z", "2030-01-07T25:00:00Z", "x"] {
            #expect(Timestamp.parse(text) == nil, "\(text)")
        }
    }

    @Test func todayIsTheLocalDay() {
        let lateSunday = Date(timeIntervalSince1970: 1_893_970_800)  // 2030-01-06 23:00 UTC
        #expect(TodoClock.fixed(at: lateSunday).today() == day("2030-01-06"))
        #expect(TodoClock.fixed(at: lateSunday, utcOffset: 3600).today() == day("2030-01-07"))
        #expect(TodoClock.fixed(at: lateSunday, utcOffset: -86_400).today() == day("2030-01-05"))
        let system = TodoClock.system.now()
        #expect(system.timeIntervalSince1970 == system.timeIntervalSince1970.rounded(.down), "to the second")
    }
}
