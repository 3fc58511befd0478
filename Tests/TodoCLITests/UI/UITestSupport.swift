import Foundation
import TodoCore
import TodoCoreTesting

@testable import todo_cli

/// Monday 2030-01-07, 09:30 UTC: "today" in the UI tests.
let uiNow = TodoFixtures.now
/// The clock of the UI tests: always ``uiNow``, in UTC.
let uiClock = TodoClock.fixed(at: uiNow)
/// Today in the UI tests.
let uiToday = uiClock.today()

/// A provider over an in-memory store holding `todos`, on ``uiClock``.
func uiProvider(_ todos: [Todo] = [], alerts: AlertServiceType = UIAlertService()) -> TodoServiceProvider {
    TodoServiceProvider.inMemory(todos, clock: uiClock, alertService: alerts)
}

/// The input of the screen for `todos` (as the list reactor would hold them for `query`),
/// with the counts, and the detail of the selected todo.
func screenInput(
    _ todos: [Todo], rows: Int = 24, columns: Int = 80, ui: UIState = UIState(),
    query: TodoQuery = TodoQuery(status: .all), form: TodoEditReactor.State? = nil, alert: Alert? = nil
) -> UIScreen.Input {
    let provider = uiProvider()
    var list = TodoListReactor.State(query: query, today: uiToday)
    list.todos = query.apply(to: todos, today: uiToday)
    list.isLoaded = true
    let stats = TodoStats(todos: todos, today: uiToday)
    let layout = ListLayout(todos: list.todos)
    let detail = layout.todo(at: ui.selection).map { TodoRowReactor(provider: provider, todo: $0).initialState }
    return UIScreen.Input(
        size: TerminalSize(rows: rows, columns: columns), list: list, layout: layout, stats: stats, detail: detail,
        form: form, alert: alert, ui: ui, clock: uiClock)
}

/// The screen's lines for `input`, without styles.
func screenText(_ input: UIScreen.Input) -> [String] {
    UIScreen(input).render().text
}

/// A sample list: priorities, dates (one overdue), tags, a done todo, a note.
let sampleTodos: [Todo] = [
    Todo.fixture(
        1, "Buy milk", priority: .high, due: "2030-01-08", tags: ["shop"], note: "Two litres, the organic one."),
    Todo.fixture(2, "Write the quarterly report for the board meeting", due: "2030-01-03", tags: ["work", "q1"]),
    Todo.fixture(3, "Call mum", isDone: true, priority: .low),
    Todo.fixture(4, "Water plants"),
]
