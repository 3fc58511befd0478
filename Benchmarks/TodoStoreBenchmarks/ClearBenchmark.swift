import Foundation
import TodoCore

/// `TodoStoreBenchmarks clear [SIZES…]` (default 100000 200000): for a store of N todos, half
/// of them done, times clearing the done ones and undoing that — each through a new storage, as
/// a new process does — against reading every todo of the same store, in the same run. Clearing
/// must be linear: a small multiple of the read at every size, and twice the time for twice the
/// todos (a quadratic clear takes four times as long).
func runClearBenchmark(sizes: [Int]) throws {
    print("TodoStoreBenchmarks clear: release build, medians of 3")
    var previous: (size: Int, clear: Double)?
    for size in sizes {
        let folder = NSTemporaryDirectory() + "todo-clear-bench-\(getpid())-\(size)"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/todos.json"
        let base = Date(timeIntervalSince1970: 1_893_456_000)
        let todos = (0..<size).map { index in
            ImportedTodo(
                title: "Todo number \(index) with a title of several words", isDone: index % 2 == 1,
                createdAt: base, completedAt: index % 2 == 1 ? base.addingTimeInterval(60) : nil)
        }
        _ = try withService(path) { try run($0.importTodos(todos)) }
        let original = try Data(contentsOf: URL(fileURLWithPath: path))

        var kept: [JSONFileTodoStorage] = []
        let read = try time(runs: 3) {
            let storage = JSONFileTodoStorage(path: path)
            let count = try storage.read { try $0.allTodos().count }
            precondition(count == size)
            kept.append(storage)
        }
        kept.removeAll()
        var clears: [Double] = []
        var undos: [Double] = []
        for _ in 0..<3 {
            try original.write(to: URL(fileURLWithPath: path))
            for file in [".journal", ".bak"] { try? FileManager.default.removeItem(atPath: path + file) }
            let start = now()
            let cleared = try withService(path) { try run($0.clearCompleted()) }
            clears.append((now() - start) * 1000)
            precondition(cleared.count == size / 2)
            let undoStart = now()
            _ = try withService(path) { try run($0.undo()) }
            undos.append((now() - undoStart) * 1000)
        }
        let clear = clears.sorted()[1]
        let undo = undos.sorted()[1]
        print("\n\(size) todos (\(size / 2) done), store file \(original.count / 1_048_576) MiB")
        print("  read all        \(milliseconds(read.median))")
        print("  clear           \(milliseconds(clear))   \(ratio(clear, read.median)) the read")
        print("  undo the clear  \(milliseconds(undo))   \(ratio(undo, read.median)) the read")
        if let previous {
            let growth = clear / previous.clear
            let todos = Double(size) / Double(previous.size)
            print(
                String(
                    format: "  clear grew %.1f× for %.1f× the todos (linear: %.1f×, quadratic: %.1f×)", growth, todos,
                    todos, todos * todos))
        }
        previous = (size, clear)
    }
}

/// `body` with the todo service of a new storage of the store at `path` (its provider kept alive).
func withService<Value>(_ path: String, _ body: (TodoServiceType) throws -> Value) throws -> Value {
    let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: path))
    return try withExtendedLifetime(provider) { try body(provider.todoService) }
}

/// The one value `operation` emits, or its error.
@discardableResult
func run<Value>(_ operation: Observable<Value>) throws -> Value {
    var result: Result<Value, Error>?
    _ = operation.subscribe(onNext: { result = .success($0) }, onError: { result = .failure($0) })
    return try result!.get()
}
