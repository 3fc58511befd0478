/// Todos in order, held in chunks of a few hundred, so that changing one todo of a long list
/// copies its chunk rather than every todo: what a list reactor's state keeps (a state is a
/// value, and each change makes a new one while the old is still held).
///
/// Made from an array, it shares that array's storage until it changes, and ``array`` gives it
/// back without a copy; after a change, ``array`` joins the chunks (O(n)), and reading by index
/// finds the chunk first (O(log n)). Front ends that follow a long list read it as a
/// collection; one-off commands read ``array``.
///
/// ```swift
/// var todos = ChunkedTodos(fetched)   // no copy
/// todos.removeAll(ids: [3])           // copies the chunk holding 3, not the list
/// todos.insert(updated, at: 0)
/// todos[0].title
/// ```
public struct ChunkedTodos: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
    /// How many todos a chunk holds when the array is cut (a chunk grows to twice as many
    /// before it is cut again).
    static let chunkSize = 512

    /// The chunks, none empty.
    private var chunks: [ArraySlice<Todo>]
    /// The index of the first todo of each chunk.
    private var starts: [Int]
    /// The array the todos were made from, until they change.
    private var whole: [Todo]?
    /// How many todos there are.
    public private(set) var count: Int

    /// The todos of `todos`, sharing its storage.
    public init(_ todos: [Todo]) {
        whole = todos
        count = todos.count
        chunks = stride(from: 0, to: todos.count, by: ChunkedTodos.chunkSize).map {
            todos[$0..<Swift.min($0 + ChunkedTodos.chunkSize, todos.count)]
        }
        starts = []
        updateStarts()
    }

    /// The todos of a literal.
    public init(arrayLiteral todos: Todo...) {
        self.init(todos)
    }

    /// The todos as an array: without a copy until they change.
    public var array: [Todo] {
        whole ?? Array(chunks.joined())
    }

    /// The chunks in order, for reading every todo fast: a field read through a chunk's
    /// subscript (`chunk[index].id`) copies no todo, where a loop over the collection copies
    /// each (retaining all its fields).
    public var slices: [ArraySlice<Todo>] { chunks }

    /// The position of the todo `id`, reading ids in place.
    public func firstIndex(ofID id: Int) -> Int? {
        for (number, chunk) in chunks.enumerated() {
            if let index = chunk.indices.first(where: { chunk[$0].id == id }) {
                return starts[number] + index - chunk.startIndex
            }
        }
        return nil
    }

    /// 0.
    public var startIndex: Int { 0 }
    /// ``count``.
    public var endIndex: Int { count }

    /// The todo at `position`.
    public subscript(position: Int) -> Todo {
        let (chunk, offset) = locate(position)
        return chunks[chunk][chunks[chunk].startIndex + offset]
    }

    /// Whether both hold the same todos in the same order, however they are chunked.
    public static func == (lhs: ChunkedTodos, rhs: ChunkedTodos) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// Removes the todos whose id is in `ids`; only the chunks holding one are copied.
    public mutating func removeAll(ids: Set<Int>) {
        guard !ids.isEmpty else { return }
        var changed = false
        for index in chunks.indices {
            // The ids are read in place: a copy of a todo would retain each of its fields.
            let chunk = chunks[index]
            guard chunk.indices.contains(where: { ids.contains(chunk[$0].id) }) else { continue }
            chunks[index].removeAll { ids.contains($0.id) }
            changed = true
        }
        guard changed else { return }
        chunks.removeAll { $0.isEmpty }
        didChange()
    }

    /// Inserts `todo` at `position` (`count` appends it); only its chunk is copied.
    public mutating func insert(_ todo: Todo, at position: Int) {
        precondition(position >= 0 && position <= count, "position out of range")
        guard !chunks.isEmpty else {
            chunks = [[todo]]
            didChange()
            return
        }
        let (chunk, offset) = position == count ? (chunks.count - 1, chunks[chunks.count - 1].count) : locate(position)
        chunks[chunk].insert(todo, at: chunks[chunk].startIndex + offset)
        if chunks[chunk].count > 2 * ChunkedTodos.chunkSize {
            let full = chunks[chunk]
            let middle = full.startIndex + full.count / 2
            chunks[chunk] = full[..<middle]
            chunks.insert(full[middle...], at: chunk + 1)
        }
        didChange()
    }

    /// The first `limit` todos.
    func limited(to limit: Int) -> ChunkedTodos {
        count <= limit ? self : ChunkedTodos(Array(prefix(Swift.max(limit, 0))))
    }

    /// The chunk holding `position`, and the position's offset in it.
    private func locate(_ position: Int) -> (chunk: Int, offset: Int) {
        precondition(position >= 0 && position < count, "index out of range")
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        return (low, position - starts[low])
    }

    private mutating func didChange() {
        whole = nil
        updateStarts()
    }

    private mutating func updateStarts() {
        starts.removeAll(keepingCapacity: true)
        var total = 0
        for chunk in chunks {
            starts.append(total)
            total += chunk.count
        }
        count = total
    }
}
