import TodoCore

/// What the report commands (`calendar`, `burndown`, `summary`, `history`, `projects`, `tags`)
/// share: the todos a filter selects, and the first day of a week.
extension CommandContext {
    /// Every todo `filter` selects, done ones included (a report counts both), in the store's
    /// order; without a filter, every todo as the store holds them (neither the relations among
    /// them nor an order are worked out: 100,000 todos, 20–30 ms less).
    func reportTodos(_ filter: TodoFilter) -> Result<[Todo], TodoError> {
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

    /// The first day of a week: `week.start` from the config file, Monday when it is not set or
    /// the file cannot be read (the command that reads the config reports its problems).
    var weekStart: Weekday {
        (try? TodoConfig.load(environment: terminal.environment))?.weekStart ?? .monday
    }

    /// Now and the clock, without the relations among the todos (the reports that count by
    /// time need no more, and reading them would read the store again).
    var todoContextWithoutRelations: TodoContext {
        TodoContext(now: provider.clock.now(), clock: provider.clock, relations: .none)
    }
}
