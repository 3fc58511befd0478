#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A todo.txt line as a todo to import.
extension TodoTxtLine {
    /// The imported todo: days become local midnights; a done todo without a creation date is
    /// taken as created when it was completed, and as last changed when it was completed. Its
    /// precision is ``ImportedTodo/Precision/lineWithDays``.
    func importedTodo(utcOffset: (Date) -> Int) -> ImportedTodo {
        let completedAt = isDone ? completion?.start(utcOffset: utcOffset) : nil
        let createdAt = creation?.start(utcOffset: utcOffset) ?? completedAt
        return ImportedTodo(
            title: title, note: noteLines.isEmpty ? nil : noteLines.joined(separator: "\n"), isDone: isDone,
            priority: priority, due: due, tags: tags, createdAt: createdAt, updatedAt: completedAt,
            completedAt: completedAt, recurrence: recurrence, precision: .lineWithDays)
    }
}
