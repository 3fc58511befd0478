import Foundation
import Testing
import TodoCoreTesting

@testable import TodoCore

/// Applying a change to the store's state in memory: a change of any size (one todo, or a
/// clear of thousands and its undo) gives what applying its deletes, then its puts, one at a
/// time would.
@Suite struct StoreStateTests {
    /// The reference: a dictionary by id, deletes first, then puts in order, sorted by id.
    static func reference(_ todos: [Todo], _ change: TodoChange) -> [Todo] {
        var byID = Dictionary(uniqueKeysWithValues: todos.map { ($0.id, $0) })
        for id in change.deleted { byID[id] = nil }
        for todo in change.put { byID[todo.id] = todo }
        return byID.values.sorted { $0.id < $1.id }
    }

    @Test(arguments: [0, 1, 5, 16, 17, 100, 3_000])
    func aChangeOfAnySizeGivesWhatOneByOneWould(size: Int) {
        var generator = Formats.ImportFormatsMutationTests.SplitMix64(state: UInt64(size) + 1)
        for _ in 0..<20 {
            let count = Int.random(in: 0...200, using: &generator)
            let ids = (1...600).shuffled(using: &generator).prefix(count).sorted()
            let todos = ids.map { Todo.fixture($0) }
            // Deletes of present and absent ids; puts replacing, adding (beyond the last id and
            // between), and repeating an id (the later wins).
            let deleted = (0..<size).map { _ in Int.random(in: 1...700, using: &generator) }
            var put = (0..<size).map { _ in
                let id = Int.random(in: 1...700, using: &generator)
                return Todo.fixture(id, "put \(id)")
            }
            if let first = put.first {
                var again = Todo.fixture(first.id, "again")
                again.position = 5
                put.append(again)
            }
            let change = TodoChange(kind: .imported, put: put, deleted: deleted)
            var state = StoreState(todos: todos, nextID: 1, nextPosition: 0, history: [])
            state.apply(change)
            #expect(state.todos == Self.reference(todos, change))
            #expect(state.nextID > (state.todos.last?.id ?? 0))
        }
    }

    @Test func clearingThousandsThenUndoingGivesTheStoreBack() {
        let todos = (1...5_000).map { Todo.fixture($0, isDone: $0 % 2 == 0) }
        var state = StoreState(todos: todos, nextID: 1, nextPosition: 0, history: [])
        let done = todos.filter(\.isDone)
        state.apply(TodoChange(kind: .cleared, deleted: done.map(\.id), before: done))
        #expect(state.todos == todos.filter { !$0.isDone })
        let undo = state.history.last!.inverse
        state.apply(undo)
        #expect(state.todos == todos)
        #expect(state.history.isEmpty)
    }
}
