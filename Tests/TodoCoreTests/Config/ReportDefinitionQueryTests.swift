import Foundation
import ReactorKitTesting
import Testing

@testable import TodoCore

/// What a custom report selects and its order (`ReportDefinition+Query`), and the provider's
/// settings (urgency coefficients, first day of a week) that the todo service uses.
@Suite struct ReportDefinitionQueryTests {
    func report(_ text: String) throws -> ReportDefinition {
        let config = try TodoConfig(file: "/c", text: text)
        return try #require(config.reports["r"])
    }

    func titles(_ todos: [Todo]) -> [Int] { todos.map(\.id) }

    @Test func theQueryIsPendingUnlessAFilterNamesAStatus() throws {
        let plain = try report("report.r.filter = +a\n")
        #expect(plain.query().status == .pending)
        #expect(plain.query().filter.description == "+a")
        #expect(plain.query(adding: try TodoFilter(parsing: ["status:done"])).status == .all)
        let narrowed = plain.query(adding: try TodoFilter(parsing: ["+b", "or", "+c"]))
        #expect(narrowed.filter.description == "+a and (+b or +c)")
        #expect(ReportDefinition(name: "x").query().filter.isEmpty)
    }

    @Test func theOrderFollowsTheSortKeysWithMissingValuesLast() throws {
        let todos = [
            Reports.todo(1, due: "2030-03-01", project: "B"),
            Reports.todo(2),
            Reports.todo(3, due: "2030-01-08", project: "A"),
            Reports.todo(4, due: "2030-01-08", project: "C"),
        ]
        let context = Reports.context("2030-01-07T10:00:00Z")
        #expect(titles(try report("report.r.sort = due+\n").ordered(todos, context: context)) == [3, 4, 1, 2])
        #expect(titles(try report("report.r.sort = due-\n").ordered(todos, context: context)) == [1, 3, 4, 2])
        #expect(
            titles(try report("report.r.sort = due+,project-\n").ordered(todos, context: context)) == [4, 3, 1, 2])
        #expect(titles(try report("report.r.sort = id-\n").ordered(todos, context: context)) == [4, 3, 2, 1])
        // Without a sort, the given order; the limit after the order.
        #expect(titles(try report("report.r.limit = 2\n").ordered(todos, context: context)) == [1, 2])
        #expect(
            titles(try report("report.r.sort = due+\nreport.r.limit = 3\n").ordered(todos, context: context))
                == [3, 4, 1])
    }

    @Test func urgencySortsWithTheContextsCoefficients() throws {
        let tagged = Reports.todo(1, tags: ["next"])
        let due = Reports.todo(2, due: "2030-01-08")
        let definition = try report("report.r.sort = urgency-\n")
        var context = Reports.context("2030-01-07T10:00:00Z")
        #expect(titles(definition.ordered([due, tagged], context: context)) == [1, 2])
        try context.coefficients.setCoefficient(named: "urgency.user.tag.next.coefficient", to: 0)
        #expect(titles(definition.ordered([tagged, due], context: context)) == [2, 1])
    }

    @Test func theDefaultColumns() throws {
        #expect(ReportDefinition(name: "x").shownColumns == [.id, .priority, .project, .due, .title, .tags])
        #expect(try report("report.r.columns = title,urgency\n").shownColumns == [.title, .urgency])
    }

    @Test func theServiceUsesTheProvidersCoefficientsAndWeekStart() throws {
        var coefficients = UrgencyCoefficients.taskwarrior
        try coefficients.setCoefficient(named: "urgency.uda.priority.H.coefficient", to: 100)
        let provider = TodoServiceProvider(
            storage: InMemoryTodoStorage(), clock: .fixed(at: Reports.at("2030-01-09T10:00:00Z")),
            urgencyCoefficients: coefficients, weekStart: .sunday)
        var draft = TodoDraft(title: "High", priority: .high)
        draft.due = try DateInput(parsing: "sow")
        let high = try provider.todoService.create(draft).toBlocking().single()
        // Wednesday 2030-01-09: the week started on Sunday the 6th.
        #expect(try high.due == CalendarDay(parsing: "2030-01-06"))
        let context = try provider.todoService.context().toBlocking().single()
        #expect(context.urgency(of: high) > 100)
        var query = TodoQuery(status: .pending)
        query.filter = try TodoFilter(parsing: ["due:sow"])
        #expect(try provider.todoService.fetch(query).toBlocking().single().map(\.id) == [high.id])
    }
}
