import Testing

@testable import TodoCore

/// ``CalendarMonth`` and ``ReportPeriod``: the months and periods reports lay out.
@Suite struct CalendarMonthTests {
    @Test func parsesYearAndMonth() {
        #expect(CalendarMonth(parsing: "2030-02") == CalendarMonth(year: 2030, month: 2))
        #expect(CalendarMonth(parsing: "2030-02")?.description == "2030-02")
        #expect(CalendarMonth(parsing: "0001-01")?.description == "0001-01")
        for bad in ["2030-13", "2030-00", "0000-05", "2030-2", "2030/02", "2030-02-01", "", "abcd-ef", " 2030-02"] {
            #expect(CalendarMonth(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func februaryHas29DaysInLeapYearsOnly() {
        #expect(CalendarMonth(year: 2028, month: 2)!.dayCount == 29)
        #expect(CalendarMonth(year: 2030, month: 2)!.dayCount == 28)
        #expect(CalendarMonth(year: 2100, month: 2)!.dayCount == 28)
        #expect(CalendarMonth(year: 2000, month: 2)!.dayCount == 29)
        #expect(CalendarMonth(year: 2028, month: 2)!.lastDay == day("2028-02-29"))
    }

    @Test func addsMonthsAcrossYearsAndStopsAtTheCalendarsEnds() {
        let december = CalendarMonth(year: 2030, month: 12)!
        #expect(december.adding(months: 1)?.description == "2031-01")
        #expect(december.adding(months: -12)?.description == "2029-12")
        #expect(CalendarMonth(year: 9999, month: 12)!.adding(months: 1) == nil)
        #expect(CalendarMonth(year: 1, month: 1)!.adding(months: -1) == nil)
        #expect(december.adding(months: .max) == nil)
        #expect(CalendarMonth(containing: day("2030-12-31")) == december)
        #expect(CalendarMonth(year: 2029, month: 12)! < december)
    }

    @Test(arguments: [
        // day, period, week start, first day, last day
        ("2030-01-06", ReportPeriod.week, Weekday.monday, "2029-12-31", "2030-01-06"),
        ("2030-01-06", .week, .sunday, "2030-01-06", "2030-01-12"),
        ("2030-01-05", .week, .sunday, "2029-12-30", "2030-01-05"),
        ("1970-01-01", .week, .monday, "1969-12-29", "1970-01-04"),
        ("1969-12-28", .week, .thursday, "1969-12-25", "1969-12-31"),
        ("2028-02-29", .month, .monday, "2028-02-01", "2028-02-29"),
        ("2030-12-31", .month, .monday, "2030-12-01", "2030-12-31"),
        ("1969-12-31", .month, .monday, "1969-12-01", "1969-12-31"),
        ("2030-03-31", .day, .monday, "2030-03-31", "2030-03-31"),
    ])
    func periodsHoldTheirDays(
        _ text: String, _ period: ReportPeriod, _ weekStart: Weekday, _ first: String, _ last: String
    ) {
        let index = period.index(ofDay: day(text).daysSinceEpoch, weekStart: weekStart)
        #expect(CalendarDay(daysSinceEpoch: period.firstDay(ofIndex: index, weekStart: weekStart)) == day(first))
        #expect(CalendarDay(daysSinceEpoch: period.lastDay(ofIndex: index, weekStart: weekStart)) == day(last))
        #expect(period.index(ofDay: day(first).daysSinceEpoch, weekStart: weekStart) == index)
        #expect(period.index(ofDay: day(last).daysSinceEpoch + 1, weekStart: weekStart) == index + 1)
    }

    @Test func localDaysFollowTheOffsetOfEachInstantOnTheDaysTheClocksChange() {
        var days = LocalDays(utcOffset: Reports.paris)
        func local(_ text: String) -> CalendarDay { CalendarDay(daysSinceEpoch: days.day(of: Reports.at(text))) }
        #expect(local("2030-03-30T22:59:59Z") == day("2030-03-30"))
        #expect(local("2030-03-30T23:00:00Z") == day("2030-03-31"))  // midnight, UTC+1
        #expect(local("2030-03-31T21:59:59Z") == day("2030-03-31"))  // 23:59:59, UTC+2: a 23-hour day
        #expect(local("2030-03-31T22:00:00Z") == day("2030-04-01"))
        #expect(local("2030-10-26T22:00:00Z") == day("2030-10-27"))  // midnight, UTC+2
        #expect(local("2030-10-27T22:59:59Z") == day("2030-10-27"))  // 23:59:59, UTC+1: a 25-hour day
        #expect(local("2030-10-27T23:00:00Z") == day("2030-10-28"))
        #expect(local("2030-03-31T00:30:00Z") == day("2030-03-31"))  // again, after other days
    }
}
