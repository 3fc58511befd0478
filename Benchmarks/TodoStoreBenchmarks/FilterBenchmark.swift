import Foundation
import TodoCore

/// `TodoStoreBenchmarks filter [SIZES…]` (default 100000): times TodoFilter over N todos in
/// memory — resolving the filter's dates once, then testing every todo — for a few filters, the
/// three-term one of issue 18 first (target: well under 100 ms for 100,000 todos). The todos are
/// of a type of this module, so TodoCore's generic evaluation runs unspecialized, as it does for
/// any front end's own type.
func runFilterBenchmark(sizes: [Int]) throws {
    let week = (try? DateInput(parsing: "eow")) != nil ? "eow" : "sunday"
    let filters: [[String]] = [
        [],  // the floor: a loop over the todos that tests nothing
        ["project:Work", "+urgent", "or", "due.before:\(week)"],
        ["milk"],
        ["MILK", "or", "passport", "or", "lisbon"],
        ["not", "status:done", "is:overdue", "-home"],
        ["pri:h", "project.has:ops", "(+work", "or", "+urgent)"],
        ["created.after:2030-01-15", "completed:none", "due:any"],
        ["3-500,7000-9000", "or", "+q1"],
    ]
    print(
        "TodoStoreBenchmarks filter: release build, medians of 21 runs (resolving the dates, then every todo): "
            + "the thread's CPU time, then the wall-clock time")
    let today = try CalendarDay(parsing: "2030-01-31")
    for size in sizes {
        let todos = makeFilterableTodos(size)
        print("\n\(size) todos")
        for words in filters {
            let filter = try TodoFilter(parsing: words)
            var kept = 0
            var cpu: [Double] = []
            let wall = try time(runs: 21) {
                let start = threadCPUTime()
                let matcher = try filter.compiled(today: today, utcOffset: { _ in 3600 })
                kept = 0
                for index in todos.indices where matcher.matches(todos[index]) { kept += 1 }
                cpu.append((threadCPUTime() - start) * 1000)
            }
            let line = (words.isEmpty ? "(no terms)" : words.joined(separator: " ")).padding(
                toLength: 52, withPad: " ", startingAt: 0)
            print("  \(line) \(milliseconds(cpu.sorted()[cpu.count / 2]))  \(milliseconds(wall.median))   \(kept) kept")
        }
    }
}

/// The CPU time of the calling thread, in seconds.
func threadCPUTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// A todo with every field a filter reads, as a front end's own type would be.
struct FilterableBenchmarkTodo: FilterableTodo {
    var id: Int
    var title: String
    var note: String?
    var tags: Set<String>
    var project: String?
    var priority: Priority
    var due: CalendarDay?
    var wait: CalendarDay?
    var scheduled: CalendarDay?
    var createdAt: Date
    var completedAt: Date?
    var annotationTexts: [String]
    var isDone: Bool
    var isBlocked: Bool
    var isBlocking: Bool
    var isActive: Bool
    var isRecurring: Bool
}

/// The todos of ``makeTodos(_:)`` with a project for four in five (`Work`, `Work.Ops`, `Home`,
/// `Home.Garden`), `urgent` on one in seven, an annotation on one in eight.
func makeFilterableTodos(_ count: Int) -> [FilterableBenchmarkTodo] {
    let projects: [String?] = ["Work", "Work.Ops", "Home", "Home.Garden", nil]
    return makeTodos(count).enumerated().map { index, todo in
        var tags = todo.tags
        if index % 7 == 0 { tags.insert("urgent") }
        if index % 11 == 0 { tags.insert("home") }
        return FilterableBenchmarkTodo(
            id: index + 1, title: todo.title, note: todo.note, tags: tags, project: projects[index % 5],
            priority: todo.priority, due: todo.due, wait: index % 13 == 0 ? todo.due : nil, scheduled: nil,
            createdAt: todo.createdAt ?? Date(timeIntervalSince1970: 0), completedAt: todo.completedAt,
            annotationTexts: index % 8 == 0 ? ["Asked about it on the phone"] : [], isDone: todo.isDone,
            isBlocked: false, isBlocking: false, isActive: index % 17 == 0, isRecurring: false)
    }
}
