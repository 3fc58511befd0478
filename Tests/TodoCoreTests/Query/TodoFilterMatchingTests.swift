import Foundation
import Testing

@testable import TodoCore

/// What each term keeps, evaluated on ``SampleTodo``s with a fixed today (2030-01-31, a Thursday,
/// the last day of a month).
@Suite struct TodoFilterMatchingTests {
    @Test func idsRangesAndLists() throws {
        let todos = (1...12).map { SampleTodo($0) }
        #expect(try keptIDs(["12"], in: todos) == [12])
        #expect(try keptIDs(["3-7"], in: todos) == [3, 4, 5, 6, 7])
        #expect(try keptIDs(["4,9"], in: todos) == [4, 9])
        #expect(try keptIDs(["4,9-11"], in: todos) == [4, 9, 10, 11])
        #expect(try keptIDs(["1", "3", "5-6"], in: todos) == [1, 3, 5, 6])
        #expect(try keptIDs(["not", "2-11"], in: todos) == [1, 12])
        #expect(try keptIDs(["40-50"], in: todos) == [])
    }

    @Test func tagsInAnyCase() throws {
        let todos = [
            SampleTodo(1).with { $0.tags = ["work"] }, SampleTodo(2).with { $0.tags = ["WORK", "home"] },
            SampleTodo(3).with { $0.tags = ["home"] }, SampleTodo(4), SampleTodo(5).with { $0.tags = ["Été"] },
            SampleTodo(6).with { $0.tags = ["workshop"] },
        ]
        #expect(try keptIDs(["+work"], in: todos) == [1, 2])
        #expect(try keptIDs(["+Work"], in: todos) == [1, 2])
        #expect(try keptIDs(["-work"], in: todos) == [3, 4, 5, 6])
        #expect(try keptIDs(["+work", "+home"], in: todos) == [2])
        #expect(try keptIDs(["+work", "-home"], in: todos) == [1])
        #expect(try keptIDs(["+été"], in: todos) == [5])
        #expect(try keptIDs(["+ÉTÉ"], in: todos) == [5])
    }

    @Test func projectsAreHierarchiesInAnyCase() throws {
        let todos = [
            SampleTodo(1).with { $0.project = "Home" }, SampleTodo(2).with { $0.project = "Home.Garden" },
            SampleTodo(3).with { $0.project = "Homework" }, SampleTodo(4).with { $0.project = "home.garden.shed" },
            SampleTodo(5), SampleTodo(6).with { $0.project = "Work.Home" },
            SampleTodo(7).with { $0.project = "Home-Office" },
        ]
        #expect(try keptIDs(["project:Home"], in: todos) == [1, 2, 4])
        #expect(try keptIDs(["project:HOME"], in: todos) == [1, 2, 4])
        #expect(try keptIDs(["pro:home.garden"], in: todos) == [2, 4])
        #expect(try keptIDs(["project:Home.Garden.Shed"], in: todos) == [4])
        #expect(try keptIDs(["project:Hom"], in: todos) == [])
        #expect(try keptIDs(["project.is:Home"], in: todos) == [1])
        #expect(try keptIDs(["project.is:home.garden"], in: todos) == [2])
        #expect(try keptIDs(["project.not:Home"], in: todos) == [3, 5, 6, 7])
        #expect(try keptIDs(["project.isnt:Home"], in: todos) == [2, 3, 4, 5, 6, 7])
        #expect(try keptIDs(["project.has:work"], in: todos) == [3, 6])
        #expect(try keptIDs(["project.hasnt:garden"], in: todos) == [1, 3, 5, 6, 7])
        #expect(try keptIDs(["project:"], in: todos) == [5])
        #expect(try keptIDs(["project:none"], in: todos) == [5])
        #expect(try keptIDs(["project:any"], in: todos) == [1, 2, 3, 4, 6, 7])
        #expect(try keptIDs(["project.not:none"], in: todos) == [1, 2, 3, 4, 6, 7])
    }

    @Test func projectsWithLettersBeyondASCII() throws {
        let todos = [
            SampleTodo(1).with { $0.project = "Été" }, SampleTodo(2).with { $0.project = "ÉTÉ.Jardin" },
            SampleTodo(3).with { $0.project = "Étés" }, SampleTodo(4).with { $0.project = "Home.Café" },
        ]
        #expect(try keptIDs(["project:été"], in: todos) == [1, 2])
        #expect(try keptIDs(["project.is:été"], in: todos) == [1])
        #expect(try keptIDs(["project:Home"], in: todos) == [4])
        #expect(try keptIDs(["project.has:CAFÉ"], in: todos) == [4])
    }

    @Test func priorities() throws {
        let todos = [
            SampleTodo(1).with { $0.priority = .high }, SampleTodo(2).with { $0.priority = .medium },
            SampleTodo(3).with { $0.priority = .low }, SampleTodo(4),
        ]
        #expect(try keptIDs(["priority:high"], in: todos) == [1])
        #expect(try keptIDs(["pri:M"], in: todos) == [2])
        #expect(try keptIDs(["pri:l"], in: todos) == [3])
        #expect(try keptIDs(["pri:none"], in: todos) == [4])
        #expect(try keptIDs(["priority:"], in: todos) == [4])
        #expect(try keptIDs(["pri:any"], in: todos) == [1, 2, 3])
        #expect(try keptIDs(["priority.above:low"], in: todos) == [1, 2])
        #expect(try keptIDs(["priority.above:none"], in: todos) == [1, 2, 3])
        #expect(try keptIDs(["priority.above:high"], in: todos) == [])
        #expect(try keptIDs(["priority.below:medium"], in: todos) == [3, 4])
        #expect(try keptIDs(["priority.below:none"], in: todos) == [])
        #expect(try keptIDs(["priority.not:high"], in: todos) == [2, 3, 4])
    }

    @Test func statusesPendingLeavesWaitingTodosOut() throws {
        let today = day("2030-01-31")
        let todos = [
            SampleTodo(1), SampleTodo(2).with { $0.wait = day("2030-02-01") },
            SampleTodo(3).with { $0.wait = today }, SampleTodo(4).with { $0.wait = day("2030-01-30") },
            SampleTodo(5).with { $0.isDone = true },
            SampleTodo(6).with { ($0.isDone, $0.wait) = (true, day("2030-03-01")) },
        ]
        #expect(try keptIDs(["status:pending"], in: todos, today: today) == [1, 3, 4])
        #expect(try keptIDs(["status:waiting"], in: todos, today: today) == [2])
        #expect(try keptIDs(["status:done"], in: todos, today: today) == [5, 6])
        #expect(try keptIDs(["status:all"], in: todos, today: today) == [1, 2, 3, 4, 5, 6])
        #expect(try keptIDs(["status.not:done"], in: todos, today: today) == [1, 2, 3, 4])
        #expect(try keptIDs(["is:waiting"], in: todos, today: today) == [2])
        #expect(try keptIDs(["status:pending", "or", "status:waiting"], in: todos, today: today) == [1, 2, 3, 4])
    }

    @Test func aTypesOwnWaitingAndOverdueAreTheOnesUsed() throws {
        struct Custom: FilterableTodo {
            var id = 1
            var title = "custom"
            var note: String? = nil
            var tags: [String] = []
            var project: String? = nil
            var priority = Priority.none
            var due: CalendarDay? = nil
            var wait: CalendarDay? = nil
            var scheduled: CalendarDay? = nil
            var createdAt = monday
            var completedAt: Date? = nil
            var annotationTexts: [String] = []
            var isDone = false
            var isBlocked = false
            var isBlocking = false
            var isActive = false
            var isRecurring = false
            func isWaiting(today: CalendarDay) -> Bool { true }
            func isOverdue(today: CalendarDay) -> Bool { true }
        }
        let matcher = try TodoFilter(parsing: ["is:waiting", "is:overdue", "not", "status:pending"]).compiled(
            today: day("2030-01-31"), utcOffset: { _ in 0 })
        #expect(matcher.matches(Custom()))
    }

    @Test func dueDatesAroundTheEndOfAMonth() throws {
        let todos =
            ["2030-01-30", "2030-01-31", "2030-02-01", "2030-02-02", "2030-02-07", "2030-02-28", "2030-03-01"]
            .enumerated().map { index, text in SampleTodo(index + 1).with { $0.due = day(text) } } + [SampleTodo(8)]
        // Today is Thursday 2030-01-31.
        #expect(try keptIDs(["due:today"], in: todos) == [2])
        #expect(try keptIDs(["due:tomorrow"], in: todos) == [3])
        #expect(try keptIDs(["due:friday"], in: todos) == [3])
        #expect(try keptIDs(["due:thursday"], in: todos) == [5])
        #expect(try keptIDs(["due:+1d"], in: todos) == [3])
        #expect(try keptIDs(["due:+1w"], in: todos) == [5])
        #expect(try keptIDs(["due:2030-02-28"], in: todos) == [6])
        #expect(try keptIDs(["due.before:tomorrow"], in: todos) == [1, 2])
        #expect(try keptIDs(["due.before:today"], in: todos) == [1])
        #expect(try keptIDs(["due.after:today"], in: todos) == [3, 4, 5, 6, 7])
        #expect(try keptIDs(["due.after:2030-02-28"], in: todos) == [7])
        #expect(try keptIDs(["due.by:2030-02-28"], in: todos) == [1, 2, 3, 4, 5, 6])
        #expect(try keptIDs(["due.by:tomorrow"], in: todos) == [1, 2, 3])
        #expect(try keptIDs(["due.after:today", "due.by:+1w"], in: todos) == [3, 4, 5])
        #expect(try keptIDs(["due:none"], in: todos) == [8])
        #expect(try keptIDs(["due:"], in: todos) == [8])
        #expect(try keptIDs(["due:any"], in: todos) == [1, 2, 3, 4, 5, 6, 7])
        #expect(try keptIDs(["due.not:today"], in: todos) == [1, 3, 4, 5, 6, 7, 8])
    }

    @Test func datesAcrossALeapDayAndTheEndOfAYear() throws {
        let todos = ["2028-02-28", "2028-02-29", "2028-03-01", "2031-01-01"]
            .enumerated().map { index, text in SampleTodo(index + 1).with { $0.due = day(text) } }
        #expect(try keptIDs(["due:tomorrow"], in: todos, today: day("2028-02-28")) == [2])
        #expect(try keptIDs(["due.after:tomorrow"], in: todos, today: day("2028-02-28")) == [3, 4])
        #expect(try keptIDs(["due:tomorrow"], in: todos, today: day("2030-12-31")) == [4])
        #expect(try keptIDs(["due.before:+1d", "due.after:2028-02-28"], in: todos, today: day("2028-02-29")) == [2])
    }

    @Test func datesAtTheEndsOfTheCalendar() throws {
        let last = day("9999-12-31")
        let todos = [SampleTodo(1).with { $0.due = last }, SampleTodo(2).with { $0.due = day("0001-01-01") }]
        #expect(try keptIDs(["due.after:today"], in: todos, today: last) == [])
        #expect(try keptIDs(["due.by:today"], in: todos, today: last) == [1, 2])
        #expect(try keptIDs(["due.before:0001-01-01"], in: todos, today: last) == [])
        #expect(try keptIDs(["due:0001-01-01"], in: todos, today: last) == [2])
        #expect(try keptIDs(["created.by:today"], in: todos, today: last) == [1, 2])
        let error = #expect(throws: TodoFilterError.self) {
            _ = try TodoFilter(parsing: ["+a", "or", "due:tomorrow"]).compiled(today: last, utcOffset: { _ in 0 })
        }
        #expect(error?.word == "due:tomorrow")
        #expect(error?.message.hasPrefix("'due:tomorrow': 'tomorrow' would fall after 9999-12-31") == true)
    }

    @Test func waitAndScheduledDays() throws {
        let todos = [
            SampleTodo(1).with { ($0.wait, $0.scheduled) = (day("2030-02-01"), day("2030-01-31")) },
            SampleTodo(2).with { $0.scheduled = day("2030-02-03") }, SampleTodo(3),
        ]
        #expect(try keptIDs(["wait:tomorrow"], in: todos) == [1])
        #expect(try keptIDs(["wait:none"], in: todos) == [2, 3])
        #expect(try keptIDs(["wait.after:today"], in: todos) == [1])
        #expect(try keptIDs(["scheduled:today"], in: todos) == [1])
        #expect(try keptIDs(["sched.by:sunday"], in: todos) == [1, 2])
        #expect(try keptIDs(["scheduled.before:today"], in: todos) == [])
        #expect(try keptIDs(["scheduled:any"], in: todos) == [1, 2])
    }

    @Test func creationAndCompletionCompareTheirLocalDay() throws {
        // 2030-01-31 23:30 UTC: still the 31st in UTC, already the 1st at UTC+1.
        let lateOn31st = Date(timeIntervalSince1970: 1_896_132_600)
        let todos = [
            SampleTodo(1).with { $0.createdAt = lateOn31st },
            SampleTodo(2).with { ($0.createdAt, $0.completedAt) = (monday, lateOn31st) },
            SampleTodo(3).with { $0.createdAt = lateOn31st.addingTimeInterval(3600) },
        ]
        #expect(try keptIDs(["created:2030-01-31"], in: todos, utcOffset: 0) == [1])
        #expect(try keptIDs(["created:2030-02-01"], in: todos, utcOffset: 0) == [3])
        #expect(try keptIDs(["created:2030-02-01"], in: todos, utcOffset: 3600) == [1, 3])
        #expect(try keptIDs(["created:today"], in: todos, utcOffset: -3600) == [1, 3])
        #expect(try keptIDs(["created.before:2030-01-31"], in: todos) == [2])
        #expect(try keptIDs(["created.after:2030-01-07"], in: todos) == [1, 3])
        #expect(try keptIDs(["created.by:2030-01-07"], in: todos) == [2])
        #expect(try keptIDs(["created:none"], in: todos) == [])
        #expect(try keptIDs(["created:any"], in: todos) == [1, 2, 3])
        #expect(try keptIDs(["completed:today"], in: todos) == [2])
        #expect(try keptIDs(["completed:today"], in: todos, utcOffset: 3600) == [])
        #expect(try keptIDs(["completed:tomorrow"], in: todos, utcOffset: 3600) == [2])
        #expect(try keptIDs(["completed:none"], in: todos) == [1, 3])
        #expect(try keptIDs(["completed:any"], in: todos) == [2])
        #expect(try keptIDs(["completed.after:2030-01-01"], in: todos) == [2])
        #expect(try keptIDs(["completed.not:today"], in: todos) == [1, 3])
    }

    @Test func states() throws {
        let todos = [
            SampleTodo(1).with { $0.due = day("2030-01-30") },
            SampleTodo(2).with { ($0.due, $0.isDone) = (day("2030-01-30"), true) },
            SampleTodo(3).with { $0.due = day("2030-01-31") }, SampleTodo(4).with { $0.isBlocked = true },
            SampleTodo(5).with { $0.isBlocking = true }, SampleTodo(6).with { $0.wait = day("2030-02-05") },
            SampleTodo(7).with { $0.isActive = true }, SampleTodo(8).with { $0.isRecurring = true },
        ]
        #expect(try keptIDs(["is:overdue"], in: todos) == [1])
        #expect(try keptIDs(["is:today"], in: todos) == [3])
        #expect(try keptIDs(["is:blocked"], in: todos) == [4])
        #expect(try keptIDs(["is:blocking"], in: todos) == [5])
        #expect(try keptIDs(["is:waiting"], in: todos) == [6])
        #expect(try keptIDs(["is:active"], in: todos) == [7])
        #expect(try keptIDs(["is:recurring"], in: todos) == [8])
        #expect(try keptIDs(["is.not:overdue", "not", "is:blocked", "-x"], in: todos) == [2, 3, 5, 6, 7, 8])
    }

    @Test func searchWordsLookInEveryTextInAnyCase() throws {
        let todos = [
            SampleTodo(1, "Buy MILK"), SampleTodo(2).with { $0.note = "with milk and sugar" },
            SampleTodo(3).with { $0.tags = ["milkshake"] }, SampleTodo(4).with { $0.project = "Dairy.Milk" },
            SampleTodo(5).with { $0.annotations = ["called", "Out of Milk"] }, SampleTodo(6, "Café crème"),
            SampleTodo(7, "nothing here"), SampleTodo(8, "or 2030 +1"),
        ]
        #expect(try keptIDs(["milk"], in: todos) == [1, 2, 3, 4, 5])
        #expect(try keptIDs(["MiLk"], in: todos) == [1, 2, 3, 4, 5])
        #expect(try keptIDs(["milk", "buy"], in: todos) == [1])
        #expect(try keptIDs(["milk", "or", "crème"], in: todos) == [1, 2, 3, 4, 5, 6])
        #expect(try keptIDs(["CRÈME"], in: todos) == [6])
        #expect(try keptIDs(["cafe"], in: todos) == [])
        #expect(try keptIDs(["of milk"], in: todos) == [5])
        #expect(try keptIDs(["text:or", "text:2030", "text:+1"], in: todos) == [8])
        #expect(try keptIDs(["not", "milk"], in: todos) == [6, 7, 8])
        #expect(try keptIDs(["text.not:milk"], in: todos) == [6, 7, 8])
    }

    @Test func precedenceDecidesWhatIsKept() throws {
        let todos = [
            SampleTodo(1).with { $0.tags = ["a"] }, SampleTodo(2).with { $0.tags = ["b"] },
            SampleTodo(3).with { $0.tags = ["b", "c"] }, SampleTodo(4).with { $0.tags = ["a", "c"] },
            SampleTodo(5).with { $0.tags = ["c"] },
        ]
        #expect(try keptIDs(["+a", "or", "+b", "+c"], in: todos) == [1, 3, 4])
        #expect(try keptIDs(["(+a", "or", "+b)", "+c"], in: todos) == [3, 4])
        #expect(try keptIDs(["not", "+a", "+c"], in: todos) == [3, 5])
        #expect(try keptIDs(["not", "(+a", "+c)"], in: todos) == [1, 2, 3, 5])
        #expect(try keptIDs(["-a", "or", "+c"], in: todos) == [2, 3, 4, 5])
        #expect(try keptIDs([], in: todos) == [1, 2, 3, 4, 5])
    }

    @Test func aFilterTestsOneTodoOrCompilesForMany() throws {
        let filter = try TodoFilter(parsing: ["project:Work", "+urgent", "or", "due.before:friday"])
        let todo = SampleTodo(1).with { ($0.project, $0.tags) = ("Work.Ops", ["Urgent"]) }
        #expect(try filter.matches(todo, today: day("2030-01-31"), utcOffset: { _ in 0 }))
        let matcher = try filter.compiled(clock: TodoClock.fixed(at: monday, utcOffset: 0))
        #expect(matcher(todo))
        #expect(matcher.matches(SampleTodo(2).with { $0.due = day("2030-01-10") }))
        #expect(!matcher.matches(SampleTodo(3).with { $0.due = day("2030-01-11") }))
        #expect(try TodoFilter.everything.compiled(today: day("2030-01-31"), utcOffset: { _ in 0 }).matches(todo))
    }

    /// Runs once `DateInput` reads `eow` (the dates branch): the filter passes its week start on.
    @Test func theWeekStartReachesDateWordsThatUseIt() throws {
        guard (try? DateInput(parsing: "eow")) != nil else { return }
        let sunday = SampleTodo(1).with { $0.due = day("2030-02-03") }
        let saturday = SampleTodo(2).with { $0.due = day("2030-02-02") }
        #expect(try keptIDs(["due:eow"], in: [sunday, saturday], weekStart: .monday) == [1])
        #expect(try keptIDs(["due:eow"], in: [sunday, saturday], weekStart: .sunday) == [2])
    }
}
