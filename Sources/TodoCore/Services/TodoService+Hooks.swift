/// Hooks: every change the service writes runs the provider's hooks (``TodoServiceProviderType/hooks``).
extension TodoService {
    /// ``TodoStorageType/write(_:)`` with the provider's hooks: `on-add` and `on-modify` run on the
    /// change `body` returns before it is written (under the store's lock: what they print is what
    /// is written, and a refusal writes nothing), `on-exit` after it is written. A move runs none
    /// (the manual order is not part of a todo object); an undo runs `on-exit` only (it puts back
    /// what was, which hooks accepted then).
    func hookedWrite<Result: HookAdjustable>(
        _ body: (any TodoStoreContents) throws -> (change: TodoChange?, result: Result)
    ) throws -> Result {
        guard let hooks = provider.hooks else { return try storage.write(body) }
        let (clock, coefficients) = (self.clock, self.coefficients)
        var written: HookChange?
        let result = try storage.write { contents in
            let (change, result) = try body(contents)
            guard var change, change.kind != .moved else { return (change, result) }
            let items = try TodoService.hookItems(of: change, in: contents)
            guard change.kind != .undone else {
                written = HookChange(items: items)
                return (change, result)
            }
            var context: TodoContext?
            let original = Dictionary(change.put.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
            let hooked = try hooks.runBeforeWrite(HookChange(items: items)) {
                if let context { return context }
                let made =
                    (try? TodoService.context(after: change, in: contents, clock: clock, coefficients: coefficients))
                    ?? TodoContext(todos: [], clock: clock, coefficients: coefficients)
                context = made
                return made
            } check: { todo throws(TodoError) in
                guard todo.depends != original[todo.id]?.depends else { return }
                do {
                    try TodoService.checkDependencies(of: [todo], in: contents)
                } catch let error as TodoError {
                    throw error
                } catch {
                    throw .io(file: storage.location, operation: "read", reason: "\(error)")
                }
            }
            written = hooked
            var byID: [Int: Todo] = [:]
            for item in hooked.items {
                if case .deleted = item { continue }
                byID[item.todo.id] = item.todo
            }
            let put = change.put.map { byID[$0.id] ?? $0 }
            if zip(put, change.put).contains(where: { $0.depends != $1.depends }) {
                try TodoService.checkDependencies(of: put, in: contents)
            }
            change.put = put
            return (change, result.replacingTodos(byID))
        }
        if let written {
            hooks.runAfterWrite(written) {
                (try? storage.read { contents in
                    TodoContext(todos: try contents.allTodos(), clock: clock, coefficients: coefficients)
                })
                    ?? TodoContext(todos: [], clock: clock, coefficients: coefficients)
            }
        }
        return result
    }

    /// The todos of `change` as hooks see them: those it puts, added or modified, then those it
    /// deletes.
    private static func hookItems(of change: TodoChange, in contents: any TodoStoreContents) throws -> [HookChange.Item]
    {
        let before = Dictionary(change.before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var items: [HookChange.Item] = change.put.map { todo in
            before[todo.id].map { .modified(before: $0, after: todo) } ?? .added(todo)
        }
        for id in change.deleted {
            if let todo = try before[id] ?? contents.todo(id: id) { items.append(.deleted(todo)) }
        }
        return items
    }

    /// The context of the todos' facts as the store will be once `change` is written.
    private static func context(
        after change: TodoChange, in contents: any TodoStoreContents, clock: TodoClock,
        coefficients: UrgencyCoefficients
    ) throws -> TodoContext {
        var todos = Dictionary(try contents.allTodos().map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        for todo in change.put { todos[todo.id] = todo }
        for id in change.deleted { todos[id] = nil }
        return TodoContext(todos: todos.values, clock: clock, coefficients: coefficients)
    }
}

/// A result of the service that holds todos a hook may have changed.
protocol HookAdjustable {
    /// The result with each todo whose id is in `todos` replaced by that todo.
    func replacingTodos(_ todos: [Int: Todo]) -> Self
}

extension Todo: HookAdjustable {
    func replacingTodos(_ todos: [Int: Todo]) -> Todo { todos[id] ?? self }
}

extension Array: HookAdjustable where Element == Todo {
    func replacingTodos(_ todos: [Int: Todo]) -> [Todo] {
        todos.isEmpty ? self : map { todos[$0.id] ?? $0 }
    }
}

extension TodoMarkResult: HookAdjustable {
    func replacingTodos(_ todos: [Int: Todo]) -> TodoMarkResult {
        var result = self
        result.todos = self.todos.replacingTodos(todos)
        result.next = next.replacingTodos(todos)
        return result
    }
}

extension TodoImportResult: HookAdjustable {
    func replacingTodos(_ todos: [Int: Todo]) -> TodoImportResult {
        var result = self
        result.created = created.replacingTodos(todos)
        result.updated = updated.replacingTodos(todos)
        return result
    }
}

extension TodoUndoResult: HookAdjustable {
    func replacingTodos(_ todos: [Int: Todo]) -> TodoUndoResult { self }
}
