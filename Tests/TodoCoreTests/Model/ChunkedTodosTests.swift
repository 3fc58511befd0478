import Testing
import TodoCoreTesting

@testable import TodoCore

/// The chunked list behaves as the array it stands for, whatever the changes, and shares the
/// storage of the array it was made from until it changes.
@Suite struct ChunkedTodosTests {
    @Test func madeFromAnArrayItIsThatArray() {
        let todos = (1...1_500).map { Todo.fixture($0) }
        let chunked = ChunkedTodos(todos)
        #expect(chunked.count == 1_500)
        #expect(Array(chunked) == todos)
        #expect(chunked[0].id == 1 && chunked[511].id == 512 && chunked[512].id == 513 && chunked[1_499].id == 1_500)
        #expect(chunked.slices.count == 3)
        todos.withUnsafeBufferPointer { original in
            chunked.array.withUnsafeBufferPointer { given in #expect(given.baseAddress == original.baseAddress) }
        }
        #expect(chunked.firstIndex(ofID: 1_200) == 1_199)
        #expect(chunked.firstIndex(ofID: 9_999) == nil)
        #expect(ChunkedTodos([]).isEmpty)
    }

    @Test func removingAndInsertingMatchTheArray() {
        var array = (1...3_000).map { Todo.fixture($0) }
        var chunked = ChunkedTodos(array)
        var generator = SplitMix(seed: 19)
        var nextID = 3_001
        for step in 0..<400 {
            if step % 3 == 0, !array.isEmpty {
                let ids = Set(
                    (0..<Int(generator.next() % 40)).map { _ in array[Int(generator.next() % UInt64(array.count))].id })
                array.removeAll { ids.contains($0.id) }
                chunked.removeAll(ids: ids)
            } else {
                let position = array.isEmpty ? 0 : Int(generator.next() % UInt64(array.count + 1))
                let todo = Todo.fixture(nextID)
                nextID += 1
                // Many inserts at one place make a chunk grow past twice its size, and split.
                let place = step % 2 == 0 ? min(position, array.count) : min(700, array.count)
                array.insert(todo, at: place)
                chunked.insert(todo, at: place)
            }
            #expect(chunked.count == array.count)
        }
        #expect(Array(chunked) == array)
        #expect(chunked.array == array)
        #expect(chunked == ChunkedTodos(array), "equal however chunked")
        #expect(chunked.slices.allSatisfy { !$0.isEmpty && $0.count <= 2 * ChunkedTodos.chunkSize })
        for (index, todo) in array.enumerated() where index % 97 == 0 {
            #expect(chunked[index] == todo)
            #expect(chunked.firstIndex(ofID: todo.id) == index)
        }
        var emptied = ChunkedTodos(Array(array.prefix(3)))
        emptied.removeAll(ids: Set(array.prefix(3).map(\.id)))
        #expect(emptied.isEmpty && emptied.slices.isEmpty)
        emptied.insert(array[0], at: 0)
        #expect(Array(emptied) == [array[0]])
    }
}

/// A small deterministic generator (SplitMix64) for the tests' random changes.
private struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
