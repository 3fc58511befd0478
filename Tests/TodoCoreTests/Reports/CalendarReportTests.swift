import Foundation
import Testing

@testable import TodoCore

/// ``CalendarReport``: the month grids of `todo calendar` and the todos due on each day.
@Suite struct CalendarReportTests {
    let todos = [
        Reports.todo(1, due: "2028-02-03"),
        Reports.todo(2, due: "2028-02-29"),
        Reports.todo(3, completed: "2028-02-02T10:00:00Z", due: "2028-02-03"),
        Reports.todo(4, due: "2028-02-10"),
        Reports.todo(5, due: "2028-03-01"),
        Reports.todo(6),  // no due day
        Reports.todo(7, due: "2028-01-31"),  // before the months shown
        Reports.todo(8, due: "2028-02-10", wait: "2028-02-09"),  // waiting: pending all the same
    ]

    @Test func aLeapFebruaryStartingOnTuesdayInWeeksFromMonday() throws {
        let report = CalendarReport(
            todos: todos, from: CalendarMonth(year: 2028, month: 2)!, today: day("2028-02-10"))
        let february = try #require(report.months.first)
        #expect(report.months.count == 1)
        #expect(february.days.count == 29)
        #expect(february.leadingBlanks == 1)
        let weeks = february.weeks
        #expect(weeks.count == 5)
        #expect(weeks[0].map { $0?.day.day } == [nil, 1, 2, 3, 4, 5, 6])
        #expect(weeks[4].map { $0?.day.day } == [28, 29, nil, nil, nil, nil, nil])
        #expect(weeks.allSatisfy { $0.count == 7 })

        let third = february.days[2]
        #expect(third.day == day("2028-02-03"))
        #expect(third.pending == [1] && third.done == [3] && third.due == [1, 3])
        #expect(third.isOverdue && !third.isToday)
        let tenth = february.days[9]
        #expect(tenth.pending == [4, 8] && tenth.isToday && !tenth.isOverdue)
        #expect(february.days[28].pending == [2] && !february.days[28].isOverdue)
        #expect(february.days.filter { !$0.due.isEmpty }.map(\.day.day) == [3, 10, 29])
        #expect(february.days.filter(\.isToday).count == 1)
    }

    @Test func weeksFromSundayMoveTheBlanks() throws {
        let report = CalendarReport(
            todos: todos, from: CalendarMonth(year: 2028, month: 2)!, today: day("2028-02-10"), weekStart: .sunday)
        let february = try #require(report.months.first)
        #expect(february.leadingBlanks == 2)
        #expect(february.weeks[0].map { $0?.day.day } == [nil, nil, 1, 2, 3, 4, 5])
        #expect(february.weeks.count == 5)
        #expect(february.weeks[4].map { $0?.day.day } == [27, 28, 29, nil, nil, nil, nil])
    }

    @Test func aFebruaryOfFourWholeWeeks() {
        // 2026-02-01 is a Sunday: four rows from Sunday, five from Monday.
        let month = CalendarMonth(year: 2026, month: 2)!
        let fromSunday = CalendarReport(todos: [], from: month, today: day("2026-01-01"), weekStart: .sunday)
        #expect(fromSunday.months[0].leadingBlanks == 0 && fromSunday.months[0].weeks.count == 4)
        let fromMonday = CalendarReport(todos: [], from: month, today: day("2026-01-01"))
        #expect(fromMonday.months[0].leadingBlanks == 6 && fromMonday.months[0].weeks.count == 5)
        // 2030-09 starts on a Sunday and has 30 days: six rows from Monday.
        let september = CalendarReport(
            todos: [], from: CalendarMonth(year: 2030, month: 9)!, today: day("2026-01-01"))
        #expect(september.months[0].weeks.count == 6)
    }

    @Test func severalMonthsCrossTheYearAndKeepTheirOwnTodos() {
        let todos = [
            Reports.todo(1, due: "2030-12-31"), Reports.todo(2, due: "2031-01-01"),
            Reports.todo(3, due: "2031-02-28"), Reports.todo(4, due: "2031-03-01"),
        ]
        let report = CalendarReport(
            todos: todos, from: CalendarMonth(year: 2030, month: 12)!, months: 3, today: day("2031-01-15"))
        #expect(report.months.map(\.month.description) == ["2030-12", "2031-01", "2031-02"])
        #expect(report.months.map { $0.days.count } == [31, 31, 28])
        #expect(report.months[0].days[30].pending == [1] && report.months[0].days[30].isOverdue)
        #expect(report.months[1].days[0].pending == [2] && report.months[1].days[0].isOverdue)
        #expect(report.months[1].days[14].isToday)
        #expect(report.months[2].days[27].pending == [3] && !report.months[2].days[27].isOverdue)
        #expect(report.months.flatMap(\.days).flatMap(\.due) == [1, 2, 3])
    }

    @Test func theMonthCountIsKeptWithinTheCalendar() {
        let tooFew = CalendarReport(
            todos: [], from: CalendarMonth(year: 2030, month: 1)!, months: 0, today: day("2030-01-01"))
        #expect(tooFew.months.count == 1)
        let atTheEnd = CalendarReport(
            todos: [Reports.todo(1, due: "9999-12-31")], from: CalendarMonth(year: 9999, month: 11)!, months: 5,
            today: day("2030-01-01"))
        #expect(atTheEnd.months.map(\.month.description) == ["9999-11", "9999-12"])
        #expect(atTheEnd.months[1].days.last?.pending == [1])
    }

    @Test func anEmptyStoreGivesEmptyDays() {
        let report = CalendarReport(todos: [], from: CalendarMonth(year: 2030, month: 1)!, today: day("2030-01-07"))
        #expect(report.months[0].days.allSatisfy { $0.due.isEmpty && !$0.isOverdue })
        #expect(report.months[0].days[6].isToday)
    }

    @Test func jsonListsTheIdsDueEachDay() {
        let report = CalendarReport(
            todos: todos, from: CalendarMonth(year: 2028, month: 2)!, today: day("2028-02-10"), weekStart: .sunday)
        let json = TodoJSONOutput.calendar(report)
        #expect(json.hasPrefix(#"{"today":"2028-02-10","weekStart":"sunday","months":["#))
        #expect(json.contains(#"{"month":"2028-02","weeks":[[null,null,1,2,3,4,5],[6,7,8,9,10,11,12],"#))
        #expect(
            json.contains(#"{"day":"2028-02-03","due":[1,3],"pending":[1],"done":[3],"overdue":true,"today":false}"#))
        #expect(
            json.contains(#"{"day":"2028-02-10","due":[4,8],"pending":[4,8],"done":[],"overdue":false,"today":true}"#))
        #expect(json.contains(#"{"day":"2028-02-01","due":[],"pending":[],"done":[],"overdue":false,"today":false}"#))
        #expect(json.hasSuffix("]}\n"))
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil)
    }
}
