import Foundation
import Testing
import TodoCore
import TodoCoreTesting

@testable import todo_cli

/// The UI's state machine wired to the real reactors over a store: keys in, the store and the
/// screen out — everything `todo ui` does but reading the terminal.
@Suite struct UISessionTests {
    let alerts = UIAlertService()
    let provider: TodoServiceProvider
    let session: UISession

    init() {
        provider = uiProvider(sampleTodos, alerts: alerts)
        session = UISession(
            shell: AppShell(provider: provider), alerts: alerts, size: TerminalSize(rows: 24, columns: 80))
    }

    /// Every stored todo, in the manual order.
    func stored(_ provider: TodoServiceProvider? = nil) -> [Todo] {
        var todos: [Todo] = []
        _ = (provider ?? self.provider).todoService.fetch(TodoQuery(status: .all)).subscribe(onNext: { todos = $0 })
        return todos
    }

    func todo(_ id: Int) -> Todo? { stored().first { $0.id == id } }

    func typing(_ text: String) -> [Key] { text.map(Key.character) }

    var screen: [String] { session.frame().text }

    var message: String { screen[23].trimmingCharacters(in: " ") }

    @Test func theCalendarViewStartsItsWeeksOnTheConfiguredDay() {
        for (weekStart, header) in [(Weekday.monday, "Mo Tu We Th Fr Sa Su"), (.sunday, "Su Mo Tu We Th Fr Sa")] {
            let provider = TodoServiceProvider(
                storage: InMemoryTodoStorage(todos: sampleTodos), alertService: alerts, clock: uiClock,
                weekStart: weekStart)
            let session = UISession(
                shell: AppShell(provider: provider), alerts: alerts, size: TerminalSize(rows: 24, columns: 80))
            session.handle([.character("4")])
            let screen = session.frame().text
            let squeezed = screen.map {
                $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            }
            #expect(squeezed.contains { $0.contains(header) }, "\(weekStart): \(screen.joined(separator: "\n"))")
        }
    }

    @Test func startsOnEveryTodoWithTheFirstSelected() {
        #expect(session.startError == nil)
        #expect(screen[2].hasPrefix(">1 [ ] high 2030-01-08 Buy milk"))
        #expect(screen[6].hasPrefix(" 3 [x] low"))
        #expect(session.row?.currentState.id == 1)
        #expect(screen[22].hasPrefix(" 3 pending · 1 done · 1 overdue"))
    }

    @Test func addingThroughTheForm() {
        session.handle([.character("a")] + typing("Buy oat milk") + [.tab, .tab, .character("h"), .tab])
        session.handle(typing("tomorrow") + [.tab] + typing("shop home") + [.tab] + typing("weekly"))
        #expect(screen[1].hasPrefix(" New todo"))
        #expect(screen[6].hasPrefix(" Due       tomorrow  2030-01-08"))
        session.handle([.enter])
        let added = todo(5)
        #expect(added?.title == "Buy oat milk")
        #expect(added?.priority == .high)
        #expect(added?.due == (try? CalendarDay(parsing: "2030-01-08")))
        #expect(added?.tags == ["shop", "home"])
        #expect(added?.recurrence == .weekly)
        #expect(session.form == nil)
        #expect(message == "Added 5: Buy oat milk")
        #expect(screen.contains { $0.hasPrefix(">5 [ ] high 2030-01-08 Buy oat milk") }, "the new todo is selected")
        #expect(screen[22].hasPrefix(" 4 pending · 1 done"), "the counts follow")
    }

    @Test func editingThroughTheForm() {
        session.handle([.character("j"), .character("j"), .character("e"), .control("u")] + typing("Water all plants"))
        session.handle([.tab, .tab, .tab] + typing("+3d") + [.enter])
        #expect(todo(4)?.title == "Water all plants")
        #expect(todo(4)?.due == (try? CalendarDay(parsing: "2030-01-10")))
        #expect(message == "Saved 4: Water all plants")
        #expect(screen.contains { $0.hasPrefix(">4 [ ]      2030-01-10 Water all plants") })
        #expect(screen.contains { $0.hasPrefix(" 4  Water all plants") }, "the detail follows the bus")
    }

    @Test func invalidFieldsKeepTheFormOpen() {
        session.handle([.character("a"), .enter])
        #expect(session.form != nil)
        #expect(screen.contains { $0.contains("blank") }, "\(screen)")
        session.handle(typing("Fine") + [.tab, .tab, .tab] + typing("someday") + [.enter])
        #expect(session.form != nil)
        #expect(screen.contains { $0.contains("'someday' is not a date") })
        #expect(stored().count == 4)
        session.handle([.control("u"), .enter])
        #expect(session.form == nil)
        #expect(todo(5)?.title == "Fine")
    }

    @Test func spaceTogglesDoneAndTheNextTodoComesUnderTheCursor() {
        session.handle([.character(" ")])
        #expect(todo(1)?.isDone == true)
        #expect(message == "Completed 1: Buy milk")
        #expect(screen[2].hasPrefix(">2 [ ]"))
        #expect(screen.contains { $0.hasPrefix(" 1 [x] high") }, "now among the done ones")
        session.handle([.character("G"), .character("k"), .character(" ")])
        #expect(todo(1)?.isDone == false, "done todos in the manual order: 1, then 3")
        #expect(message == "Reopened 1: Buy milk")
    }

    @Test func deletingAsksFirstThenUndoBringsItBack() {
        session.handle([.character("d")])
        #expect(alerts.current?.title == "Delete \"Buy milk\"?")
        #expect(screen.contains { $0.contains("[ Cancel (n) ]") }, "the safe answer is chosen")
        session.handle([.character("n")])
        #expect(alerts.current == nil)
        #expect(todo(1) != nil)
        #expect(message == "Nothing was deleted.")
        session.handle([.character("d"), .character("y")])
        #expect(todo(1) == nil)
        #expect(message == "Deleted 1: Buy milk (u undoes)")
        #expect(screen[2].hasPrefix(">2 [ ]"))
        session.handle([.character("u")])
        #expect(todo(1)?.title == "Buy milk")
        #expect(message == "Undid deleting 1: Buy milk")
        session.handle([.character("d"), .tab, .enter])
        #expect(todo(2) == nil, "Tab then Enter gives the other answer")
    }

    @Test func cancellingAFormAsksOnlyWhenSomethingChanged() {
        session.handle([.character("a"), .escape])
        #expect(session.form == nil)
        #expect(alerts.current == nil)
        session.handle([.character("a"), .character("x"), .escape])
        #expect(alerts.current?.title == "Really cancel?")
        #expect(screen.contains { $0.contains("All changes will be lost") })
        session.handle([.character("n")])
        #expect(session.form != nil, "Stay")
        #expect(screen.contains { $0.hasPrefix(">Title     x") })
        session.handle([.escape, .character("y")])
        #expect(session.form == nil, "Leave")
        #expect(stored().count == 4)
    }

    @Test func searchFiltersAsYouType() {
        session.handle([.character("/")] + typing("milk"))
        #expect(session.list.currentState.query.filter == (try? TodoFilter(parsing: ["milk"])))
        #expect(session.list.currentState.todos.map(\.id) == [1])
        #expect(screen[23].hasPrefix("/milk"))
        session.handle([.backspace, .backspace, .backspace, .backspace] + typing("o"))
        #expect(session.list.currentState.todos.map(\.id) == [1, 2], "the note of 1 has an o")
        session.handle([.enter])
        #expect(screen[0].hasPrefix(" todo  all · by position · /o"))
        session.handle([.escape])
        #expect(session.list.currentState.query.filter.isEmpty)
        #expect(session.list.currentState.todos.count == 4)
    }

    @Test func aBlockedTodoIsMarkedFromTheStoresDependencies() throws {
        var blocked = Todo.fixture(5, "Paint the fence")
        blocked.depends = [4]
        let blockedSession = UISession(
            shell: AppShell(provider: uiProvider(sampleTodos + [blocked], alerts: alerts)), alerts: alerts,
            size: TerminalSize(rows: 24, columns: 80))
        defer { blockedSession.tearDown() }
        let screen = blockedSession.frame().text
        #expect(screen.contains { $0.hasPrefix(" 5 [b]") }, "\(screen)")
        blockedSession.handle([.character("/")] + typing("fence"))
        #expect(blockedSession.frame().text[2].hasPrefix(">5 [b]"), "blocked by 4, which the filter leaves out")
    }

    @Test func theActiveContextNarrowsTheList() throws {
        let work = TodoConfig.Context(name: "work", filter: try TodoFilter(parsing: ["+work", "or", "+shop"]))
        let narrowed = UISession(
            shell: AppShell(provider: uiProvider(sampleTodos, alerts: alerts)), alerts: alerts,
            size: TerminalSize(rows: 24, columns: 80), activeContext: work)
        defer { narrowed.tearDown() }
        #expect(narrowed.list.currentState.todos.map(\.id) == [1, 2])
        #expect(narrowed.frame().text[22].hasPrefix(" context: work · "))
        narrowed.handle([.character("/")] + typing("milk"))
        #expect(narrowed.list.currentState.todos.map(\.id) == [1])
        narrowed.handle([.enter, .character("/"), .end] + typing(" or mum"))
        #expect(narrowed.list.currentState.todos.map(\.id) == [1], "mum is outside the context")
        narrowed.handle([.escape])
        #expect(narrowed.list.currentState.todos.map(\.id) == [1, 2], "Esc keeps the context")
    }

    @Test func switchingViews() throws {
        session.handle([.character("2")])
        #expect(session.list.currentState.query.sort == .urgency)
        #expect(session.list.currentState.todos.allSatisfy { !$0.isDone })
        #expect(screen[0].hasPrefix(" todo  next · pending · by urgency"))
        session.handle([.character("3")])
        #expect(screen[0].hasPrefix(" todo  projects"))
        #expect(screen[2].hasPrefix(">(none)"), "\(screen)")
        session.handle([.character("4")])
        #expect(screen.contains { $0.contains("January 2030") })
        session.handle([.character("1")])
        #expect(session.list.currentState.query == TodoQuery(status: .all))
        #expect(screen[2].hasPrefix(">1 [ ] high"))
    }

    @Test func theSearchTakesTheFilterLanguage() {
        session.handle([.character("/")] + typing("+shop or +work"))
        #expect(session.list.currentState.todos.map(\.id).sorted() == [1, 2])
        session.handle(typing(" prioity:low"))
        #expect(screen[22].hasPrefix(" filter: "), "\(screen[22])")
        #expect(session.state.filterText == "+shop or +work prioity", "the last filter that parsed")
        #expect(session.list.currentState.todos.map(\.id) == [1])
        session.handle([.enter])
        #expect(screen[0].hasPrefix(" todo  all · by position · /+shop or +work prioity"))
        #expect(screen.contains { $0.hasPrefix(" Filter not applied: ") })
    }

    @Test func filteringByATag() {
        session.handle([.character("t"), .tab, .tab])
        #expect(screen[23].hasPrefix("tag: shop"))
        session.handle([.enter])
        #expect(session.list.currentState.query.tag == "shop")
        #expect(session.list.currentState.todos.map(\.id) == [1])
        session.handle([.escape])
        #expect(session.list.currentState.query.tag == nil)
    }

    @Test func moveKeysReorderAndTheSelectionFollows() {
        session.handle([.character("J")])
        #expect(stored().filter { !$0.isDone }.map(\.id) == [2, 1, 4])
        #expect(screen[3].hasPrefix(">1 [ ]"))
        #expect(message == "Moved 1: Buy milk")
        session.handle([.character("J"), .character("K"), .character("K")])
        #expect(stored().filter { !$0.isDone }.map(\.id) == [1, 2, 4])
    }

    @Test func sortingKeepsTheSelectedTodo() {
        session.handle([.character("j"), .character("j")])  // 4: Water plants, no date
        session.handle([.character("s")])  // by due: 2 (overdue), 1, then 4
        #expect(session.list.currentState.query.sort == .due)
        #expect(screen[4].hasPrefix(">4 [ ]"))
    }

    @Test func theDetailFollowsTheSelection() {
        session.handle([.down])
        #expect(session.row?.currentState.id == 2)
        #expect(screen.contains { $0.hasPrefix(" 2  Write the quarterly report") })
        session.handle([.character("G")])
        #expect(session.row?.currentState.id == 3)
    }

    @Test func changesMadeElsewhereAppear() {
        _ = provider.todoService.create(TodoDraft(title: "From another front end")).subscribe()
        session.refresh()
        #expect(screen.contains { $0.hasPrefix(" 5 [ ]") && $0.contains("From another front end") })
        #expect(screen[2].hasPrefix(">1"), "the selection stays")
        #expect(screen[22].hasPrefix(" 4 pending"))
    }

    @Test func quittingAnswersWaitingQuestionsWithNo() {
        session.handle([.character("d"), .control("c")])
        #expect(session.isQuitting)
        session.tearDown()
        #expect(alerts.current == nil)
        #expect(todo(1) != nil)
    }

    @Test func helpAndRedrawAndSuspendAreForTheLoop() {
        session.handle([.character("?")])
        #expect(screen[1].contains("┌─ Keys"))
        session.handle([.escape, .control("l"), .control("z")])
        #expect(session.needsRedraw)
        #expect(session.needsSuspend)
    }

    @Test func aResizeLaysTheScreenOutAgain() {
        session.resize(to: TerminalSize(rows: 10, columns: 40))
        #expect(screen.count == 10)
        #expect(screen.allSatisfy { DisplayWidth.of($0) == 40 })
    }
}

/// `todo ui` on a JSON file that another process writes: the store watcher publishes the
/// change, and the session shows it.
@Suite struct UISessionFileStoreTests {
    let folder: String

    init() throws {
        folder = NSTemporaryDirectory() + "todo-ui-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    func provider(alerts: AlertServiceType = UnavailableAlertService(), faults: String? = nil) -> TodoServiceProvider {
        var options = JSONFileTodoStorage.Options(lockTimeout: 5)
        if let faults { options.faults = StoreFaults(parsing: faults)! }
        return TodoServiceProvider(
            storage: JSONFileTodoStorage(path: folder + "/todos.json", options: options), alertService: alerts,
            clock: uiClock)
    }

    @Test func anotherProcesssChangeAppearsAfterTheWatchersCheck() throws {
        let other = provider()
        _ = other.todoService.create(TodoDraft(title: "First")).subscribe()
        let alerts = UIAlertService()
        let mine = provider(alerts: alerts)
        let session = UISession(
            shell: AppShell(provider: mine), alerts: alerts, size: TerminalSize(rows: 24, columns: 80))
        let watcher = TodoStoreWatcher(provider: mine)
        #expect(!watcher.check())
        _ = other.todoService.create(TodoDraft(title: "Added by another process")).subscribe()
        #expect(watcher.check())
        session.refresh()
        #expect(session.frame().text.contains { $0.contains("2 [ ] Added by another process") })
        #expect(session.frame().text[2].hasPrefix(">1 [ ] First"))
        session.handle([.character(" ")])
        #expect(!watcher.check(), "our own change is not news")
        session.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func aFailedWriteIsAnErrorMessageAndChangesNothing() throws {
        let other = provider()  // kept: its services hold it unowned
        _ = other.todoService.create(TodoDraft(title: "First")).subscribe()
        let alerts = UIAlertService()
        let failing = provider(alerts: alerts, faults: "write:ENOSPC")
        let session = UISession(
            shell: AppShell(provider: failing), alerts: alerts, size: TerminalSize(rows: 24, columns: 80))
        session.handle([.character(" ")])
        let lines = session.frame().lines
        let message = lines[22...].map { $0.text.trimmingCharacters(in: " ") }.joined(separator: " ")
        #expect(message.hasPrefix("cannot write"), "a long message takes two lines: \(message)")
        #expect(message.contains("no space left on the device"), "\(message)")
        #expect(lines[21].text.hasPrefix(" 1 pending"), "the status line above it")
        #expect(lines[23].spans.first?.codes == [.red, .bold])
        #expect(session.list.currentState.todos.first?.isDone == false)
        session.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func aDamagedStoreIsAStartError() throws {
        try "{not json".write(toFile: folder + "/todos.json", atomically: true, encoding: .utf8)
        let alerts = UIAlertService()
        let damaged = provider(alerts: alerts)
        let session = UISession(
            shell: AppShell(provider: damaged), alerts: alerts, size: TerminalSize(rows: 24, columns: 80))
        #expect(session.startError?.category == .damagedData)
        session.tearDown()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
