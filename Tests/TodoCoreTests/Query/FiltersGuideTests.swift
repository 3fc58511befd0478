import Testing

@testable import TodoCore

// The examples of Docs/Filters.md, compiled and run: `everySnippetIsHere` checks that the guide
// shows this code, and the other tests that its tables and examples say what the filter does.

@Suite struct FiltersGuideTests {
    @Test func inSwift() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let filter = try TodoFilter(parsing: ["project:Work", "+urgent", "or", "due.before:friday"])
        print(filter.description)  // project:Work and +urgent or due.before:friday
        let matcher = try filter.compiled(today: try CalendarDay(parsing: "2030-01-31"), utcOffset: { _ in 0 })
        let urgent = SampleTodo(1).with { ($0.project, $0.tags) = ("Work.Ops", ["Urgent"]) }
        print(matcher.matches(urgent))  // true

        print(TodoFilter.isStructuredTerm("+work"), TodoFilter.isStructuredTerm("list"))  // true false
        let ids = try TodoFilter(parsing: ["3-5", "9"])
        print(ids.isPlainIDList, ids.idRanges)  // true [ClosedRange(3...5), ClosedRange(9...9)]

        #expect(
            printed == [
                "project:Work and +urgent or due.before:friday", "true", "true false",
                "true [ClosedRange(3...5), ClosedRange(9...9)]",
            ])
    }

    @Test func everySnippetIsHere() throws {
        try GuideSnippets.expectInFile(guide: "Docs/Filters.md", source: #filePath, minimumCount: 1)
    }

    @Test func theNormalFormExample() throws {
        let words = ["pri:H", "(+a", "or", "(+b", "or", "+c))", "not", "not", "milk", "5", "3", "-x"]
        #expect(try normal(words) == "priority:high and (+a or +b or +c) and milk and 3,5 and -x")
        #expect(try normal(["due:fri"]) == "due:friday")
    }

    @Test func theTableOfPrecedence() throws {
        #expect(
            try TodoFilter(parsing: ["+a", "or", "+b", "+c"]) == TodoFilter(parsing: ["+a", "or", "(+b", "and", "+c)"]))
        #expect(
            try TodoFilter(parsing: ["+a", "+b", "or", "+c"]) == TodoFilter(parsing: ["(+a", "and", "+b)", "or", "+c"]))
        #expect(try TodoFilter(parsing: ["not", "+a", "+b"]) == TodoFilter(parsing: ["(not", "+a)", "and", "+b"]))
        #expect(
            try TodoFilter(parsing: ["(+a", "or", "+b)", "+c"])
                == TodoFilter(parsing: ["(", "+a", "or", "+b", ")", "+c"]))
    }

    @Test func theErrorsShown() {
        #expect(
            filterError(["is:overdu"])?.description
                == "'is:overdu': 'overdu' is not a state; use overdue, today, blocked, blocking, waiting, active or recurring. Did you mean 'is:overdue'?"
        )
        #expect(
            filterError(["due.befor:today"])?.description
                == "'due.befor:today': 'befor' is not a modifier of due:; use due:, due.before:, due.after:, due.by: or due.not:. Did you mean 'due.before:'?"
        )
        #expect(
            filterError(["due:someday"])?.description
                == "'due:someday': 'someday' is not a date; use YYYY-MM-DD, today, tomorrow, yesterday, a weekday (monday), +3d or -3d (also w, m, y: weeks, months, years), sow, som, soy, eow, eom or eoy; or none (no due date) or any"
        )
    }
}
