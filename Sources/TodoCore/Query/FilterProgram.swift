#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A resolved filter laid out for evaluation: its nodes in one array, depth first, each group
/// followed by its children, the texts and id ranges in tables beside it.
///
/// Nothing in ``ops`` is reference-counted, so testing a todo retains nothing of the filter
/// (a tree of enums retained each node and text it visited, which cost more than the tests).
@usableFromInline
struct FilterProgram: Sendable {
    /// The nodes, depth first.
    @usableFromInline private(set) var ops: [FilterOp] = []
    /// The texts ``FilterOp`` cases name by index.
    @usableFromInline private(set) var texts: [FoldedText] = []
    /// The id ranges ``FilterOp/ids(from:to:)`` names by index.
    @usableFromInline private(set) var ranges: [ClosedRange<Int>] = []

    /// The program of `node`.
    init(_ node: FilterNode) {
        append(node)
    }

    private mutating func append(_ node: FilterNode) {
        switch node {
        case .constant(let answer): ops.append(.constant(answer))
        case .all(let nodes): appendGroup(nodes) { .all(end: $0) }
        case .any(let nodes): appendGroup(nodes) { .any(end: $0) }
        case .not(let inner): appendGroup([inner]) { .not(end: $0) }
        case .ids(let idRanges):
            ops.append(.ids(from: ranges.count, to: ranges.count + idRanges.count))
            ranges += idRanges
        case .tag(let text): ops.append(.tag(appendText(text)))
        case .hasProject(let present): ops.append(.hasProject(present))
        case .projectUnder(let text): ops.append(.projectUnder(appendText(text)))
        case .projectExactly(let text): ops.append(.projectExactly(appendText(text)))
        case .projectContaining(let text): ops.append(.projectContaining(appendText(text)))
        case .priority(let range): ops.append(.priority(lower: range.lowerBound, upper: range.upperBound))
        case .status(let pending, let waiting, let done):
            ops.append(.status(pending: pending, waiting: waiting, done: done))
        case .hasDay(let field, let present): ops.append(.hasDay(field, present))
        case .day(let field, let from, let through): ops.append(.day(field, from: from, through: through))
        case .createdAt(let from, let before): ops.append(.createdAt(from: from, before: before))
        case .hasCompletedAt(let present): ops.append(.hasCompletedAt(present))
        case .completedAt(let from, let before): ops.append(.completedAt(from: from, before: before))
        case .overdue: ops.append(.overdue)
        case .blocked: ops.append(.blocked)
        case .blocking: ops.append(.blocking)
        case .waiting: ops.append(.waiting)
        case .active: ops.append(.active)
        case .recurring: ops.append(.recurring)
        case .text(let text): ops.append(.text(appendText(text)))
        }
    }

    /// Appends a group node, then its children, then sets where the group ends.
    private mutating func appendGroup(_ children: [FilterNode], _ op: (Int) -> FilterOp) {
        let index = ops.count
        ops.append(.constant(false))
        for child in children { append(child) }
        ops[index] = op(ops.count)
    }

    private mutating func appendText(_ text: FoldedText) -> Int {
        texts.append(text)
        return texts.count - 1
    }

    /// Whether the program keeps `todo`, as seen on `today`.
    @inlinable
    func evaluate<T: FilterableTodo>(_ todo: T, today: CalendarDay) -> Bool {
        evaluate(at: 0, todo, today)
    }

    /// Where the node at `index` ends: the index after its last child.
    @inlinable @inline(__always)
    func end(of index: Int) -> Int {
        switch ops[index] {
        case .all(let end), .any(let end), .not(let end): return end
        default: return index + 1
        }
    }

    @inlinable
    func evaluate<T: FilterableTodo>(at index: Int, _ todo: T, _ today: CalendarDay) -> Bool {
        switch ops[index] {
        case .constant(let answer):
            return answer
        case .all(let end):
            var child = index + 1
            while child < end {
                if !evaluate(at: child, todo, today) { return false }
                child = self.end(of: child)
            }
            return true
        case .any(let end):
            var child = index + 1
            while child < end {
                if evaluate(at: child, todo, today) { return true }
                child = self.end(of: child)
            }
            return false
        case .not:
            return !evaluate(at: index + 1, todo, today)
        case .ids(let from, let to):
            return Self.contains(ranges[from..<to], todo.id)
        case .tag(let text):
            for tag in todo.tags where texts[text].equalsIgnoringCase(tag) { return true }
            return false
        case .hasProject(let present):
            return (todo.project != nil) == present
        case .projectUnder(let text):
            guard let project = todo.project else { return false }
            return texts[text].isSelfOrAncestor(of: project)
        case .projectExactly(let text):
            guard let project = todo.project else { return false }
            return texts[text].equalsIgnoringCase(project)
        case .projectContaining(let text):
            guard let project = todo.project else { return false }
            return texts[text].occurs(in: project)
        case .priority(let lower, let upper):
            let priority = todo.priority.rawValue
            return lower <= priority && priority <= upper
        case .status(let pending, let waiting, let done):
            if todo.isDone { return done }
            if pending == waiting { return pending }
            return todo.isWaiting(today: today) == waiting
        case .hasDay(let field, let present):
            return (Self.day(field, of: todo) != nil) == present
        case .day(let field, let from, let through):
            guard let day = Self.day(field, of: todo) else { return false }
            if let from, day < from { return false }
            if let through, through < day { return false }
            return true
        case .createdAt(let from, let before):
            return Self.isWithin(todo.createdAt.timeIntervalSince1970, from: from, before: before)
        case .hasCompletedAt(let present):
            return (todo.completedAt != nil) == present
        case .completedAt(let from, let before):
            guard let completedAt = todo.completedAt else { return false }
            return Self.isWithin(completedAt.timeIntervalSince1970, from: from, before: before)
        case .overdue:
            return todo.isOverdue(today: today)
        case .blocked:
            return todo.isBlocked
        case .blocking:
            return todo.isBlocking
        case .waiting:
            return todo.isWaiting(today: today)
        case .active:
            return todo.isActive
        case .recurring:
            return todo.isRecurring
        case .text(let index):
            let text = texts[index]
            if text.occurs(in: todo.title) { return true }
            if let note = todo.note, text.occurs(in: note) { return true }
            for tag in todo.tags where text.occurs(in: tag) { return true }
            if let project = todo.project, text.occurs(in: project) { return true }
            for annotation in todo.annotationTexts where text.occurs(in: annotation) { return true }
            return false
        }
    }

    @inlinable @inline(__always)
    static func day<T: FilterableTodo>(_ field: FilterDayField, of todo: T) -> CalendarDay? {
        switch field {
        case .due: return todo.due
        case .wait: return todo.wait
        case .scheduled: return todo.scheduled
        }
    }

    @inlinable @inline(__always)
    static func isWithin(_ seconds: Double, from: Double?, before: Double?) -> Bool {
        if let from, seconds < from { return false }
        if let before, seconds >= before { return false }
        return true
    }

    /// Whether `id` is in one of the sorted, disjoint `ranges` (binary search).
    @inlinable
    static func contains(_ ranges: ArraySlice<ClosedRange<Int>>, _ id: Int) -> Bool {
        var low = ranges.startIndex
        var high = ranges.endIndex
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < id {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low < ranges.endIndex && ranges[low].lowerBound <= id
    }
}

/// One node of a ``FilterProgram``: plain values only (texts and ranges are indices into the
/// program's tables).
@usableFromInline
enum FilterOp: Sendable {
    case constant(Bool)
    /// Every child, up to `end`, keeps the todo.
    case all(end: Int)
    /// One child, up to `end`, keeps the todo.
    case any(end: Int)
    /// The one child, ending at `end`, leaves the todo out.
    case not(end: Int)
    case ids(from: Int, to: Int)
    case tag(Int)
    case hasProject(Bool)
    case projectUnder(Int)
    case projectExactly(Int)
    case projectContaining(Int)
    case priority(lower: Int, upper: Int)
    case status(pending: Bool, waiting: Bool, done: Bool)
    case hasDay(FilterDayField, Bool)
    case day(FilterDayField, from: CalendarDay?, through: CalendarDay?)
    case createdAt(from: Double?, before: Double?)
    case hasCompletedAt(Bool)
    case completedAt(from: Double?, before: Double?)
    case overdue
    case blocked
    case blocking
    case waiting
    case active
    case recurring
    case text(Int)
}
