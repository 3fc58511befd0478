import Foundation
import Testing

@testable import TodoCore

/// ``SummaryReport``: the project hierarchy with remaining, average age and completion.
@Suite struct SummaryReportTests {
    let now = Reports.at("2030-01-11T00:00:00Z")
    let todos = [
        Reports.todo(1, created: "2030-01-10T00:00:00Z", project: "Home"),  // 1 day old
        Reports.todo(2, created: "2030-01-08T00:00:00Z", project: "Home.Garden"),  // 3 days old
        Reports.todo(3, created: "2030-01-01T00:00:00Z", completed: "2030-01-02T00:00:00Z", project: "Home.Garden"),
        Reports.todo(4, created: "2030-01-09T00:00:00Z", project: "Work.Ops.Infra"),
        Reports.todo(5, created: "2030-01-05T00:00:00Z"),  // no project
        Reports.todo(6, created: "2030-01-01T00:00:00Z", completed: "2030-01-02T00:00:00Z", project: "Home"),
        Reports.todo(7, created: "2030-01-10T00:00:00Z", project: "Apple"),
    ]

    @Test func everyLevelOfTheHierarchyCountsWhatIsBelowIt() {
        let report = SummaryReport(todos: todos, now: now)
        #expect(
            report.lines.map(\.project) == ["Apple", "Home", "Home.Garden", "Work", "Work.Ops", "Work.Ops.Infra", nil])
        #expect(report.lines.map(\.name) == ["Apple", "Home", "Garden", "Work", "Ops", "Infra", "(none)"])
        #expect(report.lines.map(\.depth) == [0, 0, 1, 0, 1, 2, 0])
        #expect(report.lines.map(\.pending) == [1, 2, 1, 1, 1, 1, 1])
        #expect(report.lines.map(\.done) == [0, 2, 1, 0, 0, 0, 0])
        #expect(report.lines.map(\.percentComplete) == [0, 50, 50, 0, 0, 0, 0])
        let day = 86_400.0
        #expect(report.lines.map(\.averageAge) == [day, 2 * day, 3 * day, 2 * day, 2 * day, 2 * day, 6 * day])
    }

    @Test func percentCompleteIsRoundedDown() {
        let todos = (1...200).map { Reports.todo($0, completed: $0 == 1 ? nil : "2030-01-08T00:00:00Z", project: "P") }
        let line = SummaryReport(todos: todos, now: now).lines[0]
        #expect(line.percentComplete == 99)  // 199 of 200: 99.5 %
        #expect(
            line.averageAge == Double(Timestamp.seconds(now) - Timestamp.seconds(Reports.at("2030-01-07T09:30:00Z"))))
        let done = SummaryReport(todos: [Reports.todo(1, completed: "2030-01-08T00:00:00Z", project: "P")], now: now)
        #expect(done.lines[0].percentComplete == 100 && done.lines[0].averageAge == nil)
    }

    @Test func projectsDifferingInCaseAreOneSpelledAsMostOfItsTodos() {
        let todos = [
            Reports.todo(1, project: "home.Garden"), Reports.todo(2, project: "Home"), Reports.todo(3, project: "Home"),
            Reports.todo(4, project: "HOME.garden"), Reports.todo(5, project: "home.garden"),
            Reports.todo(6, project: "banana"), Reports.todo(7, project: "Cherry"), Reports.todo(8, project: "Été"),
            Reports.todo(9, project: "été"),
        ]
        let report = SummaryReport(todos: todos, now: now)
        // Home: 2 todos spell it "Home", 2 "home", 1 "HOME": a tie, the first in code-point order.
        // Garden: "Garden", "garden", "garden".
        #expect(report.lines.map(\.project) == ["banana", "Cherry", "Home", "Home.garden", "Été"])
        #expect(report.lines.map(\.total) == [1, 1, 5, 3, 2])
    }

    @Test func aProjectNamedLikeTheNoneLineIsStillAProject() {
        let report = SummaryReport(todos: [Reports.todo(1, project: "(none)"), Reports.todo(2)], now: now)
        #expect(report.lines.map(\.project) == ["(none)", nil])
        #expect(report.lines.map(\.name) == ["(none)", "(none)"])
    }

    @Test func anEmptyStoreHasNoLines() {
        #expect(SummaryReport(todos: [], now: now).lines.isEmpty)
        #expect(TodoJSONOutput.summary(SummaryReport(todos: [], now: now)) == "[]\n")
        #expect(TodoJSONOutput.projects(SummaryReport(todos: [], now: now)) == "[]\n")
    }

    @Test func aTodoCreatedAfterNowIsNotOlderThanZero() {
        let report = SummaryReport(todos: [Reports.todo(1, created: "2030-02-01T00:00:00Z", project: "P")], now: now)
        #expect(report.lines[0].averageAge == 0)
    }

    @Test func jsonForSummaryAndProjects() {
        let report = SummaryReport(todos: Array(todos.prefix(3)) + [todos[4]], now: now)
        #expect(
            TodoJSONOutput.summary(report) == """
                [
                {"project":"Home","name":"Home","depth":0,"pending":2,"done":1,"averageAge":172800,"percentComplete":33},
                {"project":"Home.Garden","name":"Garden","depth":1,"pending":1,"done":1,"averageAge":259200,"percentComplete":50},
                {"project":null,"name":"(none)","depth":0,"pending":1,"done":0,"averageAge":518400,"percentComplete":0}
                ]

                """)
        #expect(
            TodoJSONOutput.projects(report) == """
                [
                {"project":"Home","name":"Home","depth":0,"pending":2,"done":1},
                {"project":"Home.Garden","name":"Garden","depth":1,"pending":1,"done":1},
                {"project":null,"name":"(none)","depth":0,"pending":1,"done":0}
                ]

                """)
    }
}
