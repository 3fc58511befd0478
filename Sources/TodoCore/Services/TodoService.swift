#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The todo service over a ``TodoStorageType``: where TodoCore's rules live (validation,
/// ids, positions, recurrence, undo, all-or-nothing changes, import merging).
///
/// Each operation runs in one ``TodoStorageType/write(_:)`` (under the store's lock), and
/// publishes its event on ``events`` once the change is written.
public final class TodoService: BaseService<TodoServiceProviderType>, TodoServiceType, @unchecked Sendable {
    // @unchecked Sendable: immutable; the bus and the storage are thread-safe
    /// Every change, published after it is written.
    public let events = EventBus<TodoEvent>()

    var storage: TodoStorageType { provider.storageService }
    var clock: TodoClock { provider.clock }
    var coefficients: UrgencyCoefficients { provider.urgencyCoefficients }

    // MARK: Reading

    /// The todos `query` selects; see ``TodoServiceType/fetch(_:)``.
    public func fetch(_ query: TodoQuery) -> Observable<[Todo]> {
        run { [self] in
            let (clock, coefficients, weekStart) = (self.clock, self.coefficients, provider.weekStart)
            return try storage.read { contents in
                let todos = try contents.allTodos()
                return try query.apply(
                    to: todos, context: TodoContext(todos: todos, clock: clock, coefficients: coefficients),
                    weekStart: weekStart)
            }
        }
    }

    /// The todo with `id`; see ``TodoServiceType/todo(id:)``.
    public func todo(id: Int) -> Observable<Todo> {
        run { [self] in
            let todo = try storage.read { contents in try contents.todo(id: id) }
            guard let todo else { throw TodoError.unknownTodos([id]) }
            return todo
        }
    }

    /// Counts over every todo; see ``TodoServiceType/stats()``.
    public func stats() -> Observable<TodoStats> {
        run { [self] in
            let today = clock.today()
            return try storage.read { contents in TodoStats(todos: try contents.allTodos(), today: today) }
        }
    }

    // MARK: Creating and changing

    /// Creates a todo; see ``TodoServiceType/create(_:)``.
    public func create(_ draft: TodoDraft) -> Observable<Todo> {
        run { [self] in
            let title = try Todo.validTitle(draft.title)
            let tags = try Set(draft.tags.map { tag throws(TodoError) in try Todo.validTag(tag) })
            let project = try draft.project.flatMap { project throws(TodoError) in try Todo.validProject(project) }
            if draft.isDone, let recurrence = draft.recurrence { throw TodoError.doneCannotRepeat(recurrence) }
            let now = clock.now()
            let today = clock.today(at: now)
            let todo = try hookedWrite { contents in
                var todo = Todo(
                    id: try contents.nextID(), uuid: provider.uuids.next(), title: title,
                    note: Todo.normalizedNote(draft.note), isDone: draft.isDone, priority: draft.priority,
                    due: try draft.due?.resolve(today: today, weekStart: provider.weekStart), tags: tags,
                    createdAt: now,
                    completedAt: draft.isDone ? now : nil, position: try contents.nextPosition(),
                    recurrence: draft.recurrence, project: project,
                    wait: try draft.wait?.resolve(today: today, weekStart: provider.weekStart),
                    scheduled: try draft.scheduled?.resolve(today: today, weekStart: provider.weekStart))
                if !draft.depends.isEmpty {
                    todo.depends = draft.depends.sorted()
                    try TodoService.checkDependencies(of: [todo], in: contents)
                }
                return (TodoChange(kind: .created, put: [todo]), todo)
            }
            events.send(.created([todo]))
            return todo
        }
    }

    /// Changes some fields of a todo; see ``TodoServiceType/update(id:_:)``.
    public func update(id: Int, _ patch: TodoPatch) -> Observable<Todo> {
        update(ids: [id], patch).map { $0.todos[0] }
    }

    /// Changes the same fields of several todos, all or none; see ``TodoServiceType/update(ids:_:)``.
    public func update(ids: [Int], _ patch: TodoPatch) -> Observable<TodoMarkResult> {
        run { [self] in
            let ids = TodoService.unique(ids)
            let title = try patch.title.map { title throws(TodoError) in try Todo.validTitle(title) }
            let added = try patch.addTags.map { tag throws(TodoError) in try Todo.validTag(tag) }
            let removed = try patch.removeTags.map { tag throws(TodoError) in try Todo.validTag(tag) }
            let project: FieldChange<String>?
            switch patch.project {
            case .set(let name): project = try Todo.validProject(name).map { .set($0) } ?? .clear
            case .clear: project = .clear
            case nil: project = nil
            }
            let now = clock.now()
            let today = clock.today(at: now)
            func day(_ change: FieldChange<DateInput>?, _ old: CalendarDay?) throws(TodoError) -> CalendarDay? {
                switch change {
                case .set(let input): return try input.resolve(today: today, weekStart: provider.weekStart)
                case .clear: return nil
                case nil: return old
                }
            }
            let result = try hookedWrite { contents in
                let found = try TodoService.find(ids, in: contents)
                var before: [Todo] = []
                var after: [Todo] = []
                var changed: [Todo] = []
                for old in found {
                    var new = old
                    if let title { new.title = title }
                    switch patch.note {
                    case .set(let note): new.note = Todo.normalizedNote(note)
                    case .clear: new.note = nil
                    case nil: break
                    }
                    if let priority = patch.priority { new.priority = priority }
                    new.due = try day(patch.due, old.due)
                    for tag in removed { new.removeTag(tag) }
                    for tag in added { new.addTag(tag) }
                    switch patch.recurrence {
                    case .set(let recurrence): new.recurrence = recurrence
                    case .clear: new.recurrence = nil
                    case nil: break
                    }
                    switch project {
                    case .set(let name): new.project = name
                    case .clear: new.project = nil
                    case nil: break
                    }
                    new.wait = try day(patch.wait, old.wait)
                    new.scheduled = try day(patch.scheduled, old.scheduled)
                    if patch.clearDepends || !patch.removeDepends.isEmpty || !patch.addDepends.isEmpty {
                        var depends = patch.clearDepends ? Set<Int>() : Set(old.depends)
                        depends.subtract(patch.removeDepends)
                        depends.formUnion(patch.addDepends)
                        new.depends = depends.sorted()
                    }
                    guard new != old else {
                        after.append(old)
                        continue
                    }
                    new.updatedAt = now
                    before.append(old)
                    changed.append(new)
                    after.append(new)
                }
                if !patch.addDepends.isEmpty { try TodoService.checkDependencies(of: changed, in: contents) }
                let change = changed.isEmpty ? nil : TodoChange(kind: .updated, put: changed, before: before)
                return (change, TodoMarkResult(todos: after, changedIDs: changed.map(\.id)))
            }
            if !result.changedIDs.isEmpty { events.send(.updated(result.changed)) }
            return result
        }
    }

    /// Deletes todos, all or none; see ``TodoServiceType/delete(ids:)``.
    public func delete(ids: [Int]) -> Observable<[Todo]> {
        run { [self] in
            let ids = TodoService.unique(ids)
            let deleted = try hookedWrite { contents in
                let found = try TodoService.find(ids, in: contents)
                return (found.isEmpty ? nil : TodoChange(kind: .deleted, deleted: ids, before: found), found)
            }
            if !deleted.isEmpty { events.send(.deleted(deleted)) }
            return deleted
        }
    }

    /// Moves a todo in the manual order; see ``TodoServiceType/move(id:to:)``.
    public func move(id: Int, to position: Int) -> Observable<Todo> {
        run { [self] in
            let now = clock.now()
            let (moved, renumbered, changed) = try storage.write { contents in
                guard let todo = try contents.todo(id: id) else { throw TodoError.unknownTodos([id]) }
                let all = try contents.allTodos()
                let sameStatus = all.filter { $0.isDone == todo.isDone }
                guard position >= 1, position <= sameStatus.count else {
                    throw TodoError.invalidPosition(position, count: sameStatus.count)
                }
                if sameStatus[position - 1].id == id { return (nil, (todo, [Todo](), false)) }
                let peers = sameStatus.filter { $0.id != id }
                let previous = position >= 2 ? peers[position - 2] : nil
                let next = position - 1 < peers.count ? peers[position - 1] : nil
                var moved = todo
                moved.updatedAt = now
                let gap = StoreState.positionGap
                let between: Int?
                switch (previous, next) {
                case (let previous?, let next?) where next.position - previous.position >= 2:
                    between = previous.position + (next.position - previous.position) / 2
                case (_?, nil):
                    between = try contents.nextPosition()
                case (nil, let next?):
                    between = next.position - gap
                default:
                    between = nil
                }
                if let between, StoreState.positions.contains(between) {
                    moved.position = between
                    return (TodoChange(kind: .moved, put: [moved], before: [todo]), (moved, [], true))
                } else {
                    // No room between the two neighbours (or at that end): renumber the whole manual order.
                    var order = all.filter { $0.id != id }
                    let insertAt = order.firstIndex { $0.id == next?.id } ?? order.count
                    order.insert(moved, at: insertAt)
                    // The moved todo first, then those renumbered to make room (what undo names).
                    var put: [Todo] = []
                    var before: [Todo] = [todo]
                    for (index, var other) in order.enumerated() {
                        let newPosition = (index + 1) * gap
                        if other.id == id {
                            moved.position = newPosition
                            put.insert(moved, at: 0)
                        } else if other.position != newPosition {
                            before.append(other)
                            other.position = newPosition
                            put.append(other)
                        }
                    }
                    let others = put.filter { $0.id != id }
                    return (TodoChange(kind: .moved, put: put, before: before), (moved, others, true))
                }
            }
            if changed { events.send(.moved(moved, renumbered: renumbered)) }
            return moved
        }
    }

    /// Marks todos done, all or none; see ``TodoServiceType/markDone(ids:)``.
    public func markDone(ids: [Int]) -> Observable<TodoMarkResult> {
        run { [self] in
            let ids = TodoService.unique(ids)
            let now = clock.now()
            let today = clock.today(at: now)
            let result = try hookedWrite { contents in
                let found = try TodoService.find(ids, in: contents)
                var nextID = try contents.nextID()
                var after: [Todo] = []
                var changed: [Todo] = []
                var before: [Todo] = []
                var next: [Todo] = []
                var nextFollows: [Int] = []
                for todo in found {
                    guard !todo.isDone else {
                        after.append(todo)
                        continue
                    }
                    var done = todo
                    done.isDone = true
                    done.completedAt = now
                    done.updatedAt = now
                    done.startedAt = nil
                    if let recurrence = todo.recurrence {
                        // The recurrence moves to the next occurrence, so that reopening and
                        // completing this one again does not start a second series.
                        done.recurrence = nil
                        guard let nextDue = recurrence.nextDue(after: todo.due, completedOn: today) else {
                            throw TodoError.noNextOccurrence(id: todo.id)
                        }
                        // Wait and scheduled days keep their distance to the due day (to the day
                        // of completion for a todo without one); what would pass the calendar's end
                        // is dropped.
                        let shift = (todo.due ?? today).days(to: nextDue)
                        next.append(
                            Todo(
                                id: nextID, uuid: Recurrence.nextOccurrenceUUID(after: todo.uuid), title: todo.title,
                                note: todo.note,
                                priority: todo.priority, due: nextDue, tags: todo.tags, createdAt: now,
                                position: todo.position, recurrence: recurrence, project: todo.project,
                                wait: todo.wait?.advanced(byDays: shift),
                                scheduled: todo.scheduled?.advanced(byDays: shift)))
                        nextFollows.append(todo.id)
                        nextID += 1
                    }
                    before.append(todo)
                    changed.append(done)
                    after.append(done)
                }
                let change = changed.isEmpty ? nil : TodoChange(kind: .markedDone, put: changed + next, before: before)
                let result = TodoMarkResult(
                    todos: after, changedIDs: changed.map(\.id), next: next, nextFollows: nextFollows)
                return (change, result)
            }
            if !result.changedIDs.isEmpty { events.send(.markedDone(result.changed, next: result.next)) }
            return result
        }
    }

    /// Marks todos not done, all or none; see ``TodoServiceType/markUndone(ids:)``.
    public func markUndone(ids: [Int]) -> Observable<TodoMarkResult> {
        run { [self] in
            let ids = TodoService.unique(ids)
            let now = clock.now()
            let result = try hookedWrite { contents in
                let found = try TodoService.find(ids, in: contents)
                var after: [Todo] = []
                var changed: [Todo] = []
                var before: [Todo] = []
                for todo in found {
                    guard todo.isDone else {
                        after.append(todo)
                        continue
                    }
                    var reopened = todo
                    reopened.isDone = false
                    reopened.completedAt = nil
                    reopened.updatedAt = now
                    before.append(todo)
                    changed.append(reopened)
                    after.append(reopened)
                }
                let change = changed.isEmpty ? nil : TodoChange(kind: .markedUndone, put: changed, before: before)
                return (change, TodoMarkResult(todos: after, changedIDs: changed.map(\.id)))
            }
            if !result.changedIDs.isEmpty { events.send(.markedUndone(result.changed)) }
            return result
        }
    }

    /// Deletes every done todo; see ``TodoServiceType/clearCompleted()``.
    public func clearCompleted() -> Observable<[Todo]> {
        run { [self] in
            let cleared = try hookedWrite { contents in
                let done = try contents.allTodos().filter(\.isDone)
                guard !done.isEmpty else { return (nil, [Todo]()) }
                return (TodoChange(kind: .cleared, deleted: done.map(\.id), before: done), done)
            }
            if !cleared.isEmpty { events.send(.cleared(cleared)) }
            return cleared
        }
    }

    /// Undoes the latest change; see ``TodoServiceType/undo()``.
    public func undo() -> Observable<TodoUndoResult> {
        run { [self] in
            let result = try hookedWrite { contents in
                guard let last = try contents.history().last else { throw TodoError.nothingToUndo }
                let inverse = last.inverse
                let removed = try inverse.deleted.compactMap { id in try contents.todo(id: id) }
                let result = TodoUndoResult(undoneKind: last.kind, restored: inverse.put, removed: removed)
                return (inverse, result)
            }
            events.send(.undone(restored: result.restored, removedIDs: result.removed.map(\.id)))
            return result
        }
    }

    /// Adds imported todos, all or none; see ``TodoServiceType/importTodos(_:)``.
    public func importTodos(_ todos: [ImportedTodo]) -> Observable<TodoImportResult> {
        run { [self] in
            let now = clock.now()
            var validated: [ImportedTodo] = []
            validated.reserveCapacity(todos.count)
            for (index, item) in todos.enumerated() {
                var item = item
                do throws(TodoError) {
                    item.title = try Todo.validTitle(item.title)
                    item.tags = try Set(item.tags.map { tag throws(TodoError) in try Todo.validTag(tag) })
                    item.project = try item.project.flatMap { project throws(TodoError) in
                        try Todo.validProject(project)
                    }
                    item.annotations = try item.annotations.map { annotation throws(TodoError) in
                        Annotation(at: annotation.at, text: try Todo.validAnnotation(annotation.text))
                    }
                } catch {
                    throw TodoError.invalidImport(
                        file: "the imported data", line: nil, problem: "todo \(index + 1): \(error)")
                }
                item.note = Todo.normalizedNote(item.note)
                validated.append(item)
            }
            let utcOffset = clock.utcOffset
            let result = try hookedWrite { contents in
                try TodoService.merge(validated, into: contents, now: now, utcOffset: utcOffset, uuids: provider.uuids)
            }
            if !result.created.isEmpty || !result.updated.isEmpty {
                events.send(.imported(created: result.created, updated: result.updated))
            }
            return result
        }
    }

    /// Publishes `reloaded` if another process changed the store; see ``TodoServiceType/reloadIfChangedOutside()``.
    public func reloadIfChangedOutside() -> Observable<Bool> {
        run { [self] in
            guard storage.hasOutsideChanges() else { return false }
            try storage.read { _ in }  // remember what is there now
            events.send(.reloaded)
            return true
        }
    }

    // MARK: Helpers

    /// Runs `work` on each subscription; its value, then completion — or its error as a
    /// ``TodoError``.
    func run<Value>(_ work: @escaping () throws -> Value) -> Observable<Value> {
        let location = storage.location
        return Observable.create { observer in
            do {
                let value = try work()
                observer.onNext(value)
                observer.onCompleted()
            } catch let error as TodoError {
                observer.onError(error)
            } catch {
                observer.onError(TodoError.io(file: location, operation: "use", reason: "\(error)"))
            }
            return Disposables.create()
        }
    }

    /// The todos with `ids`, in that order; fails naming every unknown id.
    static func find(_ ids: [Int], in contents: any TodoStoreContents) throws -> [Todo] {
        var found: [Todo] = []
        var missing: [Int] = []
        for id in ids {
            if let todo = try contents.todo(id: id) { found.append(todo) } else { missing.append(id) }
        }
        guard missing.isEmpty else { throw TodoError.unknownTodos(missing) }
        return found
    }

    static func unique(_ ids: [Int]) -> [Int] {
        var seen = Set<Int>()
        return ids.filter { seen.insert($0).inserted }
    }

    /// The import's change: later versions of known uuids replace them (unless their contents
    /// are the same); todos without a uuid that the store has already are left out; the rest are
    /// created, keeping their ids where the store never used them, appended in the file's order.
    private static func merge(
        _ items: [ImportedTodo], into contents: any TodoStoreContents, now: Date, utcOffset: (Date) -> Int,
        uuids: UUIDSource
    ) throws -> (change: TodoChange?, result: TodoImportResult) {
        let existing = try contents.allTodos()
        var byUUID: [UUID: Todo] = [:]
        byUUID.reserveCapacity(existing.count)
        for todo in existing { byUUID[todo.uuid] = todo }
        let alreadyThere = present(items, in: existing, utcOffset: utcOffset)
        let firstFreeID = try contents.nextID()
        var position = try contents.nextPosition()
        var result = TodoImportResult()
        var before: [Todo] = []
        var fresh: [(item: ImportedTodo, uuid: UUID)] = []
        var updatedItems: [ImportedTodo] = []  // the item of each of result.updated
        var freshIndex: [UUID: Int] = [:]
        var fileIDs: [Int: Int] = [:]  // an id in the file → the id of that todo in the store
        var dependsByID: [Int: [Int]] = [:]  // the created or updated todos' dependencies, as in the file
        var uuidDependsByID: [Int: [UUID]] = [:]  // the same, by uuid (Taskwarrior's `depends`)
        let uuidByID = Dictionary(existing.map { ($0.id, $0.uuid) }, uniquingKeysWith: { first, _ in first })
        for (index, item) in items.enumerated() {
            if alreadyThere.contains(index) {
                result.unchanged += 1
                continue
            }
            if let uuid = item.uuid, let index = freshIndex[uuid] {
                // A uuid repeated in the file: its latest version wins.
                let earlier = fresh[index].item
                if (item.updatedAt ?? item.createdAt ?? now) > (earlier.updatedAt ?? earlier.createdAt ?? now) {
                    fresh[index].item = item
                }
                result.unchanged += 1
                continue
            }
            if let uuid = item.uuid, let current = byUUID[uuid] {
                let incoming = item.updatedAt ?? item.createdAt ?? now
                // What describes(_:) leaves out, as todo.txt cannot say it: the start, and the
                // dependencies of a file that names them by uuid.
                let sameStart = item.isDone || item.startedAt == current.startedAt
                let sameDependencies =
                    (item.dependsOnUUIDs.isEmpty && !item.depends.isEmpty)
                    || Set(item.dependsOnUUIDs) == Set(current.depends.compactMap { uuidByID[$0] })
                let sameLines = item.iCalendarLines == nil || item.keptICalendarLines == current.iCalendarLines
                guard incoming > current.updatedAt,
                    !item.describes(current, utcOffset: utcOffset, comparingCreation: false) || !sameStart
                        || !sameDependencies || !sameLines
                else {
                    if let fileID = item.id { fileIDs[fileID] = current.id }
                    result.unchanged += 1
                    continue
                }
                var updated = current
                updated.title = item.title
                updated.note = item.note
                updated.isDone = item.isDone
                updated.priority = item.priority
                updated.due = item.due
                updated.tags = item.tags
                updated.completedAt = item.isDone ? (item.completedAt ?? incoming) : nil
                updated.updatedAt = incoming
                updated.recurrence = item.recurrence
                updated.project = item.project
                updated.wait = item.wait
                updated.scheduled = item.scheduled
                updated.annotations = item.annotations
                updated.startedAt = item.isDone ? nil : item.startedAt
                if item.iCalendarLines != nil { updated.iCalendarLines = item.keptICalendarLines }
                if let fileID = item.id { fileIDs[fileID] = current.id }
                if let index = result.updated.firstIndex(where: { $0.id == updated.id }) {
                    result.updated[index] = updated
                    updatedItems[index] = item
                } else {
                    before.append(current)
                    result.updated.append(updated)
                    updatedItems.append(item)
                }
                byUUID[uuid] = updated
                dependsByID[current.id] = item.depends
                uuidDependsByID[current.id] = item.dependsOnUUIDs
            } else {
                let uuid = item.uuid ?? uuids.next()
                freshIndex[uuid] = fresh.count
                fresh.append((item, uuid))
            }
        }
        // Keep the ids the store never used (each once), then number the rest after them.
        var kept = Set<Int>()
        for (item, _) in fresh {
            if let id = item.id, id >= firstFreeID { kept.insert(id) }
        }
        var claimed = Set<Int>()
        var nextID = max(firstFreeID, (kept.max() ?? 0) + 1)
        for (item, uuid) in fresh {
            let id: Int
            if let wanted = item.id, kept.contains(wanted), claimed.insert(wanted).inserted {
                id = wanted
            } else {
                id = nextID
                nextID += 1
            }
            let createdAt = item.createdAt ?? now
            if let fileID = item.id, fileIDs[fileID] == nil { fileIDs[fileID] = id }
            dependsByID[id] = item.depends
            uuidDependsByID[id] = item.dependsOnUUIDs
            result.created.append(
                Todo(
                    id: id, uuid: uuid, title: item.title, note: item.note, isDone: item.isDone,
                    priority: item.priority, due: item.due, tags: item.tags, createdAt: createdAt,
                    updatedAt: max(item.updatedAt ?? createdAt, createdAt),
                    completedAt: item.isDone ? (item.completedAt ?? item.updatedAt ?? createdAt) : nil,
                    position: position, recurrence: item.recurrence, project: item.project, wait: item.wait,
                    scheduled: item.scheduled, annotations: item.annotations,
                    startedAt: item.isDone ? nil : item.startedAt, iCalendarLines: item.keptICalendarLines))
            position += StoreState.positionGap
        }
        if result.created.isEmpty && result.updated.isEmpty { return (nil, result) }
        // Dependencies name todos by their ids in the file: each becomes that todo's id here; an
        // id the file does not hold stays when the store has such a todo, and is dropped otherwise.
        // Those named by uuid become the id of the todo of that uuid, in the file or the store; a
        // uuid that names neither stays in the note.
        let storeIDs = Set(existing.map(\.id))
        var idByUUID = Dictionary(existing.map { ($0.uuid, $0.id) }, uniquingKeysWith: { first, _ in first })
        for todo in result.created { idByUUID[todo.uuid] = todo.id }
        func resolved(_ todo: inout Todo, _ item: ImportedTodo) {
            let wanted = dependsByID[todo.id] ?? []
            var depends = Set(wanted.compactMap { fileIDs[$0] ?? (storeIDs.contains($0) ? $0 : nil) })
            var unknown: [UUID] = []
            for uuid in uuidDependsByID[todo.id] ?? [] {
                if let id = idByUUID[uuid] {
                    depends.insert(id)
                } else if !unknown.contains(uuid) {
                    unknown.append(uuid)
                }
            }
            todo.depends = depends.subtracting([todo.id]).sorted()
            if !unknown.isEmpty { todo.note = item.noteKeeping(dependencies: unknown) }
        }
        for index in result.created.indices { resolved(&result.created[index], fresh[index].item) }
        for index in result.updated.indices { resolved(&result.updated[index], updatedItems[index]) }
        var graph: [Int: [Int]] = [:]
        for todo in existing where !todo.depends.isEmpty { graph[todo.id] = todo.depends }
        for todo in result.created + result.updated { graph[todo.id] = todo.depends }
        if let cycle = firstCycle(in: graph, from: (result.created + result.updated).map(\.id)) {
            throw TodoError.invalidImport(
                file: "the imported data", line: nil,
                problem:
                    "its dependencies make todos \(cycle.map(String.init).joined(separator: ", ")) wait for each other in a circle"
            )
        }
        let change = TodoChange(kind: .imported, put: result.created + result.updated, before: before)
        return (change, result)
    }

    /// The indices of the items without a uuid that `existing` holds already
    /// (``ImportedTodo/describes(_:utcOffset:)``), each todo standing for one item only: a file
    /// holding the same line twice adds two todos, and adds nothing the second time.
    ///
    /// Items that give every time are matched first, so that one without a creation date does
    /// not take the todo another item names exactly.
    private static func present(_ items: [ImportedTodo], in existing: [Todo], utcOffset: (Date) -> Int) -> Set<Int> {
        let unidentified = items.indices.filter { items[$0].uuid == nil }
        guard !unidentified.isEmpty, !existing.isEmpty else { return [] }
        // The store's todos by title, as each precision the items use compares titles.
        var candidates: [ImportedTodo.Precision: [String: [Int]]] = [:]
        for precision in Set(unidentified.map { items[$0].precision }) {
            var byTitle: [String: [Int]] = [:]
            for (index, todo) in existing.enumerated() {
                byTitle[ImportedTodo(title: todo.title, precision: precision).matchingTitle, default: []].append(index)
            }
            candidates[precision] = byTitle
        }
        var taken = Set<Int>()
        var found = Set<Int>()
        let ordered =
            unidentified.filter { items[$0].givesEveryTime } + unidentified.filter { !items[$0].givesEveryTime }
        for index in ordered {
            let item = items[index]
            let match = candidates[item.precision]?[item.matchingTitle]?.first { candidate in
                !taken.contains(candidate) && item.describes(existing[candidate], utcOffset: utcOffset)
            }
            guard let match else { continue }
            taken.insert(match)
            found.insert(index)
        }
        return found
    }
}

extension Todo {
    /// Adds `tag` unless the todo has it already, in any case.
    mutating func addTag(_ tag: String) {
        guard !tags.contains(where: { $0.lowercased() == tag.lowercased() }) else { return }
        tags.insert(tag)
    }

    /// Removes `tag`, in any case.
    mutating func removeTag(_ tag: String) {
        tags = tags.filter { $0.lowercased() != tag.lowercased() }
    }
}
