import Foundation
import TodoCore

extension Todo {
    /// A todo for tests: id `id`, UUID ``TodoFixtures/uuid(_:)`` of `id`, created at
    /// ``TodoFixtures/now`` (and completed then, when done), at position `id × 1024`.
    ///
    /// ```swift
    /// let todos = [
    ///     Todo.fixture(1, "Buy milk", priority: .high, due: "2030-01-08", tags: ["shop"]),
    ///     Todo.fixture(2, "Call mum", isDone: true),
    /// ]
    /// ```
    ///
    /// - Parameters:
    ///   - id: The todo's id.
    ///   - title: Its title; `Todo <id>` by default.
    ///   - isDone: Whether it is done.
    ///   - priority: Its priority.
    ///   - due: Its due day as `YYYY-MM-DD`, or `nil`.
    ///   - tags: Its tags.
    ///   - note: Its note.
    ///   - project: Its project (`Home.Garden`), or `nil`.
    ///   - createdAt: When it was created (and updated, and completed when done).
    /// - Returns: The todo.
    public static func fixture(
        _ id: Int = 1, _ title: String? = nil, isDone: Bool = false, priority: Priority = .none, due: String? = nil,
        tags: Set<String> = [], note: String? = nil, project: String? = nil, createdAt: Date = TodoFixtures.now
    ) -> Todo {
        Todo(
            id: id, uuid: TodoFixtures.uuid(id), title: title ?? "Todo \(id)", note: note, isDone: isDone,
            priority: priority, due: due.map(TodoFixtures.day), tags: tags, createdAt: createdAt,
            completedAt: isDone ? createdAt : nil, position: id * 1024, project: project)
    }
}
