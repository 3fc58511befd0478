import Foundation
import Testing

@testable import TodoCore

/// ``HistoryReport``: todos added and completed per month or week.
@Suite struct HistoryReportTests {
    let todos = [
        Reports.todo(1, created: "2029-11-20T10:00:00Z", completed: "2030-01-03T10:00:00Z"),
        Reports.todo(2, created: "2029-12-31T23:30:00Z"),
        Reports.todo(3, created: "2030-01-06T10:00:00Z", completed: "2030-01-07T10:00:00Z"),
        Reports.todo(4, created: "2030-02-01T10:00:00Z"),
    ]

    @Test func byMonthAcrossTheYearWithEmptyMonthsKept() {
        let report = HistoryReport(todos: todos, context: Reports.context("2030-03-02T12:00:00Z"))
        #expect(report.period == .month)
        #expect(
            report.counts.map(\.start.description) == [
                "2029-11-01", "2029-12-01", "2030-01-01", "2030-02-01", "2030-03-01",
            ])
        #expect(
            report.counts.map(\.end.description) == [
                "2029-11-30", "2029-12-31", "2030-01-31", "2030-02-28", "2030-03-31",
            ])
        #expect(report.counts.map(\.added) == [1, 1, 1, 1, 0])
        #expect(report.counts.map(\.completed) == [0, 0, 2, 0, 0])
        #expect(report.counts.map(\.net) == [1, 1, -1, 1, 0])
        #expect(report.added == 4 && report.completed == 2)
    }

    @Test func theTimeZoneDecidesTheMonthOfAnInstantNearMidnight() {
        // 2029-12-31T23:30Z is 1 January in UTC+1.
        let report = HistoryReport(todos: todos, context: Reports.context("2030-03-02T12:00:00Z", utcOffset: 3600))
        #expect(report.counts.map(\.added) == [1, 0, 2, 1, 0])
    }

    @Test func byWeekFromMondayOrSunday() {
        let context = Reports.context("2030-01-08T12:00:00Z")
        let monday = HistoryReport(todos: todos, context: context, period: .week, periods: 2)
        #expect(monday.counts.map(\.start.description) == ["2029-12-31", "2030-01-07"])
        // Todos 2 and 3 (Sunday the 6th); todo 4, created after now, counts in the current week.
        #expect(monday.counts.map(\.added) == [2, 1])
        #expect(monday.counts.map(\.completed) == [1, 1])
        let sunday = HistoryReport(todos: todos, context: context, period: .week, weekStart: .sunday, periods: 2)
        #expect(sunday.counts.map(\.start.description) == ["2029-12-30", "2030-01-06"])
        #expect(sunday.counts.map(\.added) == [1, 2])
        #expect(sunday.counts.map(\.completed) == [1, 1])
        #expect(HistoryReport(todos: todos, context: context, period: .week).added == 4)
    }

    @Test func byDayOverALeapDay() {
        let todos = [Reports.todo(1, created: "2028-02-28T12:00:00Z", completed: "2028-03-01T12:00:00Z")]
        let report = HistoryReport(todos: todos, context: Reports.context("2028-03-01T18:00:00Z"), period: .day)
        #expect(report.counts.map(\.start.description) == ["2028-02-28", "2028-02-29", "2028-03-01"])
        #expect(report.counts.map(\.added) == [1, 0, 0])
        #expect(report.counts.map(\.completed) == [0, 0, 1])
    }

    @Test func anEmptyStoreHasTheCurrentPeriodOnly() {
        let report = HistoryReport(todos: [], context: Reports.context("2030-03-02T12:00:00Z"))
        #expect(
            report.counts == [
                HistoryReport.Counts(start: day("2030-03-01"), end: day("2030-03-31"), added: 0, completed: 0)
            ])
        #expect(
            TodoJSONOutput.history(report) == """
                {"period":"month","counts":[
                {"start":"2030-03-01","end":"2030-03-31","added":0,"completed":0}
                ],"added":0,"completed":0}

                """)
    }
}
