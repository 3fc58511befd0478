import Testing
import TodoCore
import TodoCoreTesting

@testable import todo_cli

/// The listing of `todo list`: columns that shrink on narrow terminals, titles cut with `…`,
/// tags whole or left out, done rows dim without the priority's colour.
@Suite struct TodoListRendererTests {
    func render(_ todos: [Todo], width: Int?, colour: Bool = false) -> [String] {
        let renderer = TodoListRenderer(today: uiToday, width: width, style: Style(isEnabled: colour))
        return String(decoding: renderer.renderBytes(todos), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    let todos = [
        Todo.fixture(1, "Buy milk", priority: .high, due: "2030-01-08", tags: ["shop"]),
        Todo.fixture(2, "Write the quarterly report for the board", due: "2030-01-03", tags: ["work", "q4"]),
        Todo.fixture(12, "Call mum", isDone: true, priority: .low),
    ]

    @Test func wideTerminalsShowEveryColumnInFull() {
        #expect(
            render(todos, width: 80) == [
                " 1 [ ] high 2030-01-08 Buy milk  +shop",
                " 2 [ ]      2030-01-03 Write the quarterly report for the board  +q4 +work",
                "12 [x] low  -          Call mum",
            ])
    }

    @Test func narrowTerminalsShortenThePriorityAndTheDatesBeforeTheTitle() {
        #expect(
            render(todos, width: 30) == [
                " 1 [ ] H 01-08 Buy milk  +shop",
                " 2 [ ]   01-03 Write the quar…",
                "12 [x] L -     Call mum",
            ])
        #expect(
            render(todos, width: 20) == [
                " 1 [ ] Buy milk",
                " 2 [ ] Write the qu…",
                "12 [x] Call mum",
            ], "the title first: the priority and the dates go")
    }

    @Test func aDateInAnotherYearKeepsItsYear() {
        let nextYear = todos + [Todo.fixture(3, "Renew passport", due: "2031-03-02")]
        let lines = render(nextYear, width: 32)
        #expect(lines[3] == " 3 [ ]   2031-03-02 Renew passp…")
        #expect(lines[0] == " 1 [ ] H 2030-01-08 Buy milk")
        for line in lines { #expect(DisplayWidth.of(line) <= 32, "\(line)") }
    }

    @Test func shortTitlesKeepTheColumns() {
        let short = [
            Todo.fixture(1, "Tea", priority: .high, due: "2030-01-08"), Todo.fixture(2, "Jam", due: "2031-01-08"),
        ]
        #expect(render(short, width: 25) == ["1 [ ] high 2030-01-08 Tea", "2 [ ]      2031-01-08 Jam"])
    }

    @Test(arguments: [20, 30, 40, 80])
    func tagsShowWholeOrNotAtAll(width: Int) {
        let tagged = [
            Todo.fixture(
                1, "Prepare the slides for Monday's all-hands meeting", tags: ["work", "presentation", "q4", "urgent"])
        ]
        let line = render(tagged, width: width)[0]
        #expect(DisplayWidth.of(line) <= width, "\(line)")
        let tags = line.components(separatedBy: "  ").dropFirst().joined()
        for word in tags.split(separator: " ") where word != "…" {
            #expect(["+work", "+presentation", "+q4", "+urgent"].contains(String(word)), "a whole tag: \(line)")
        }
    }

    @Test func titlesOfWideCharactersAreCutAtTheirWidth() {
        let wide = [
            Todo.fixture(1, "日本語のタイトルはとても長いのでここで切られるべきです"), Todo.fixture(2, "Cafe\u{301} 🎉👨‍👩‍👧 party with everyone"),
        ]
        let whole = render(wide, width: nil)
        for width in 20...40 {
            for (line, uncut) in zip(render(wide, width: width), whole) {
                #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
                #expect(line.hasSuffix("…") == (DisplayWidth.of(uncut) > width), "\(width): \(line)")
            }
        }
    }

    @Test func aDoneTodoIsDimWholeWithoutThePriorityColour() {
        let lines = render(
            [
                Todo.fixture(1, "Late", priority: .high, due: "2029-12-01", tags: ["x"]),
                Todo.fixture(2, "Finished", isDone: true, priority: .high, due: "2029-12-01", tags: ["x"]),
            ], width: 80, colour: true)
        #expect(lines[0].contains("\u{1B}[31;1mhigh\u{1B}[0m"), "a pending high priority in bold red: \(lines[0])")
        #expect(lines[0].contains("\u{1B}[31;1m2029-12-01"), "overdue in red")
        #expect(lines[1] == "\u{1B}[2m2 [x] high 2029-12-01 Finished  +x\u{1B}[0m", "\(lines[1])")
    }

    @Test func withoutAWidthNothingIsCut() {
        let long = String(repeating: "long ", count: 40)
        #expect(render([Todo.fixture(1, long, tags: ["a", "b"])], width: nil) == ["1 [ ] " + long + "  +a +b"])
    }
}

/// The listing's columns of issue 18: the project, the state marks, and `next`'s urgency.
@Suite struct TodoListRendererFieldTests {
    func render(
        _ todos: [Todo], width: Int?, relations: TodoRelations = .none, urgency: [Int: Double]? = nil
    ) -> [String] {
        var renderer = TodoListRenderer(today: uiToday, width: width, style: Style(isEnabled: false))
        renderer.relations = relations
        renderer.urgency = urgency
        return String(decoding: renderer.renderBytes(todos), as: UTF8.self).split(separator: "\n").map(String.init)
    }

    var todos: [Todo] {
        var milk = Todo.fixture(1, "Buy milk", priority: .high, due: "2030-01-08", tags: ["shop"])
        milk.project = "Home.Kitchen"
        var report = Todo.fixture(2, "Write the quarterly report", tags: ["work"])
        report.project = "Work"
        report.startedAt = uiNow
        var trip = Todo.fixture(3, "Plan the trip")
        trip.wait = try? CalendarDay(parsing: "2030-02-01")
        var call = Todo.fixture(4, "Call the bank")
        call.depends = [1]
        let done = Todo.fixture(5, "Pay rent", isDone: true)
        return [milk, report, trip, call, done]
    }

    @Test func theProjectHasAColumnAndTheMarkTheState() {
        #expect(
            render(todos, width: 80, relations: TodoRelations(todos: todos)) == [
                "1 [ ] high 2030-01-08 Home.Kitchen Buy milk  +shop",
                "2 [*]      -          Work         Write the quarterly report  +work",
                "3 [w]      -                       Plan the trip",
                "4 [b]      -                       Call the bank",
                "5 [x]      -                       Pay rent",
            ])
    }

    @Test func aLongProjectIsCutAndGoesBeforeThePriorityOnNarrowTerminals() {
        var long = Todo.fixture(1, "Buy milk", priority: .high, due: "2030-01-08")
        long.project = "Household.Kitchen.Fridge"
        #expect(render([long], width: 80) == ["1 [ ] high 2030-01-08 Household.Kitch… Buy milk"])
        #expect(render([long], width: 32) == ["1 [ ] H 01-08 Househo… Buy milk"])
        #expect(render([long], width: 28) == ["1 [ ] H 01-08 Buy milk"])
        #expect(render([long], width: 20) == ["1 [ ] 01-08 Buy milk"], "the title fits: the date stays")
        #expect(render([long], width: 16) == ["1 [ ] Buy milk"])
    }

    @Test func nextShowsTheUrgencyAfterTheMark() {
        let urgency = [1: 12.3456, 2: 4.0, 3: -2.04, 4: 0, 5: 0]
        let lines = render(todos, width: 80, urgency: urgency)
        #expect(lines[0] == "1 [ ] 12.3 high 2030-01-08 Home.Kitchen Buy milk  +shop")
        #expect(lines[1].hasPrefix("2 [*]  4.0      -          Work "))
        #expect(lines[2].hasPrefix("3 [w] -2.0 "))
        #expect(TodoListRenderer.urgencyText(-0.04) == "0.0")
        #expect(TodoListRenderer.urgencyText(.nan) == "0.0")
    }

    @Test(arguments: 10...80)
    func noLineIsWiderThanTheWidth(width: Int) {
        let urgency = Dictionary(uniqueKeysWithValues: todos.map { ($0.id, Double($0.id) * 7.7) })
        for lines in [render(todos, width: width), render(todos, width: width, urgency: urgency)] {
            for line in lines { #expect(DisplayWidth.of(line) <= width, "\(width): \(line)") }
        }
    }
}
