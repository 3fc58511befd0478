#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Annotations, starting and stopping, dependencies, and the context of derived facts.
extension TodoService {
    /// The context of the todos' derived facts; see ``TodoServiceType/context()``.
    public func context() -> Observable<TodoContext> {
        run { [self] in
            let (clock, coefficients) = (self.clock, self.coefficients)
            return try storage.read { contents in
                TodoContext(todos: try contents.allTodos(), clock: clock, coefficients: coefficients)
            }
        }
    }

    /// Adds an annotation to todos, all or none; see ``TodoServiceType/annotate(ids:text:)``.
    public func annotate(ids: [Int], text: String) -> Observable<TodoMarkResult> {
        run { [self] in
            let text = try Todo.validAnnotation(text)
            let now = clock.now()
            return try change(ids, kind: .annotated) { todo in
                todo.annotations.append(Annotation(at: now, text: text))
                return true
            }
        }
    }

    /// Removes one annotation of a todo; see ``TodoServiceType/denotate(id:annotation:)``.
    public func denotate(id: Int, annotation: String) -> Observable<Todo> {
        run { [self] in
            let result = try change([id], kind: .denotated) { todo throws(TodoError) in
                todo.annotations.remove(at: try TodoService.annotationIndex(annotation, in: todo))
                return true
            }
            return result.todos[0]
        }
    }

    /// Starts todos; see ``TodoServiceType/start(ids:)``.
    public func start(ids: [Int]) -> Observable<TodoMarkResult> {
        run { [self] in
            let now = clock.now()
            return try change(ids, kind: .started) { todo in
                guard !todo.isDone, todo.startedAt == nil else { return false }
                todo.startedAt = now
                return true
            }
        }
    }

    /// Stops todos; see ``TodoServiceType/stop(ids:)``.
    public func stop(ids: [Int]) -> Observable<TodoMarkResult> {
        run { [self] in
            try change(ids, kind: .stopped) { todo in
                guard todo.startedAt != nil else { return false }
                todo.startedAt = nil
                return true
            }
        }
    }

    /// Applies `body` to each of the todos `ids` (all must exist) in one change of `kind`;
    /// `body` says whether it changed the todo. Publishes `updated` with those it changed.
    private func change(
        _ ids: [Int], kind: TodoChange.Kind, _ body: (inout Todo) throws(TodoError) -> Bool
    ) throws -> TodoMarkResult {
        let ids = TodoService.unique(ids)
        let now = clock.now()
        let result = try hookedWrite { contents in
            let found = try TodoService.find(ids, in: contents)
            var before: [Todo] = []
            var after: [Todo] = []
            var changed: [Todo] = []
            for old in found {
                var new = old
                guard try body(&new) else {
                    after.append(old)
                    continue
                }
                new.updatedAt = now
                before.append(old)
                changed.append(new)
                after.append(new)
            }
            let change = changed.isEmpty ? nil : TodoChange(kind: kind, put: changed, before: before)
            return (change, TodoMarkResult(todos: after, changedIDs: changed.map(\.id)))
        }
        if !result.changedIDs.isEmpty { events.send(.updated(result.changed)) }
        return result
    }

    /// The index of the annotation `reference` names in `todo`: a number from 1, else the
    /// text — whole (in any case), or a part of one annotation only.
    static func annotationIndex(_ reference: String, in todo: Todo) throws(TodoError) -> Int {
        let trimmed = reference.trimmingSpaces()
        if let number = Int(trimmed), trimmed.allSatisfy(\.isASCII) {
            guard number >= 1, number <= todo.annotations.count else {
                throw TodoError.unknownAnnotation(id: todo.id, trimmed)
            }
            return number - 1
        }
        let wanted = trimmed.lowercased()
        if let exact = todo.annotations.firstIndex(where: { $0.text.lowercased() == wanted }) { return exact }
        let containing = todo.annotations.indices.filter { todo.annotations[$0].text.lowercased().contains(wanted) }
        guard !wanted.isEmpty, containing.count == 1 else { throw TodoError.unknownAnnotation(id: todo.id, trimmed) }
        return containing[0]
    }

    /// Checks the dependencies of `todos` (as they will be written): each names a todo that
    /// exists, and none makes a todo wait for itself, directly or around a circle.
    ///
    /// - Throws: ``TodoError/unknownTodos(_:)``, ``TodoError/dependencyCycle(_:)``.
    static func checkDependencies(of todos: [Todo], in contents: any TodoStoreContents) throws {
        let changing = Dictionary(todos.map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        var missing: [Int] = []
        for todo in todos {
            if todo.depends.contains(todo.id) { throw TodoError.dependencyCycle([todo.id]) }
            for id in todo.depends where changing[id] == nil {
                if try contents.todo(id: id) == nil { missing.append(id) }
            }
        }
        guard missing.isEmpty else { throw TodoError.unknownTodos(Array(Set(missing)).sorted()) }
        // The graph as it will be: every todo's dependencies, the changed ones replaced.
        var graph: [Int: [Int]] = [:]
        for todo in try contents.allTodos() where !todo.depends.isEmpty { graph[todo.id] = todo.depends }
        for todo in todos { graph[todo.id] = todo.depends }
        if let cycle = TodoService.firstCycle(in: graph, from: todos.map(\.id)) {
            throw TodoError.dependencyCycle(cycle)
        }
    }

    /// A circle of dependencies reachable from `starts`, in order, or `nil`.
    static func firstCycle(in graph: [Int: [Int]], from starts: [Int]) -> [Int]? {
        var state: [Int: Bool] = [:]  // false: on the current path; true: done, no circle through it
        var path: [Int] = []
        func visit(_ id: Int) -> [Int]? {
            if let done = state[id] {
                if done { return nil }
                return Array(path[path.lastIndex(of: id)!...])
            }
            state[id] = false
            path.append(id)
            for next in graph[id] ?? [] {
                if let cycle = visit(next) { return cycle }
            }
            path.removeLast()
            state[id] = true
            return nil
        }
        for start in starts {
            if let cycle = visit(start) { return cycle }
        }
        return nil
    }
}
