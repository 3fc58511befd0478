import Foundation
import TodoCore

/// `TodoStoreBenchmarks reports [SIZES…]` (default 100000): times the data behind `todo next`,
/// `calendar`, `summary`, `burndown`, `history`, `projects`, `tags` and `stats` (issue 19) over
/// N todos read from a store, each with its `--json` text, against a pass over the same array
/// that reads the fields the reports read (the floor), in the same run; and reading the store,
/// which every command pays first. The clock is the system's in Europe/Paris (`TZ`), so the
/// time zone's offsets are looked up as a command looks them up.
func runReportsBenchmark(sizes: [Int]) throws {
    setenv("TZ", "Europe/Paris", 1)
    tzset()
    print(
        "TodoStoreBenchmarks reports: release build, medians of 15 runs: the thread's CPU time, then the wall-clock time"
    )
    for size in sizes {
        let folder = NSTemporaryDirectory() + "todo-reports-bench-\(getpid())-\(size)"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/todos.json"
        let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: path))
        var failure: Error?
        _ = provider.todoService.importTodos(makeReportTodos(size)).subscribe(onError: { failure = $0 })
        if let failure { throw failure }
        var todos: [Todo] = []
        var kept: [JSONFileTodoStorage] = []
        let read = try time(runs: 5) {
            let storage = JSONFileTodoStorage(path: path)
            todos = try storage.read { try $0.allTodos() }
            kept.append(storage)
        }
        kept.removeAll()

        // Now: a day after the last todo was created, in the machine's (Paris) time zone.
        let now = reportsBase.addingTimeInterval(Double(size) * reportsSpacing + 86_400)
        let clock = TodoClock(now: { now }, utcOffset: TodoClock.system.utcOffset)
        let bareContext = TodoContext(now: now, clock: clock, relations: .none)
        let month = CalendarMonth(containing: bareContext.today)
        let pending = todos.filter { !$0.isDone }.count
        let active = todos.filter(\.isActive).count
        let waiting = todos.filter { $0.isWaiting(today: bareContext.today) }.count
        print(
            "\n\(size) todos (\(pending) not done, \(active) active, \(waiting) waiting), created over "
                + "\(Int(Double(size) * reportsSpacing / 86_400)) days; today \(bareContext.today)")
        print("  read all (new storage)                           \(milliseconds(read.median))   (wall clock)")

        func measure(_ name: String, _ body: () throws -> Int) rethrows {
            var cpu: [Double] = []
            var result = 0
            let wall = try time(runs: 15) {
                let start = threadCPUTime()
                result = try body()
                cpu.append((threadCPUTime() - start) * 1000)
            }
            let label = name.padding(toLength: 48, withPad: " ", startingAt: 0)
            print("  \(label) \(milliseconds(cpu.sorted()[cpu.count / 2]))  \(milliseconds(wall.median))   \(result)")
        }

        measure("floor: a pass reading done, created, due, project") {
            var sum = 0
            for todo in todos {
                sum &+= todo.isDone ? 1 : 0
                sum &+= Int(todo.createdAt.timeIntervalSince1970)
                sum &+= todo.due?.day ?? 0
                sum &+= todo.project == nil ? 0 : 1
            }
            return sum & 0xFFFF
        }
        measure("  the same without project (in its own box)") {
            var sum = 0
            for todo in todos {
                sum &+= todo.isDone ? 1 : 0
                sum &+= Int(todo.createdAt.timeIntervalSince1970)
                sum &+= todo.due?.day ?? 0
            }
            return sum & 0xFFFF
        }
        measure("context (relations among every todo)") {
            TodoContext(todos: todos, clock: clock).relations.blocked.count
        }
        let context = TodoContext(todos: todos, clock: clock)
        // `next` as the service fetches it (the context and the query inside TodoCore, as the
        // command runs them), over the todos in memory.
        let memory = TodoServiceProvider(storage: InMemoryTodoStorage(todos: todos), clock: clock)
        func fetch(_ query: TodoQuery, in provider: TodoServiceProvider) throws -> [Todo] {
            var result: Result<[Todo], Error>?
            _ = provider.todoService.fetch(query).subscribe(
                onNext: { result = .success($0) }, onError: { result = .failure($0) })
            return try result!.get()
        }
        var nextQuery = TodoQuery.next
        nextQuery.limit = 50
        try measure("next: 50 most urgent (context + query)") {
            try fetch(nextQuery, in: memory).count
        }
        try measure("next: 50 most urgent + --json") {
            TodoJSONOutput.arrayBytes(try fetch(nextQuery, in: memory), context: context).count
        }
        let pendingTodos = todos.filter { !$0.isDone && !$0.isWaiting(today: context.today) }
        measure("  of which: the urgency of each pending todo") {
            var sum = 0.0
            for todo in pendingTodos { sum += context.urgency(of: todo) }
            return Int(sum) & 0xFFFF
        }
        try measure("next: every pending todo (context + query)") {
            try fetch(TodoQuery.next, in: memory).count
        }
        measure("calendar: 1 month") {
            CalendarReport(todos: todos, from: month, today: context.today).months[0].days.count
        }
        measure("calendar: 3 months + --json") {
            TodoJSONOutput.calendar(
                CalendarReport(todos: todos, from: month, months: 3, today: context.today)
            ).utf8.count
        }
        measure("summary") {
            SummaryReport(todos: todos, now: now).lines.count
        }
        measure("summary + --json") {
            TodoJSONOutput.summary(SummaryReport(todos: todos, now: now)).utf8.count
        }
        for period in ReportPeriod.allCases {
            measure("burndown by \(period)") {
                BurndownReport(todos: todos, context: context, period: period).counts.count
            }
        }
        measure("burndown by day + --json") {
            TodoJSONOutput.burndown(BurndownReport(todos: todos, context: context)).utf8.count
        }
        measure("history by month + --json") {
            TodoJSONOutput.history(HistoryReport(todos: todos, context: context)).utf8.count
        }
        measure("history by week") {
            HistoryReport(todos: todos, context: context, period: .week).counts.count
        }
        measure("tags + --json") {
            TodoJSONOutput.tags(TagsReport(todos: todos)).utf8.count
        }
        measure("stats (blocked worked out in its pass) + --json") {
            TodoJSONOutput.stats(TodoStats(todos: todos, today: context.today)).utf8.count
        }

        // What a command does after starting: read the store (once), work out the report, write
        // its JSON. What was read is kept until after the timing, as a process that exits never
        // frees it.
        var readings: [(JSONFileTodoStorage, [Todo])] = []
        func command(_ name: String, _ report: ([Todo]) throws -> Int) throws {
            try measure("read + \(name)") {
                let storage = JSONFileTodoStorage(path: path)
                let todos = try storage.read { try $0.allTodos() }
                readings.append((storage, todos))
                return try report(todos)
            }
            readings.removeAll()
        }
        try command("context + next (50) + --json") { todos in
            let context = TodoContext(todos: todos, clock: clock)
            return TodoJSONOutput.arrayBytes(try nextQuery.apply(to: todos, context: context), context: context).count
        }
        let bare = { (todos: [Todo]) in
            _ = todos; return TodoContext(now: now, clock: clock, relations: .none)
        }
        try command("calendar (3 months) + --json") { todos in
            TodoJSONOutput.calendar(CalendarReport(todos: todos, from: month, months: 3, today: bare(todos).today))
                .utf8.count
        }
        try command("summary + --json") { todos in
            TodoJSONOutput.summary(SummaryReport(todos: todos, now: now)).utf8.count
        }
        try command("burndown by day + --json") { todos in
            TodoJSONOutput.burndown(BurndownReport(todos: todos, context: bare(todos))).utf8.count
        }
        let burndown = BurndownReport(todos: todos, context: context, period: .week)
        print("  (burndown by week: \(burndown.counts.count) weeks, estimate \(burndown.estimate))")
        withExtendedLifetime(provider) {}
    }
}

/// The first todo's creation: 2030-01-01T00:00:00Z.
let reportsBase = Date(timeIntervalSince1970: 1_893_456_000)
/// Seconds between two todos' creations: 100,000 todos span two years.
let reportsSpacing = 630.0

/// The todos of ``makeTodos(_:)`` spread over time as a store that has been used for a while:
/// one created every 10.5 minutes (100,000 over two years), the done ones (a third) completed
/// 0 to 29 days later; due days around the creation (from 10 days before to 50 after); a
/// project for six in seven (`Work`, `Work.Ops`, `Work.Ops.Infra`, `Home`, `Home.Garden`,
/// `Errands`), one pending todo in 17 started, one in 13 waiting until 30 days after its
/// creation, one in 50 depending on the todo before it.
func makeReportTodos(_ count: Int) -> [ImportedTodo] {
    let projects: [String?] = ["Work", "Work.Ops", "Work.Ops.Infra", "Home", "Home.Garden", "Errands", nil]
    return makeTodos(count).enumerated().map { index, todo in
        var todo = todo
        let created = reportsBase.addingTimeInterval(Double(index) * reportsSpacing)
        let createdDay = CalendarDay(daysSinceEpoch: Int(created.timeIntervalSince1970) / 86_400)
        todo.id = index + 1
        todo.createdAt = created
        todo.updatedAt = created
        if todo.isDone {
            todo.completedAt = created.addingTimeInterval(Double(index % 30) * 86_400 + 3_600)
            todo.updatedAt = todo.completedAt
        } else {
            if index % 17 == 2 { todo.startedAt = created.addingTimeInterval(7_200) }
            if index % 13 == 1 { todo.wait = createdDay.adding(days: 30) }
        }
        if todo.due != nil { todo.due = createdDay.adding(days: index % 60 - 10) }
        todo.project = projects[index % projects.count]
        if index % 50 == 49 { todo.depends = [index] }
        return todo
    }
}
