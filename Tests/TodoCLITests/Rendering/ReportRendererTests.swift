import Foundation
import Testing
import TodoCore
import TodoCoreTesting

@testable import todo_cli

/// The reports' pictures (`calendar`, `burndown`, `summary`, `history`, `projects`, `tags`) at
/// 40, 80 and 200 columns, in colour and without: every line fits, the marks are characters
/// (legible without colour), colour only when it is on.
@Suite struct ReportRendererTests {
    static let widths = [40, 80, 200]

    /// ``Todo/fixture(_:_:isDone:priority:due:tags:note:project:createdAt:)`` created
    /// `createdDaysAgo` days before ``uiNow``, done `doneDaysAgo` days before it, and started when
    /// it was created if `started`.
    static func todo(
        _ id: Int, due: String? = nil, project: String? = nil, tags: Set<String> = [], createdDaysAgo: Int = 0,
        doneDaysAgo: Int? = nil, started: Bool = false
    ) -> Todo {
        let created = uiNow.addingTimeInterval(Double(-createdDaysAgo * 86_400))
        var todo = Todo.fixture(
            id, isDone: doneDaysAgo != nil, due: due, tags: tags, project: project, createdAt: created)
        todo.completedAt = doneDaysAgo.map { uiNow.addingTimeInterval(Double(-$0 * 86_400)) }
        if started { todo.startedAt = created }
        return todo
    }

    static let todos: [Todo] = [
        todo(1, due: "2030-01-03", project: "Home", tags: ["shop"], createdDaysAgo: 20),
        todo(2, due: "2030-01-08", project: "Home.Garden", createdDaysAgo: 10),
        todo(3, due: "2030-01-10", project: "Work", tags: ["work"], createdDaysAgo: 9, doneDaysAgo: 2),
        todo(4, due: "2030-02-01", project: "Work.Ops", tags: ["work"], createdDaysAgo: 6, started: true),
        todo(5, project: "Work", createdDaysAgo: 5, doneDaysAgo: 1),
        todo(6, due: "2030-01-07", createdDaysAgo: 3, doneDaysAgo: 3),
        todo(7, createdDaysAgo: 0),
    ]

    static var context: TodoContext { TodoContext(now: uiNow, clock: uiClock, relations: .none) }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    static func renderAll(width: Int, colour: Bool) -> [String: String] {
        let style = Style(isEnabled: colour)
        let calendar = CalendarReport(
            todos: todos, from: CalendarMonth(year: 2030, month: 1)!, months: 3, today: uiToday)
        return [
            "calendar": CalendarRenderer(width: width, style: style).render(calendar),
            "burndown": BurndownRenderer(width: width, style: style).render(
                BurndownReport(todos: todos, context: context, period: .day)),
            "summary": SummaryRenderer(width: width, style: style).render(SummaryReport(todos: todos, now: uiNow)),
            "history": HistoryRenderer(width: width, style: style).render(
                HistoryReport(todos: todos, context: context, period: .week)),
            "projects": ProjectsRenderer(width: width, style: style).render(SummaryReport(todos: todos, now: uiNow)),
            "tags": TagsRenderer(width: width, style: style).render(TagsReport(todos: todos)),
        ]
    }

    @Test(arguments: widths)
    func everyLineFitsAndColourIsOnlyWhereAllowed(width: Int) {
        let plain = Self.renderAll(width: width, colour: false)
        let coloured = Self.renderAll(width: width, colour: true)
        for (name, text) in plain {
            #expect(!text.contains("\u{1B}"), "\(name) at \(width): no escape without colour")
            for line in Self.lines(text) {
                #expect(DisplayWidth.of(line) <= width, "\(name) at \(width): '\(line)'")
            }
            let colouredText = coloured[name]!
            #expect(colouredText.contains("\u{1B}["), "\(name) at \(width): colour when it is on")
            #expect(colouredText.withoutEscapes == text, "\(name) at \(width): colour changes nothing else")
        }
    }

    @Test func theCalendarMarksTodayDueOverdueAndDoneDaysWithCharacters() {
        let text = Self.renderAll(width: 80, colour: false)["calendar"]!
        #expect(
            Array(Self.lines(text).prefix(8)) == [
                "        January 2030                 February 2030",
                " Mo  Tu  We  Th  Fr  Sa  Su    Mo  Tu  We  Th  Fr  Sa  Su",
                "      1   2   3!  4   5   6                     1*  2   3",
                "> 7.  8*  9  10. 11  12  13     4   5   6   7   8   9  10",
                " 14  15  16  17  18  19  20    11  12  13  14  15  16  17",
                " 21  22  23  24  25  26  27    18  19  20  21  22  23  24",
                " 28  29  30  31                25  26  27  28",
                "",
            ])
        #expect(text.contains("March 2030"), "the third month goes under the first two at 80 columns")
        #expect(Self.lines(text).last == "> today  * due  ! overdue  . done")
    }

    @Test func twoHundredColumnsHoldThreeMonthsSideBySideAndFortyOne() {
        let wide = Self.lines(Self.renderAll(width: 200, colour: false)["calendar"]!)
        #expect(wide[0].contains("January 2030") && wide[0].contains("February 2030") && wide[0].contains("March 2030"))
        let narrow = Self.lines(Self.renderAll(width: 40, colour: false)["calendar"]!)
        #expect(narrow[0] == "        January 2030")
        #expect(narrow.filter { $0.contains("2030") }.count == 3, "one month a row")
    }

    @Test func aMonthGridStartsOnTheWeekStartAndLeavesBlanksAtTheBoundaries() {
        let report = CalendarReport(
            todos: [], from: CalendarMonth(year: 2030, month: 2)!, months: 1, today: uiToday, weekStart: .sunday)
        let lines = Self.lines(CalendarRenderer(width: 80, style: Style(isEnabled: false)).render(report))
        #expect(lines[1] == " Su  Mo  Tu  We  Th  Fr  Sa")
        #expect(lines[2] == "                      1   2", "1 February 2030 is a Friday")
        #expect(lines[6] == " 24  25  26  27  28", "28 days, then blanks")
    }

    @Test func todayIsReverseVideoAndOverdueRedWithColour() {
        let text = Self.renderAll(width: 80, colour: true)["calendar"]!
        #expect(text.contains(">\u{1B}[2;7m 7\u{1B}[0m"), "today, done todos due: dim and reverse")
        #expect(text.contains("\u{1B}[31;1m 3\u{1B}[0m\u{1B}[31;1m!\u{1B}[0m"), "overdue in red")
    }

    @Test func aNarrowTerminalListsTheMarkedDays() {
        let report = CalendarReport(
            todos: Self.todos, from: CalendarMonth(year: 2030, month: 1)!, months: 1, today: uiToday)
        let lines = Self.lines(CalendarRenderer(width: 20, style: Style(isEnabled: false)).render(report))
        #expect(Array(lines.prefix(5)) == ["January 2030", " 3 Th  ! 1", " 7 Mo >. 6", " 8 Tu  * 2", "10 Th  . 3"])
    }

    @Test func theBurndownStacksDoneActiveAndPendingAndEstimates() {
        let lines = Self.lines(Self.renderAll(width: 80, colour: false)["burndown"]!)
        #expect(lines[0] == "day        pending active done")
        #expect(lines[1].hasPrefix("2029-12-18       1      0    0 "), "from the earliest todo's day")
        let today = lines.first { $0.hasPrefix("2030-01-07") }!
        #expect(today.hasPrefix("2030-01-07       3      1    3 XXXXXXX"))
        #expect(today.filter { $0 == "X" }.count == 21, "3 of the largest total, 7: 3/7 of 49 columns")
        #expect(today.filter { $0 == ">" }.count == 7)
        #expect(today.filter { $0 == "+" }.count == 21)
        #expect(lines.contains("X done  > active  + pending"))
        #expect(lines.contains { $0.hasPrefix("Over the last 14 days:") })
        #expect(lines.last!.hasPrefix("Not converging") || lines.last!.hasPrefix("At that pace"))
    }

    @Test func theBurndownSaysWhenNothingIsPendingOrItCannotTell() {
        let style = Style(isEnabled: false)
        let empty = BurndownReport(todos: [], context: Self.context)
        #expect(Self.lines(BurndownRenderer(width: 80, style: style).render(empty)).last == "Nothing is pending.")
        let new = BurndownReport(todos: [Self.todo(1)], context: Self.context)
        #expect(
            Self.lines(BurndownRenderer(width: 80, style: style).render(new)).last
                == "Too little history to estimate when none will be pending.")
        let converging = BurndownReport(
            todos: [
                Self.todo(1, createdDaysAgo: 30), Self.todo(2, createdDaysAgo: 30, doneDaysAgo: 2),
                Self.todo(3, createdDaysAgo: 30, doneDaysAgo: 1),
            ], context: Self.context)
        #expect(
            Self.lines(BurndownRenderer(width: 80, style: style).render(converging)).suffix(2) == [
                "Over the last 14 days: 0 added and 0.14 completed a day: 0.14 fewer open a day.",
                "At that pace, none pending by 2030-01-14 (estimate).",
            ])
    }

    @Test func theSummaryIndentsTheHierarchyWithAgesAndBars() {
        let lines = Self.lines(Self.renderAll(width: 80, colour: false)["summary"]!)
        #expect(
            lines == [
                "project   remaining  avg age  complete",
                "Home              2       2w        0% ....................",
                "  Garden          1      10d        0% ....................",
                "Work              1       6d       66% #############.......",
                "  Ops             1       6d        0% ....................",
                "(none)            1       0s       50% ##########..........",
            ])
        let narrow = Self.lines(Self.renderAll(width: 40, colour: false)["summary"]!)
        #expect(narrow[3] == "Work              1       6d       66%", "no room for a bar at 40 columns")
    }

    @Test func theHistoryCountsAddedAndCompletedPerPeriod() {
        let lines = Self.lines(Self.renderAll(width: 80, colour: false)["history"]!)
        #expect(lines[0] == "week       added completed")
        #expect(
            lines.contains { $0.hasPrefix("2029-12-31     3         3 ") }, "last week: 4, 5, 6 added; 3, 5, 6 done")
        #expect(lines.contains { $0.hasPrefix("2030-01-07     1         0 ") }, "this week: 7 added")
        #expect(lines.last == "Total: 7 added, 3 completed, net 4.")
        #expect(lines.contains("+ added  X completed"))
    }

    @Test func projectsAndTagsListTheirCounts() {
        let all = Self.renderAll(width: 80, colour: false)
        #expect(
            Self.lines(all["projects"]!) == [
                "project   pending  done", "Home            2     0", "  Garden        1     0",
                "Work            1     2", "  Ops           1     0", "(none)          1     1",
            ])
        #expect(Self.lines(all["tags"]!) == ["tag    pending  done", "+shop        1     0", "+work        1     1"])
        let style = Style(isEnabled: false)
        #expect(TagsRenderer(width: 80, style: style).render(TagsReport(todos: [])) == "No tags.\n")
        #expect(ProjectsRenderer(width: 80, style: style).render(SummaryReport(todos: [], now: uiNow)) == "No todos.\n")
    }

    @Test func agesTakeTheLargestUnitThatKeepsThemWhole() {
        #expect(SummaryRenderer.age(42) == "42s")
        #expect(SummaryRenderer.age(3_600 * 5) == "5h")
        #expect(SummaryRenderer.age(86_400 * 20) == "2w")
        #expect(SummaryRenderer.age(86_400 * 400) == "1y")
        #expect(BurndownRenderer.number(0.3333) == "0.33")
        #expect(BurndownRenderer.number(-1.5) == "-1.5")
        #expect(BurndownRenderer.number(2) == "2")
    }
}
