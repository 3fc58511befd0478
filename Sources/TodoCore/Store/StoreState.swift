/// Everything a store holds, in memory: the todos sorted by id, the counters, the undo history.
struct StoreState: Sendable, Equatable {
    /// Sorted by id, ids unique.
    private(set) var todos: [Todo]
    /// The id the next todo receives; greater than every id ever used.
    private(set) var nextID: Int
    /// The position a todo appended to the list receives.
    private(set) var nextPosition: Int
    /// Changes that can be undone, oldest first.
    private(set) var history: [TodoChange]

    /// The space left between the positions of todos appended one after another, so that a
    /// todo can be moved between two of them without renumbering the others.
    static let positionGap = 1024

    /// The largest position (and the smallest, negated) a todo can have: 2^60, so that the
    /// arithmetic on positions (a gap added, two subtracted) never overflows.
    static let positionLimit = 1 << 60

    /// The positions a todo can have.
    static let positions = -positionLimit...positionLimit

    /// The values `nextId` can have: one past the largest id, at most.
    static let nextIDs = 1...(Todo.maximumID + 1)

    /// The values `nextPosition` can have.
    static let nextPositions = -positionLimit...(positionLimit + positionGap)

    static let empty = StoreState(todos: [], nextID: 1, nextPosition: positionGap, history: [])

    /// Creates a state from todos sorted by strictly increasing id.
    init(todos: [Todo], nextID: Int, nextPosition: Int, history: [TodoChange]) {
        self.todos = todos
        self.nextID = max(nextID, (todos.last?.id ?? 0) + 1, 1)
        var lastPosition = 0
        for todo in todos where todo.position > lastPosition { lastPosition = todo.position }
        self.nextPosition = max(nextPosition, lastPosition + StoreState.positionGap)
        self.history = history
    }

    /// The todo with `id`.
    func todo(id: Int) -> Todo? {
        index(of: id).map { todos[$0] }
    }

    /// The todos in the manual order.
    func ordered() -> [Todo] {
        // Todos are appended with growing positions: the list is usually in order already.
        var sorted = true
        for index in todos.indices.dropFirst() where todos[index - 1].position > todos[index].position {
            sorted = false
            break
        }
        if sorted { return todos }
        return todos.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
    }

    /// Applies `change`: puts and deletes todos, moves the counters, records it for undo (or,
    /// for an undo, forgets the change it undoes). Linear in the number of todos at most, however
    /// many the change holds (clearing 100,000 todos, or undoing that, is one pass).
    mutating func apply(_ change: TodoChange) {
        if change.deleted.count <= StoreState.oneByOne {
            for id in change.deleted {
                if let index = index(of: id) { todos.remove(at: index) }
            }
        } else {
            let deleted = Set(change.deleted)
            todos.removeAll { deleted.contains($0.id) }
        }
        if change.put.count <= StoreState.oneByOne {
            for todo in change.put {
                if let last = todos.last, todo.id > last.id {
                    todos.append(todo)
                } else if let index = index(of: todo.id) {
                    todos[index] = todo
                } else {
                    todos.insert(todo, at: insertionIndex(of: todo.id))
                }
            }
        } else {
            put(change.put)
        }
        StoreState.advance(&nextID, &nextPosition, for: change)
        StoreState.record(change, in: &history)
    }

    /// Up to this many todos, a change's puts and deletes are applied one by one (a binary
    /// search each); more are applied in one pass over the todos.
    private static let oneByOne = 16

    /// Puts many todos: those already there are replaced in place, the new ones merged in by id.
    private mutating func put(_ puts: [Todo]) {
        var added: [Todo] = []
        for todo in puts {
            if let index = index(of: todo.id) {
                todos[index] = todo
            } else {
                added.append(todo)
            }
        }
        guard !added.isEmpty else { return }
        // The last put of an id wins, as one by one.
        added = Dictionary(added.map { ($0.id, $0) }, uniquingKeysWith: { $1 }).values.sorted { $0.id < $1.id }
        if let last = todos.last, let first = added.first, first.id > last.id {
            todos.append(contentsOf: added)
            return
        }
        var merged: [Todo] = []
        merged.reserveCapacity(todos.count + added.count)
        var old = 0
        var new = 0
        while old < todos.count && new < added.count {
            if todos[old].id < added[new].id {
                merged.append(todos[old])
                old += 1
            } else {
                merged.append(added[new])
                new += 1
            }
        }
        merged.append(contentsOf: todos[old...])
        merged.append(contentsOf: added[new...])
        todos = merged
    }

    /// Moves the counters past what `change` puts.
    static func advance(_ nextID: inout Int, _ nextPosition: inout Int, for change: TodoChange) {
        for todo in change.put {
            nextID = max(nextID, todo.id + 1)
            nextPosition = max(nextPosition, todo.position + positionGap)
        }
    }

    /// Adds `change` to the undo history, or removes the change an undo undoes.
    static func record(_ change: TodoChange, in history: inout [TodoChange]) {
        if change.kind == .undone {
            if !history.isEmpty { history.removeLast() }
        } else {
            history.append(change.undoRecord)
            if history.count > TodoStorageHistory.limit {
                history.removeFirst(history.count - TodoStorageHistory.limit)
            }
        }
    }

    private func index(of id: Int) -> Int? {
        let index = insertionIndex(of: id)
        return index < todos.count && todos[index].id == id ? index : nil
    }

    private func insertionIndex(of id: Int) -> Int {
        var low = 0
        var high = todos.count
        while low < high {
            let middle = (low + high) / 2
            if todos[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
