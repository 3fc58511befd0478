import Foundation

@testable import TodoCore

/// A todo as filters read it, with every field settable (the model's `Todo` does not have them
/// all yet).
struct SampleTodo: FilterableTodo {
    var id: Int
    var title: String
    var note: String?
    var tags: Set<String> = []
    var project: String?
    var priority: Priority = .none
    var due: CalendarDay?
    var wait: CalendarDay?
    var scheduled: CalendarDay?
    var createdAt: Date = monday
    var completedAt: Date?
    var annotations: [String] = []
    var isDone = false
    var isBlocked = false
    var isBlocking = false
    var isActive = false
    var isRecurring = false

    init(_ id: Int, _ title: String = "todo") {
        self.id = id
        self.title = title
    }

    var annotationTexts: [String] { annotations }

    /// A copy changed by `change`.
    func with(_ change: (inout SampleTodo) -> Void) -> SampleTodo {
        var copy = self
        change(&copy)
        return copy
    }
}

/// The ids of the todos of `todos` that `words` keep, as seen on `today` in a zone `utcOffset`
/// seconds east of UTC.
func keptIDs(
    _ words: [String], in todos: [SampleTodo], today: CalendarDay = day("2030-01-31"), weekStart: Weekday = .monday,
    utcOffset: Int = 0
) throws -> [Int] {
    let matcher = try TodoFilter(parsing: words).compiled(
        today: today, weekStart: weekStart, utcOffset: { _ in utcOffset })
    return matcher.filter(todos).map(\.id)
}

/// The normal form of `words`.
func normal(_ words: [String]) throws -> String {
    try TodoFilter(parsing: words).description
}

/// The error reading `words` gives, or `nil` when they read.
func filterError(_ words: [String]) -> TodoFilterError? {
    do {
        _ = try TodoFilter(parsing: words)
        return nil
    } catch {
        return error
    }
}
