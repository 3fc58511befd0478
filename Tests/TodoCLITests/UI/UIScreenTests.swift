import Testing
import TodoCore
import TodoCoreTesting

@testable import todo_cli

/// The screen as a pure function of the reactors' states, the size and the UI's state.
@Suite struct UIScreenTests {
    /// Every line exactly `columns` terminal columns wide.
    func expectFitted(_ lines: [String], columns: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            #expect(DisplayWidth.of(line) == columns, "\(line)", sourceLocation: sourceLocation)
        }
    }

    @Test func eightyColumns() {
        let lines = screenText(screenInput(sampleTodos))
        #expect(
            lines == [
                " todo  all · by position                                                        ",
                " Pending (3)                                                                    ",
                ">1 [ ] high 2030-01-08 Buy milk  +shop                                          ",
                " 2 [ ]      2030-01-03 Write the quarterly report for the board meet…  +q1 +work",
                " 4 [ ]      -          Water plants                                             ",
                " Done (1)                                                                       ",
                " 3 [x] low  -          Call mum                                                 ",
                "                                                                                ",
                "                                                                                ",
                "                                                                                ",
                "                                                                                ",
                "                                                                                ",
                "────────────────────────────────────────────────────────────────────────────────",
                " 1  Buy milk                                                                    ",
                "    status     pending                                                          ",
                "    priority   high                                                             ",
                "    due        2030-01-08 (tomorrow)                                            ",
                "    tags       shop                                                             ",
                "    created    2030-01-07 09:30                                                 ",
                "                                                                                ",
                "    Two litres, the organic one.                                                ",
                "                                                                                ",
                " 3 pending · 1 done · 1 overdue                                          ? help ",
                " a add · space done · ? help · q quit · e edit · d delete · / search · t tag    ",
            ])
    }

    @Test func fortyColumnsStayUsable() {
        let lines = screenText(screenInput(sampleTodos, columns: 40))
        expectFitted(lines, columns: 40)
        #expect(
            lines == [
                " todo  all · by position                ",
                " Pending (3)                            ",
                ">1 [ ] H 01-08 Buy milk  +shop          ",
                " 2 [ ]   01-03 Write the qua…  +q1 +work",
                " 4 [ ]   -     Water plants             ",
                " Done (1)                               ",
                " 3 [x] L -     Call mum                 ",
                "                                        ",
                "                                        ",
                "                                        ",
                "                                        ",
                "                                        ",
                "────────────────────────────────────────",
                " 1  Buy milk                            ",
                "    status     pending                  ",
                "    priority   high                     ",
                "    due        2030-01-08 (tomorrow)    ",
                "    tags       shop                     ",
                "    created    2030-01-07 09:30         ",
                "                                        ",
                "    Two litres, the organic one.        ",
                "                                        ",
                " 3 pending · 1 done · 1 overdue  ? help ",
                " a add · space done · ? help · q quit   ",
            ])
    }

    @Test func wideTerminalsShowTheDetailBeside() {
        let lines = screenText(screenInput(sampleTodos, rows: 20, columns: 120))
        expectFitted(lines, columns: 120)
        #expect(lines[2].hasPrefix(">1 [ ] high 2030-01-08 Buy milk  +shop"))
        #expect(lines[1].contains("│ 1  Buy milk"))
        #expect(lines[2].contains("│    status     pending"))
        #expect(!lines.contains { $0.hasPrefix("────") })
    }

    @Test func shortTerminalsHideTheDetail() {
        let lines = screenText(screenInput(sampleTodos, rows: 12, columns: 40))
        #expect(lines.count == 12)
        expectFitted(lines, columns: 40)
        #expect(!lines.contains { $0.contains("status") || $0.hasPrefix("────") })
        #expect(lines[6].hasPrefix(" 3 [x] L -     Call mum"))
        #expect(lines[10].hasPrefix(" 3 pending · 1 done"))
    }

    @Test func tooSmallATerminalSaysSo() {
        let lines = screenText(screenInput(sampleTodos, rows: 4, columns: 18))
        #expect(lines.count == 4)
        #expect(lines[0] == "todo ui needs 20×6")
        #expect(lines[1].hasPrefix("q quits"))
    }

    @Test(arguments: [40, 52, 80, 120])
    func unicodeTitlesOfMixedWidth(columns: Int) {
        let todos = [
            Todo.fixture(1, "日本語のタイトルはとても長いのでここで切られるべきです本当に長いタイトルです", tags: ["買い物"]),
            Todo.fixture(2, "Cafe\u{301} crème brûlée for the whole team at the office party", priority: .medium),
            Todo.fixture(3, "Party 🎉🎂 with the family 👨‍👩‍👧 and friends 🥳 until late at night", due: "2030-02-01"),
            Todo.fixture(4, "Mixed 中文 and English and 한국어 text that goes on and on and on"),
            Todo.fixture(5, "Control\u{1B}[31m characters\u{7}\tstay\non one line"),
        ]
        for selection in 0..<todos.count {
            var ui = UIState()
            ui.selection = selection
            let lines = screenText(screenInput(todos, columns: columns, ui: ui))
            expectFitted(lines, columns: columns)
            #expect(!lines.joined().contains("\u{1B}"))
            #expect(!lines.joined().contains("\u{7}"))
        }
        let lines = screenText(screenInput(todos, columns: columns))
        #expect(lines[2].hasPrefix(">1 [ ]"))
        #expect(lines[2].contains("日本語"))
        #expect(lines[2].contains("…"), "a long CJK title is cut: \(lines[2])")
        #expect(lines[3].contains("Café"), "the combining accent stays on its letter")
        #expect(lines[4].contains("Party 🎉🎂"))
        #expect(lines[6].contains("Control\u{FFFD}[31m characters"), "no escape reaches the terminal")
        if columns >= 80 { #expect(lines[6].contains("characters\u{FFFD} stay↵on one line")) }
    }

    @Test func aCJKTitleCutAtAWideCharacterLeavesNoHalfCharacter() {
        let todos = [Todo.fixture(1, "日本語日本語日本語日本語日本語日本語日本語日本語日本語")]
        for columns in 30...41 {
            let line = screenText(screenInput(todos, rows: 10, columns: columns))[2]
            #expect(DisplayWidth.of(line) == columns)
            #expect(line.contains("…"))
        }
    }

    @Test func theSelectionIsMarkedAndScrolledIntoView() {
        let todos = (1...100).map { Todo.fixture($0, "Todo number \($0)") }
        var ui = UIState()
        ui.selection = 60
        let layout = ListLayout(todos: todos)
        let height = UIScreenLayout(size: TerminalSize(rows: 24, columns: 80)).listHeight
        ui.scroll(toShow: layout.row(ofSelection: 60), height: height, rowCount: layout.rowCount)
        let lines = screenText(screenInput(todos, ui: ui))
        let marked = lines.filter { $0.hasPrefix(">") }
        #expect(marked == ["> 61 [ ] Todo number 61" + String(repeating: " ", count: 57)])
        #expect(lines[height] == marked[0], "scrolled just enough: the selection on the last row")
        #expect(lines[1].hasPrefix("  51 [ ] Todo number 51"))
        #expect(lines.contains { $0.hasPrefix(" 61  Todo number 61") }, "the detail follows")
    }

    @Test func theFirstTodoShowsItsSectionsHeading() {
        var ui = UIState(scroll: 5)
        ui.scroll(toShow: 1, height: 10, rowCount: 100)
        #expect(ui.scroll == 0)
        ui.scroll(toShow: 50, height: 10, rowCount: 100)
        #expect(ui.scroll == 41)
        ui.scroll(toShow: 99, height: 10, rowCount: 100)
        #expect(ui.scroll == 90)
        ui.scroll(toShow: 95, height: 10, rowCount: 100)
        #expect(ui.scroll == 90)
    }

    @Test func theDoneSectionWhenScrolledDown() {
        let todos = (1...30).map { Todo.fixture($0, "Todo \($0)", isDone: $0 > 20) }
        var ui = UIState()
        ui.selection = 29
        let layout = ListLayout(todos: todos)
        ui.scroll(toShow: layout.row(ofSelection: 29), height: 11, rowCount: layout.rowCount)
        let lines = screenText(screenInput(todos, ui: ui))
        #expect(lines[1...11].map { String($0.prefix(14)) }.contains(" Done (10)    "))
        #expect(lines[11].hasPrefix(">30 [x] Todo 30"))
    }

    @Test func emptyLists() {
        #expect(screenText(screenInput([]))[2] == " No todos yet. Press a to add one.".padding(80))
        let filtered = screenText(screenInput(sampleTodos, query: TodoQuery(status: .all, search: ["zzz"])))
        #expect(filtered[0].hasPrefix(" todo  all · by position · /zzz"))
        #expect(filtered[2].hasPrefix(" No todo matches. Esc clears the filters."))
        #expect(filtered.contains { $0.hasPrefix(" Nothing selected.") })
    }

    @Test func theTitleBarShowsTheQuery() {
        let query = TodoQuery(status: .pending, search: ["milk", "oat"], tag: "shop", sort: .due)
        #expect(
            screenText(screenInput(sampleTodos, query: query))[0].hasPrefix(
                " todo  pending · by due · /milk oat · +shop"))
    }

    @Test(arguments: [80, 40])
    func aFilterThatDoesNotParseShowsInTheStatusLine(columns: Int) {
        var ui = UIState()
        ui.mode = .search(TextField("prioity:high"))
        ui.filterError = "unknown filter attribute 'prioity' in 'prioity:high'"
        let frame = UIScreen(screenInput(sampleTodos, columns: columns, ui: ui)).render()
        #expect(frame.text[22].hasPrefix(" filter: unknown filter"))
        #expect(frame.text[22].count == columns)
        #expect(frame.lines[22].spans.first?.codes.contains(.red) == true)
        #expect(frame.text[23].hasPrefix("/prioity:high"))
    }

    @Test func theTitleBarShowsTheTypedFilter() {
        var ui = UIState()
        ui.filterText = "+shop or pri:high"
        var query = TodoQuery(status: .all)
        query.filter = (try? TodoFilter(parsing: ["+shop", "or", "pri:high"])) ?? .everything
        let text = screenText(screenInput(sampleTodos, ui: ui, query: query))
        #expect(text[0].hasPrefix(" todo  all · by position · /+shop or pri:high"))
        #expect(text[2].hasPrefix(">1 [ ] high"))
        #expect(!text.contains { $0.contains("Water plants") })
    }

    /// Active, waiting, blocked, pending and done todos (5 waits for 4).
    var markedTodos: [Todo] {
        var active = Todo.fixture(1, "Write the report")
        active.startedAt = uiNow
        var waiting = Todo.fixture(2, "Renew the passport")
        waiting.wait = try? CalendarDay(parsing: "2030-02-01")
        var blocked = Todo.fixture(5, "Paint the fence")
        blocked.depends = [4]
        return [active, waiting, Todo.fixture(3, "Call mum", isDone: true), Todo.fixture(4, "Buy paint"), blocked]
    }

    @Test(arguments: [80, 40])
    func rowsAreMarkedAsTodoListMarksThem(columns: Int) {
        var input = screenInput(markedTodos, columns: columns)
        input.relations = TodoRelations(todos: markedTodos)
        let text = screenText(input)
        #expect(text[2].hasPrefix(">1 [*]"))
        #expect(text[3].hasPrefix(" 2 [w]"))
        #expect(text[4].hasPrefix(" 4 [ ]"))
        #expect(text[5].hasPrefix(" 5 [b]"))
        #expect(text[7].hasPrefix(" 3 [x]"))
        #expect(text.allSatisfy { $0.count == columns })
    }

    @Test(arguments: [80, 40])
    func theStatusLineShowsTheActiveContext(columns: Int) {
        var input = screenInput(sampleTodos, columns: columns)
        input.contextName = "work"
        let text = screenText(input)
        #expect(text[22].hasPrefix(" context: work · 3 pending · 1 done"))
        #expect(text[22].count == columns)
        input.stats = nil
        #expect(screenText(input)[22].hasPrefix(" context: work · counting…"))
    }

    var projectTodos: [Todo] {
        var garden = Todo.fixture(5, "Plant bulbs")
        garden.project = "Home.Garden"
        var home = Todo.fixture(6, "Fix the tap")
        home.project = "Home"
        var work = Todo.fixture(7, "Write slides", isDone: true)
        work.project = "Work"
        return sampleTodos + [garden, home, work]
    }

    @Test(arguments: [80, 40])
    func theProjectsView(columns: Int) {
        var ui = UIState()
        ui.view = .projects
        ui.projectSelection = 1
        var input = screenInput(projectTodos, columns: columns, ui: ui)
        input.projects = SummaryReport(todos: projectTodos, now: uiNow)
        let text = screenText(input)
        #expect(text[0].hasPrefix(" todo  projects"))
        #expect(text[1].hasPrefix(" Projects"))
        #expect(text[1].hasSuffix("pending    done"))
        #expect(text[2].hasPrefix(" Home") && text[2].hasSuffix("      2       0"), "with Home.Garden")
        #expect(text[3].hasPrefix(">  Garden") && text[3].hasSuffix("      1       0"), "\(text[3])")
        #expect(text[4].hasPrefix(" Work") && text[4].hasSuffix("      0       1"), "\(text[4])")
        #expect(text[5].hasPrefix(" (none)") && text[5].hasSuffix("      3       1"), "\(text[5])")
        #expect(text.allSatisfy { $0.count == columns })
        #expect(UIScreen(input).render().lines[3].spans.contains { $0.codes.contains(.reverse) })
        #expect(text[23].hasPrefix(" Enter its todos · ↑↓ choose"))
    }

    @Test(arguments: [80, 40])
    func theCalendarView(columns: Int) {
        var ui = UIState()
        ui.view = .calendar
        var input = screenInput(sampleTodos, columns: columns, ui: ui)
        input.calendar = CalendarReport(todos: sampleTodos, from: CalendarMonth(containing: uiToday), today: uiToday)
        let text = screenText(input)
        #expect(text[0].hasPrefix(" todo  calendar · 2030-01"))
        #expect(text[23].hasPrefix(" Tab next view · 1 list"))
        #expect(text.contains { $0.contains("January 2030") }, "\(text)")
        #expect(text.contains { $0.contains("> 7") }, "today, Monday the 7th: \(text)")
        #expect(text.contains { $0.contains(" 3!") }, "2 is overdue on the 3rd")
        #expect(text.allSatisfy { $0.count == columns })
    }

    @Test func theNextViewSaysSoInTheTitle() {
        var ui = UIState()
        ui.view = .next
        let query = TodoQuery(status: .pending, sort: .urgency)
        let text = screenText(screenInput(sampleTodos, ui: ui, query: query))
        #expect(text[0].hasPrefix(" todo  next · pending · by urgency"))
    }

    @Test func theStatusLineCountsOrWaits() {
        var input = screenInput(sampleTodos)
        input.stats = nil
        #expect(screenText(input)[22].hasPrefix(" counting…"))
    }

    @Test func theSearchPromptHasTheCursor() {
        var ui = UIState()
        ui.mode = .search(TextField("mil"))
        let frame = UIScreen(screenInput(sampleTodos, ui: ui, query: TodoQuery(status: .all, search: ["mil"]))).render()
        #expect(frame.text[23] == "/mil".padding(80))
        #expect(frame.cursor == ScreenFrame.Position(row: 23, column: 4))
        ui.mode = .tagPrompt(TextField(), completion: nil)
        let tag = UIScreen(screenInput(sampleTodos, ui: ui)).render()
        #expect(tag.text[23].hasPrefix("tag:   Tab completes, Enter filters"))
        #expect(tag.cursor == ScreenFrame.Position(row: 23, column: 5))
    }

    @Test func aMessageReplacesTheHints() {
        var ui = UIState()
        ui.message = UIMessage(text: "Completed 1: Buy milk")
        #expect(screenText(screenInput(sampleTodos, ui: ui))[23].hasPrefix(" Completed 1: Buy milk  "))
        ui.message = UIMessage(text: "the store is locked", isError: true)
        let line = UIScreen(screenInput(sampleTodos, ui: ui)).render().lines[23]
        #expect(line.spans.first?.codes == [.red, .bold])
    }

    @Test(arguments: [80, 40])
    func theFormWithAValidationError(columns: Int) {
        let provider = uiProvider()
        var edit = TodoEditReactor(provider: provider, mode: .new).initialState
        edit.fields.title = "Buy milk"
        edit.validationErrors[.due] = "'tomorow' is not a date; use YYYY-MM-DD, today, tomorrow, +3d or +2w"
        var form = FormState(TodoEditFields(title: "Buy milk"))
        form[.due] = TextField("tomorow")
        form.focus = .due
        var ui = UIState()
        ui.mode = .form(form)
        let frame = UIScreen(screenInput(sampleTodos, rows: 16, columns: columns, ui: ui, form: edit)).render()
        let lines = frame.text
        expectFitted(lines, columns: columns)
        #expect(lines[1].hasPrefix(" New todo"))
        #expect(lines[3].hasPrefix(" Title     Buy milk"))
        #expect(lines[5].hasPrefix(" Priority  ‹ none ›"))
        #expect(lines[6].hasPrefix(">Due       tomorow"))
        #expect(lines[7].hasPrefix("           'tomorow' is not a date;"))
        #expect(lines.contains { $0.hasPrefix(" Repeat") })
        #expect(lines[15].hasPrefix(" Enter save · Esc cancel"))
        #expect(frame.cursor == ScreenFrame.Position(row: 6, column: 18))
    }

    @Test func theEditFormShowsTheTodoAndTheResolvedDate() {
        let todo = sampleTodos[0]
        var edit = TodoEditReactor(provider: uiProvider(), mode: .edit(todo)).initialState
        edit.fields.due = .tomorrow
        var form = FormState(TodoEditFields(todo))
        form[.due] = TextField("tomorrow")
        form.focus = .priority
        var ui = UIState()
        ui.mode = .form(form)
        let frame = UIScreen(screenInput(sampleTodos, ui: ui, form: edit)).render()
        #expect(frame.text[1].hasPrefix(" Edit 1: Buy milk"))
        #expect(frame.text[4].hasPrefix(" Note      Two litres, the organic one."))
        #expect(frame.text[5].hasPrefix(">Priority  ‹ high ›  ← → or h m l n"))
        #expect(frame.text[6].hasPrefix(" Due       tomorrow  2030-01-08"))
        #expect(frame.text[7].hasPrefix(" Tags      shop"))
        #expect(frame.cursor == nil, "the priority is chosen, not typed")
    }

    @Test(arguments: [80, 40])
    func theConfirmationModal(columns: Int) {
        let alert = Alert(
            title: "Delete \"Buy milk\"?", message: "It can be brought back with undo.",
            actions: [AlertAction(title: "Delete", style: .destructive), AlertAction(title: "Cancel", style: .cancel)])
        var ui = UIState()
        ui.alertChoice = 1
        let frame = UIScreen(screenInput(sampleTodos, rows: 14, columns: columns, ui: ui, alert: alert)).render()
        let lines = frame.text
        expectFitted(lines, columns: columns)
        #expect(lines.contains { $0.contains("│ Delete \"Buy milk\"?                │") })
        #expect(lines.contains { $0.contains("│   Delete (y)   [ Cancel (n) ]     │") })
        #expect(lines[2].hasPrefix(">1 [ ]"), "the list stays visible around the box")
        #expect(frame.cursor == nil)
        ui.alertChoice = 0
        #expect(
            screenText(screenInput(sampleTodos, rows: 14, columns: columns, ui: ui, alert: alert))
                .contains { $0.contains("│ [ Delete (y) ]   Cancel (n)       │") })
    }

    @Test func theModalWrapsOnNarrowTerminals() {
        let alert = Alert(
            title: "Really cancel?", message: "All changes will be lost, and nothing of what was typed is kept",
            actions: [AlertAction(title: "Leave", style: .destructive), AlertAction(title: "Stay", style: .cancel)])
        let lines = screenText(screenInput(sampleTodos, rows: 14, columns: 30, alert: alert))
        expectFitted(lines, columns: 30)
        #expect(lines.contains { $0.contains("Really cancel?") })
        #expect(lines.contains { $0.contains("[ Leave (y) ]") })
        #expect(lines.contains { $0.contains("  Stay (n)  ") }, "one answer per line when they do not fit")
    }

    @Test(arguments: [80, 40])
    func theHelpOverlay(columns: Int) {
        var ui = UIState()
        ui.mode = .help(scroll: 0)
        let lines = screenText(screenInput(sampleTodos, columns: columns, ui: ui))
        expectFitted(lines, columns: columns)
        #expect(lines[1].contains("┌─ Keys "))
        #expect(lines[2].contains("│ List "))
        #expect(lines[3].contains("│ ↑ k          move up "))
        #expect(lines[21].contains("└─ ↑↓ scroll · other keys close "))
        #expect(lines[23].hasPrefix(" ↑↓ scroll · any other key closes"))
        let size = TerminalSize(rows: 24, columns: columns)
        let end = UIScreen.helpMaxScroll(size: size)
        #expect(end > 0)
        ui.mode = .help(scroll: end)
        let scrolled = screenText(screenInput(sampleTodos, columns: columns, ui: ui))
        #expect(scrolled.contains { $0.contains("│ Ctrl-Z") }, "the last binding shows at the end")
    }

    @Test func helpFitsWithoutScrollingOnATallTerminal() {
        var ui = UIState()
        ui.mode = .help(scroll: 0)
        let lines = screenText(screenInput(sampleTodos, rows: 80, columns: 100, ui: ui))
        #expect(UIScreen.helpMaxScroll(size: TerminalSize(rows: 80, columns: 100)) == 0)
        #expect(lines.contains { $0.contains("└─ any key closes ") })
        #expect(lines.contains { $0.contains("Ctrl-Z") })
    }

    @Test func colourOnlyWhenStyleIsOn() {
        let frame = UIScreen(screenInput(sampleTodos)).render()
        let coloured = frame.lines.flatMap { $0.bytes(style: Style(isEnabled: true)) }
        let plain = frame.lines.flatMap { $0.bytes(style: Style(isEnabled: false)) }
        #expect(!plain.contains(0x1B))
        let text = String(decoding: coloured, as: UTF8.self)
        #expect(text.contains("\u{1B}[1;7m>"), "the selected row in reverse video")
        #expect(text.contains("\u{1B}[31;1m2030-01-03"), "an overdue date in red")
        #expect(text.contains("\u{1B}[36m+q1 +work"), "tags in cyan")
    }

    @Test func aDoneRowIsDimWithoutThePriorityColour() throws {
        let todos = [
            Todo.fixture(1, "Still open", priority: .high, due: "2029-12-01", tags: ["x"]),
            Todo.fixture(2, "Finished", isDone: true, priority: .high, due: "2029-12-01", tags: ["x"]),
        ]
        for columns in [40, 80] {
            let frame = UIScreen(screenInput(todos, columns: columns)).render()
            let done = try #require(frame.lines.first { $0.text.contains("Finished") })
            for span in done.spans.dropFirst() where !span.text.allSatisfy({ $0 == " " }) {
                #expect(span.codes == [.dim], "'\(span.text)' in \(span.codes) at \(columns) columns")
            }
            let pending = try #require(frame.lines.first { $0.text.contains("Still open") })
            #expect(pending.spans.contains { $0.codes.contains(.red) }, "a pending todo keeps its colours")
        }
    }

    @Test(arguments: [20, 40, 52])
    func aNarrowPaneShowsEveryDateLegibly(columns: Int) {
        let thisYear = [Todo.fixture(1, "Buy milk", due: "2030-01-08"), Todo.fixture(2, "Pay rent", due: "2030-12-01")]
        let thisYearLines = screenText(screenInput(thisYear, columns: columns))
        #expect(thisYearLines[2].hasPrefix(">1 [ ] 01-08 Buy"), "\(thisYearLines[2])")
        #expect(thisYearLines[3].hasPrefix(" 2 [ ] 12-01 Pay"), "\(thisYearLines[3])")
        let mixed =
            thisYear + [
                Todo.fixture(3, "Renew passport", due: "2031-03-02"), Todo.fixture(4, "Old one", due: "2028-05-06"),
            ]
        let lines = screenText(screenInput(mixed, columns: columns))
        #expect(lines[2].hasPrefix(">1 [ ] 2030-01-08 "), "\(lines[2])")
        #expect(lines[4].hasPrefix(" 3 [ ] 2031-03-02 "), "\(lines[4])")
        #expect(lines[5].hasPrefix(" 4 [ ] 2028-05-06 "), "\(lines[5])")
        expectFitted(lines, columns: columns)
        for line in lines { #expect(!line.contains("2031 ") && !line.contains("2028 "), "never a bare year: \(line)") }
    }
}

extension String {
    /// The text padded with spaces to `columns`.
    fileprivate func padding(_ columns: Int) -> String {
        DisplayWidth.pad(self, to: columns)
    }
}
