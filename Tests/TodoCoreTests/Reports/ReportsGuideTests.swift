import Foundation
import Testing

@testable import TodoCore

/// The example of Docs/Reports.md, compiled and run.
@Suite struct ReportsGuideTests {
    @Test func theGuidesSnippetsAreInThisFile() throws {
        try GuideSnippets.expectInFile(guide: "Docs/Reports.md", source: #filePath)
    }

    @Test func theSwiftAPIExampleRuns() throws {
        let todos = [
            Reports.todo(1, created: "2030-01-01T10:00:00Z", project: "Home", tags: ["shop"]),
            Reports.todo(2, created: "2030-01-02T10:00:00Z", completed: "2030-01-05T10:00:00Z", due: "2030-01-09"),
            Reports.todo(3, created: "2030-01-03T10:00:00Z", completed: "2030-01-06T10:00:00Z"),
            Reports.todo(4, created: "2029-12-01T10:00:00Z", completed: "2030-01-07T10:00:00Z"),
            Reports.todo(5, created: "2029-12-01T10:00:00Z", completed: "2030-01-08T10:00:00Z"),
        ]
        let clock = TodoClock.fixed(at: Reports.at("2030-01-20T12:00:00Z"))
        let context = TodoContext(todos: todos, clock: clock)
        var query = TodoQuery.next
        query.limit = 20
        let next = try query.apply(to: todos, context: context)

        let calendar = CalendarReport(
            todos: todos, from: CalendarMonth(containing: context.today), months: 3, today: context.today,
            weekStart: .sunday)
        let burndown = BurndownReport(todos: todos, context: context, period: .week, weekStart: .sunday)
        let summary = SummaryReport(todos: todos, now: context.now)
        let history = HistoryReport(todos: todos, context: context, period: .month)
        let tags = TagsReport(todos: todos)
        let stats = TodoStats(todos: todos, today: context.today, relations: context.relations)

        print(TodoJSONOutput.array(next, context: context), terminator: "")
        print(TodoJSONOutput.burndown(burndown), terminator: "")
        switch burndown.estimate {
        case .zeroOn(let day): print("all done by \(day)")
        case .notConverging: print("not converging")
        case .nothingOpen, .noHistory: break
        }

        #expect(next.map(\.id) == [1])
        #expect(calendar.months[0].days[8].done == [2])
        // Weeks from Sunday, 25 November to 20 January (today, a Sunday): over the 4 weeks before
        // this one, 3 added and 4 completed; 1 open at 1 a 28 days.
        #expect(burndown.counts.map(\.added) == [2, 0, 0, 0, 0, 3, 0, 0, 0])
        #expect(burndown.counts.map(\.completed) == [0, 0, 0, 0, 0, 1, 3, 0, 0])
        #expect(burndown.rates == BurndownReport.Rates(window: 4, days: 28, added: 3, completed: 4))
        #expect(burndown.estimate == .zeroOn(day("2030-02-17")))
        #expect(summary.lines.map(\.project) == ["Home", nil])
        #expect(history.counts.map(\.added) == [2, 3])
        #expect(tags.lines == [.init(tag: "shop", pending: 1, done: 0)])
        #expect(stats.pending == 1 && stats.projects == ["home": .init(pending: 1)])
    }
}
