import TodoCore

/// What the report commands (`calendar`, `burndown`, `summary`, `history`, `projects`, `tags`)
/// share: the todos a filter selects, and the first day of a week.
extension CommandContext {
    /// Every todo `typed` selects within the report's configured filter and the active context
    /// (``reportFilter(_:typed:)``), done ones included (a report counts both), in the store's
    /// order; without a filter, every todo as the store holds them (neither the relations among
    /// them nor an order are worked out: 100,000 todos, 20–30 ms less).
    func reportTodos(_ typed: TodoFilter, report name: String) -> Result<[Todo], TodoError> {
        let filter = reportFilter(name, typed: typed)
        if filter.isEmpty {
            do {
                return .success(try provider.storageService.read { try $0.allTodos() })
            } catch {
                return .failure(
                    error as? TodoError
                        ?? .io(file: provider.storageService.location, operation: "read", reason: "\(error)"))
            }
        }
        var query = TodoQuery(status: .all)
        query.filter = filter
        var result: Result<[Todo], TodoError> = .success([])
        _ = provider.todoService.fetch(query).subscribe(
            onNext: { result = .success($0) },
            onError: { error in
                result = .failure(
                    error as? TodoError ?? .io(file: "", operation: "read", reason: String(describing: error)))
            })
        return result
    }

    /// The first day of a week: the config's `week.start` (Monday by default).
    var weekStart: Weekday { provider.weekStart }

    /// Now and the clock, without the relations among the todos (the reports that count by
    /// time need no more, and reading them would read the store again).
    var todoContextWithoutRelations: TodoContext {
        TodoContext(now: provider.clock.now(), clock: provider.clock, relations: .none)
    }
}
