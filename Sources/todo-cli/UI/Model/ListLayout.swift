import TodoCore

/// The rows of the list pane over the list reactor's todos: a heading per section (pending,
/// then done, each when it has todos) and the todos under it.
///
/// Built once per change of the list (O(n): the sections and the widest id); every lookup
/// after that — a row, the todo at a selection — is O(1), so moving through 100,000 todos
/// costs nothing per key.
///
/// The selection counts todos only, in the order shown (the pending ones, then the done ones);
/// rows count headings too.
struct ListLayout: Sendable {
    /// One row of the pane.
    enum Row: Hashable, Sendable {
        /// A section's heading and how many todos it holds.
        case heading(TodoSection.Kind, count: Int)
        /// A todo and its place in the selection.
        case todo(Todo, selection: Int)
    }

    /// The facts the rows are laid out with.
    struct Columns: Hashable, Sendable {
        /// The digits of the largest id.
        var idWidth = 1
        /// Whether any todo has a priority (else the column is left out).
        var hasPriority = false
        /// Whether any todo has a due date (else the column is left out).
        var hasDue = false
        /// The years of the earliest and the latest due dates (`nil` without any): a narrow
        /// pane shows `01-08` only when every date is in this year.
        var dueYears: ClosedRange<Int>?
    }

    /// The list reactor's todos, as they are.
    let todos: ChunkedTodos
    /// The column facts.
    let columns: Columns
    /// The indices in ``todos`` of the pending todos, then the done ones — `nil` when
    /// ``todos`` already is in that order (a list of one status, or sorted that way).
    private let order: [Int]?
    /// How many todos are pending.
    let pendingCount: Int

    /// Lays out `todos` (in the list reactor's order).
    init(todos: [Todo]) {
        self.init(todos: ChunkedTodos(todos))
    }

    /// Lays out `todos` (in the list reactor's order), reading their fields in place.
    init(todos: ChunkedTodos) {
        self.todos = todos
        var columns = Columns()
        var maxID = 0
        var pending = 0
        var inOrder = true
        var seenDone = false
        // Fields are read in place: a copy of each todo would retain all of its fields.
        for chunk in todos.slices {
            for index in chunk.indices {
                if chunk[index].id > maxID { maxID = chunk[index].id }
                if chunk[index].priority != .none { columns.hasPriority = true }
                if let due = chunk[index].due {
                    columns.hasDue = true
                    let years = columns.dueYears ?? due.year...due.year
                    columns.dueYears = min(years.lowerBound, due.year)...max(years.upperBound, due.year)
                }
                if chunk[index].isDone {
                    seenDone = true
                } else {
                    pending += 1
                    if seenDone { inOrder = false }
                }
            }
        }
        columns.idWidth = String(maxID).count
        self.columns = columns
        pendingCount = pending
        if inOrder {
            order = nil
        } else {
            var order: [Int] = []
            var done: [Int] = []
            order.reserveCapacity(todos.count)
            var position = 0
            for chunk in todos.slices {
                for index in chunk.indices {
                    if chunk[index].isDone { done.append(position) } else { order.append(position) }
                    position += 1
                }
            }
            self.order = order + done
        }
    }

    /// How many todos there are.
    var todoCount: Int { todos.count }
    /// How many are done.
    var doneCount: Int { todos.count - pendingCount }

    /// How many rows the pane has, headings included.
    var rowCount: Int {
        todos.count + (pendingCount > 0 ? 1 : 0) + (doneCount > 0 ? 1 : 0)
    }

    /// The todo at `selection` (0 is the first shown).
    func todo(at selection: Int) -> Todo? {
        guard selection >= 0, selection < todos.count else { return nil }
        return todos[order?[selection] ?? selection]
    }

    /// The row showing the todo at `selection`.
    func row(ofSelection selection: Int) -> Int {
        let pendingHeading = pendingCount > 0 ? 1 : 0
        return selection < pendingCount ? selection + pendingHeading : selection + pendingHeading + 1
    }

    /// The row at `index`.
    func row(at index: Int) -> Row? {
        guard index >= 0, index < rowCount else { return nil }
        var rest = index
        if pendingCount > 0 {
            if rest == 0 { return .heading(.pending, count: pendingCount) }
            rest -= 1
            if rest < pendingCount { return todo(at: rest).map { .todo($0, selection: rest) } }
            rest -= pendingCount
        }
        if rest == 0 { return .heading(.done, count: doneCount) }
        let selection = pendingCount + rest - 1
        return todo(at: selection).map { .todo($0, selection: selection) }
    }

    /// The selection of the todo `id` (O(n): after a change only).
    func selection(ofID id: Int) -> Int? {
        guard let index = todos.firstIndex(ofID: id) else { return nil }
        guard let order else { return index }
        return order.firstIndex(of: index)
    }

    /// The 1-based place of the todo at `selection` among the todos of its status, and how
    /// many there are — what `move` takes — when the list shows every todo in the manual
    /// order (no search, no tag, sorted by position); `nil` otherwise.
    func place(ofSelection selection: Int, query: TodoQuery) -> (place: Int, count: Int)? {
        guard query.search.isEmpty, query.tag == nil, query.priority == nil, !query.overdueOnly,
            query.sort == .position, query.limit == nil, let todo = todo(at: selection)
        else { return nil }
        return todo.isDone
            ? (selection - pendingCount + 1, doneCount)
            : (selection + 1, pendingCount)
    }
}
