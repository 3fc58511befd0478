#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A todo as a filter sees it: its own fields, and whether it is blocked or blocking among the
/// other todos of its store.
struct TodoAmongOthers: FilterableTodo {
    let todo: Todo
    let relations: TodoRelations

    var id: Int { todo.id }
    var title: String { todo.title }
    var note: String? { todo.note }
    var tags: Set<String> { todo.tags }
    var project: String? { todo.project }
    var priority: Priority { todo.priority }
    var due: CalendarDay? { todo.due }
    var wait: CalendarDay? { todo.wait }
    var scheduled: CalendarDay? { todo.scheduled }
    var createdAt: Date { todo.createdAt }
    var completedAt: Date? { todo.completedAt }
    var annotationTexts: LazyMapSequence<[Annotation], String> { todo.annotations.lazy.map(\.text) }
    var isDone: Bool { todo.isDone }
    var isBlocked: Bool { relations.isBlocked(todo.id) }
    var isBlocking: Bool { relations.isBlocking(todo.id) }
    var isActive: Bool { todo.isActive }
    var isRecurring: Bool { todo.recurrence != nil }

    func isWaiting(today: CalendarDay) -> Bool { todo.isWaiting(today: today) }
}
