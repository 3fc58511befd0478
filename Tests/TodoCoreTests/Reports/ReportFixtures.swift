import Foundation
import TodoCoreTesting

@testable import TodoCore

/// Helpers for the reports' tests: instants written as ISO times, todos with only what a report
/// reads, clocks fixed at an instant.
enum Reports {
    /// The instant `text` (`2030-01-07T09:30:00Z`) names.
    static func at(_ text: String) -> Date {
        Timestamp.parse(text)!
    }

    /// ``Todo/fixture(_:_:isDone:priority:due:tags:note:project:createdAt:)`` titled `todo <id>`,
    /// created at `created` (an ISO time), done at `completed` when given, with the other times
    /// (ISO times) and days (`YYYY-MM-DD`) a report reads.
    static func todo(
        _ id: Int, created: String = "2030-01-07T09:30:00Z", completed: String? = nil, updated: String? = nil,
        started: String? = nil, due: String? = nil, project: String? = nil, tags: Set<String> = [],
        wait: String? = nil, depends: [Int] = [], isDone: Bool? = nil
    ) -> Todo {
        var todo = Todo.fixture(
            id, "todo \(id)", isDone: isDone ?? (completed != nil), due: due, tags: tags, project: project,
            createdAt: at(created))
        todo.completedAt = completed.map { at($0) }
        if let updated { todo.updatedAt = at(updated) }
        todo.wait = wait.map { day($0) }
        todo.depends = depends
        todo.startedAt = started.map { at($0) }
        return todo
    }

    /// A context at `now` (an ISO time) in a zone `utcOffset` seconds east of UTC, without dependencies.
    static func context(_ now: String, utcOffset: Int = 0) -> TodoContext {
        TodoContext(now: at(now), clock: .fixed(at: at(now), utcOffset: utcOffset), relations: .none)
    }

    /// Paris in 2030: UTC+1, and UTC+2 from 2030-03-31T01:00Z to 2030-10-27T01:00Z (the clocks go
    /// forward at 02:00 local on Sunday 31 March, a 23-hour day, and back at 03:00 on Sunday 27
    /// October, a 25-hour day).
    static let paris: @Sendable (Date) -> Int = { date in
        let summer = at("2030-03-31T01:00:00Z")...at("2030-10-27T00:59:59Z")
        return summer.contains(date) ? 7200 : 3600
    }

    /// A context at `now` (an ISO time) in Paris in 2030 (``paris``).
    static func parisContext(_ now: String) -> TodoContext {
        TodoContext(now: at(now), clock: TodoClock(now: { at(now) }, utcOffset: paris), relations: .none)
    }
}
