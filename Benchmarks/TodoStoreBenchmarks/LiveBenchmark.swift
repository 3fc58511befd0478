import Foundation
import TodoCore

/// `TodoStoreBenchmarks live [SIZES…]` (default 100 100000): the cost of one change to the
/// reactors `todo ui` keeps alive, in process, without a terminal: a toggle (done, then undone)
/// of a pending todo through the todo service over the JSON-file store, once with no reactor
/// (the write alone: journal append and fsync), then with the overview (counts, relations,
/// projects, month), with the overview and the list of every todo, and with those and the
/// next view's list (pending, by urgency). Medians of 21 changes, after warm-up.
func runLiveBenchmark(sizes: [Int]) throws {
    print("TodoStoreBenchmarks live: release build, ms per change (median of 21)")
    print("todos        write   +overview      +list      +next")
    for size in sizes {
        let folder = NSTemporaryDirectory() + "todo-live-bench-\(getpid())-\(size)"
        try? FileManager.default.removeItem(atPath: folder)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/todos.json"
        _ = try withService(path) { try run($0.importTodos(makeTodos(size))) }
        let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: path))
        let id = try run(provider.todoService.fetch(TodoQuery(status: .pending, limit: 1)))[0].id
        var reactors: [AnyObject] = []
        var row: [String] = []
        for step in 0..<4 {
            switch step {
            case 1:
                let overview = TodoOverviewReactor(provider: provider)
                overview.send(.refresh)
                reactors.append(overview)
            case 2:
                let list = TodoListReactor(provider: provider, query: TodoQuery(status: .all))
                list.send(.refresh)
                reactors.append(list)
            case 3:
                let next = TodoListReactor(provider: provider, query: .next)
                next.send(.refresh)
                reactors.append(next)
            default: break
            }
            var times: [Double] = []
            for index in 0..<24 {
                let start = now()
                _ = try run(
                    index % 2 == 0
                        ? provider.todoService.markDone(ids: [id]) : provider.todoService.markUndone(ids: [id]))
                if index >= 3 { times.append((now() - start) * 1000) }
            }
            times.sort()
            row.append(String(format: "%8.2f", times[times.count / 2]))
        }
        print(String(format: "%-8d", size) + row.map { "   " + $0 }.joined())
        reactors.removeAll()
    }
}
