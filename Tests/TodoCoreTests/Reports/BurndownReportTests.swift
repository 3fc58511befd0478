import Foundation
import Testing

@testable import TodoCore

/// ``BurndownReport``: pending, active and done at the end of each period, the recent rates and
/// the estimate.
@Suite struct BurndownReportTests {
    /// Five todos over ten days of January 2030 (UTC), seen on the 10th at noon.
    let todos = [
        Reports.todo(1, created: "2030-01-01T10:00:00Z", completed: "2030-01-03T10:00:00Z"),
        Reports.todo(2, created: "2030-01-01T11:00:00Z", started: "2030-01-02T09:00:00Z"),
        Reports.todo(3, created: "2030-01-02T08:00:00Z"),
        Reports.todo(4, created: "2030-01-05T08:00:00Z", completed: "2030-01-09T08:00:00Z"),
        Reports.todo(5, created: "2030-01-10T08:00:00Z"),
    ]
    let context = Reports.context("2030-01-10T12:00:00Z")

    @Test func countsEachDayFromTheEarliestTodoToToday() {
        let report = BurndownReport(todos: todos, context: context)
        #expect(report.period == .day)
        #expect(report.counts.map(\.start) == (1...10).map { day(String(format: "2030-01-%02d", $0)) })
        #expect(report.counts.allSatisfy { $0.start == $0.end })
        #expect(report.counts.map(\.pending) == [2, 2, 1, 1, 2, 2, 2, 2, 1, 2])
        #expect(report.counts.map(\.active) == [0, 1, 1, 1, 1, 1, 1, 1, 1, 1])
        #expect(report.counts.map(\.done) == [0, 0, 1, 1, 1, 1, 1, 1, 2, 2])
        #expect(report.counts.map(\.added) == [2, 1, 0, 0, 1, 0, 0, 0, 0, 1])
        #expect(report.counts.map(\.completed) == [0, 0, 1, 0, 0, 0, 0, 0, 1, 0])
        #expect(report.counts.last?.open == 3)
    }

    @Test func theRatesCoverTheCompletePeriodsSinceTheEarliestTodo() {
        // The default window is 14 days, but the todos start 9 complete days ago.
        let report = BurndownReport(todos: todos, context: context)
        #expect(report.rates == BurndownReport.Rates(window: 9, days: 9, added: 4, completed: 2))
        #expect(report.rates?.netPerDay == -2.0 / 9)
        #expect(report.estimate == .notConverging)
    }

    @Test func theEstimateIsTheOpenCountOverTheNetDailyRate() {
        // The last 3 complete days (7, 8, 9): nothing added, one completed; 3 open: 9 days.
        let report = BurndownReport(todos: todos, context: context, window: 3)
        #expect(report.rates == BurndownReport.Rates(window: 3, days: 3, added: 0, completed: 1))
        #expect(report.rates?.completedPerPeriod == 1.0 / 3)
        #expect(report.estimate == .zeroOn(day("2030-01-19")))
        // Rounded up to whole days: 3 open at 2 a day over the last 2 days (1 added, 3 done).
        let busier =
            todos + [
                Reports.todo(6, created: "2030-01-08T08:00:00Z", completed: "2030-01-09T08:00:00Z"),
                Reports.todo(7, created: "2029-12-01T08:00:00Z", completed: "2030-01-08T09:00:00Z"),
                Reports.todo(8, created: "2029-12-01T08:00:00Z", completed: "2030-01-09T09:00:00Z"),
            ]
        let report2 = BurndownReport(todos: busier, context: context, window: 2)
        #expect(report2.rates == BurndownReport.Rates(window: 2, days: 2, added: 1, completed: 4))
        #expect(report2.estimate == .zeroOn(day("2030-01-12")))  // 3 ÷ 1.5 a day = 2 days
    }

    @Test func weeksAndMonthsSpanTheirDays() {
        let byWeek = BurndownReport(todos: todos, context: context, period: .week)
        #expect(byWeek.counts.map(\.start) == [day("2029-12-31"), day("2030-01-07")])
        #expect(byWeek.counts.map(\.end) == [day("2030-01-06"), day("2030-01-13")])
        #expect(byWeek.counts.map(\.pending) == [2, 2])
        #expect(byWeek.counts.map(\.done) == [1, 2])
        #expect(byWeek.rates == BurndownReport.Rates(window: 1, days: 7, added: 4, completed: 1))
        let fromSunday = BurndownReport(todos: todos, context: context, period: .week, weekStart: .sunday)
        #expect(fromSunday.counts.map(\.start) == [day("2029-12-30"), day("2030-01-06")])
        #expect(fromSunday.counts.map(\.added) == [4, 1])
        let byMonth = BurndownReport(todos: todos, context: context, period: .month)
        #expect(byMonth.counts.map(\.start) == [day("2030-01-01")])
        #expect(byMonth.counts.map(\.end) == [day("2030-01-31")])
        #expect(byMonth.rates == nil && byMonth.estimate == .noHistory)
    }

    @Test func aLimitedNumberOfPeriodsStartsWithWhatCameBefore() {
        let report = BurndownReport(todos: todos, context: context, periods: 4)
        #expect(
            report.counts.map(\.start) == [day("2030-01-07"), day("2030-01-08"), day("2030-01-09"), day("2030-01-10")])
        #expect(report.counts.map(\.pending) == [2, 2, 1, 2])
        #expect(report.counts.map(\.done) == [1, 1, 2, 2])
        // More periods than the todos span: empty ones first.
        let longer = BurndownReport(todos: todos, context: context, periods: 12)
        #expect(longer.counts.count == 12)
        #expect(longer.counts.prefix(2).allSatisfy { $0.pending == 0 && $0.done == 0 && $0.start < day("2030-01-01") })
        // The rates do not depend on how many periods are shown.
        #expect(longer.rates == BurndownReport(todos: todos, context: context).rates)
        #expect(report.rates == BurndownReport(todos: todos, context: context).rates)
    }

    @Test func anEmptyStoreHasTodayAndNothingOpen() {
        let report = BurndownReport(todos: [], context: context)
        #expect(
            report.counts == [
                BurndownReport.Counts(
                    start: day("2030-01-10"), end: day("2030-01-10"), pending: 0, active: 0, done: 0, added: 0,
                    completed: 0)
            ])
        #expect(report.rates == nil)
        #expect(report.estimate == .nothingOpen)
        #expect(BurndownReport(todos: [], context: context, period: .month).counts.map(\.start) == [day("2030-01-01")])
    }

    @Test func todosAllCreatedTodayGiveNoHistory() {
        let report = BurndownReport(todos: [Reports.todo(1, created: "2030-01-10T08:00:00Z")], context: context)
        #expect(report.counts.count == 1 && report.counts[0].pending == 1)
        #expect(report.estimate == .noHistory)
    }

    @Test func everythingDoneIsNothingOpen() {
        let report = BurndownReport(
            todos: [Reports.todo(1, created: "2030-01-02T08:00:00Z", completed: "2030-01-03T08:00:00Z")],
            context: context)
        #expect(report.estimate == .nothingOpen)
        #expect(report.counts.last?.done == 1)
    }

    @Test func timesOutOfOrderAreCountedWhereTheyCanBe() {
        let todos = [
            // Done without a completion time: completed when last changed.
            Reports.todo(1, created: "2030-01-02T08:00:00Z", updated: "2030-01-04T08:00:00Z", isDone: true),
            // Completed before it was created (an import that did not know the creation).
            Reports.todo(2, created: "2030-01-09T08:00:00Z", completed: "2030-01-03T08:00:00Z"),
            // Created after now (a clock that was ahead): counted today.
            Reports.todo(3, created: "2030-01-12T08:00:00Z"),
            // Started before it was created: active from its creation.
            Reports.todo(4, created: "2030-01-05T08:00:00Z", started: "2030-01-01T08:00:00Z"),
        ]
        let report = BurndownReport(todos: todos, context: context)
        #expect(report.counts.first?.start == day("2030-01-02"))
        #expect(report.counts.map(\.added) == [1, 1, 0, 1, 0, 0, 0, 0, 1])
        #expect(report.counts.map(\.completed) == [0, 1, 1, 0, 0, 0, 0, 0, 0])
        #expect(report.counts.map(\.active) == [0, 0, 0, 1, 1, 1, 1, 1, 1])
        #expect(report.counts.map(\.pending) == [1, 1, 0, 0, 0, 0, 0, 0, 1])
    }

    @Test func localDaysAcrossTheSpringDaylightSavingDay() {
        let todos = [
            Reports.todo(1, created: "2030-03-30T22:30:00Z"),  // 23:30 on the 30th, UTC+1
            Reports.todo(2, created: "2030-03-30T23:30:00Z"),  // 00:30 on the 31st, UTC+1
            Reports.todo(3, created: "2030-03-31T21:30:00Z"),  // 23:30 on the 31st, UTC+2
            Reports.todo(4, created: "2030-03-31T22:30:00Z", completed: "2030-04-01T21:59:59Z"),  // 1 April
        ]
        let context = Reports.parisContext("2030-04-02T10:00:00Z")
        let byDay = BurndownReport(todos: todos, context: context)
        #expect(
            byDay.counts.map(\.start) == [day("2030-03-30"), day("2030-03-31"), day("2030-04-01"), day("2030-04-02")])
        #expect(byDay.counts.map(\.added) == [1, 2, 1, 0])
        #expect(byDay.counts.map(\.completed) == [0, 0, 1, 0])
        #expect(byDay.rates == BurndownReport.Rates(window: 3, days: 3, added: 4, completed: 1))
        let byMonth = BurndownReport(todos: todos, context: context, period: .month)
        #expect(byMonth.counts.map(\.added) == [3, 1])
        #expect(byMonth.counts.map(\.end) == [day("2030-03-31"), day("2030-04-30")])
    }

    @Test func localDaysAcrossTheAutumnDaylightSavingDay() {
        let todos = [
            Reports.todo(1, created: "2030-10-26T22:30:00Z"),  // 00:30 on the 27th, UTC+2
            Reports.todo(2, created: "2030-10-27T22:30:00Z"),  // 23:30 on the 27th, UTC+1: a 25-hour day
            Reports.todo(3, created: "2030-10-27T23:30:00Z"),  // 00:30 on the 28th
        ]
        let report = BurndownReport(todos: todos, context: Reports.parisContext("2030-10-28T12:00:00Z"))
        #expect(report.counts.map(\.start) == [day("2030-10-27"), day("2030-10-28")])
        #expect(report.counts.map(\.added) == [2, 1])
    }

    @Test func aMonthBoundaryDependsOnTheTimeZone() {
        // 2028-02-29T23:30Z: still 29 February west of UTC, already 1 March east of it.
        let todos = [Reports.todo(1, created: "2028-02-29T23:30:00Z")]
        let west = BurndownReport(
            todos: todos, context: Reports.context("2028-03-05T12:00:00Z", utcOffset: -3600), period: .month)
        #expect(west.counts.map(\.start) == [day("2028-02-01"), day("2028-03-01")])
        #expect(west.counts.map(\.end) == [day("2028-02-29"), day("2028-03-31")])
        #expect(west.counts.map(\.added) == [1, 0])
        let east = BurndownReport(
            todos: todos, context: Reports.context("2028-03-05T12:00:00Z", utcOffset: 3600), period: .month)
        #expect(east.counts.map(\.added) == [1])
        #expect(east.counts.map(\.start) == [day("2028-03-01")])
    }

    @Test func noMoreThanTheMaximumOfPeriods() {
        let todos = [
            Reports.todo(1, created: "0001-01-01T00:00:00Z"), Reports.todo(2, created: "2030-01-10T08:00:00Z"),
        ]
        let report = BurndownReport(todos: todos, context: context)
        #expect(report.counts.count == BurndownReport.maximumPeriods)
        #expect(report.counts.first?.pending == 1)
        #expect(report.counts.last?.pending == 2)
        #expect(report.rates == BurndownReport.Rates(window: 14, days: 14, added: 0, completed: 0))
        #expect(report.estimate == .notConverging)
    }

    @Test func jsonGivesTheCountsTheRatesAndTheEstimate() throws {
        let json = TodoJSONOutput.burndown(BurndownReport(todos: todos, context: context, periods: 2, window: 3))
        #expect(
            json == """
                {"period":"day","counts":[
                {"start":"2030-01-09","end":"2030-01-09","pending":1,"active":1,"done":2,"added":0,"completed":1},
                {"start":"2030-01-10","end":"2030-01-10","pending":2,"active":1,"done":2,"added":1,"completed":0}
                ],"rates":{"window":3,"days":3,"added":0,"completed":1,"addedPerPeriod":0,"completedPerPeriod":0.3333,\
                "netPerDay":0.3333},"estimate":"zeroOn","zeroOn":"2030-01-19"}

                """)
        let empty = TodoJSONOutput.burndown(BurndownReport(todos: [], context: context))
        #expect(empty.hasSuffix(#"],"rates":null,"estimate":"nothingOpen","zeroOn":null}"# + "\n"))
    }
}
