import Foundation
import TestSupport
import TodoCore

extension TodoSandbox {
    /// Fills the sandbox's store with `count` todos in one import, in this process (a third
    /// of them done, some with due dates and tags), and returns their ids.
    @discardableResult
    func fillStore(_ count: Int) throws -> [Int] {
        let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: storePath))
        let items = (1...count).map { index in
            ImportedTodo(
                title: "Stored todo number \(index)", isDone: index % 3 == 0,
                due: index % 4 == 0 ? CalendarDay(daysSinceEpoch: 22_000 + index % 300) : nil,
                tags: index % 5 == 0 ? ["work"] : [])
        }
        var result: Swift.Result<TodoImportResult, Error>?
        _ = provider.todoService.importTodos(items).subscribe(
            onNext: { result = .success($0) }, onError: { result = .failure($0) })
        return try result!.get().created.map(\.id)
    }

    /// Every todo in the store by id, as `todo list --all --json` prints them; `nil` when the
    /// command fails (the store could not be read).
    func storedTodos() -> [Int: [String: Any]]? {
        let result = run(["list", "--all", "--json"])
        guard result.status == 0, let array = result.json as? [[String: Any]] else { return nil }
        var byID: [Int: [String: Any]] = [:]
        for todo in array {
            if let id = todo["id"] as? Int { byID[id] = todo }
        }
        return byID
    }

    /// ``storedTodos()`` on a thread of its own.
    func storedTodos() async -> [Int: [String: Any]]? {
        await onOwnThread { [self] in StoredTodos(self.storedTodos()) }.todos
    }

    /// Starts `todo arguments…` without waiting for it.
    func start(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ChildProcess {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        try process.run()
        return process
    }
}

/// The number of iterations of a reliability test: `count`, a fifth of it under a sanitizer
/// (whose instrumented processes are several times slower; the full count runs in the plain
/// `swift test`), or `TODO_FUZZ_ITERATIONS` for a longer run (see Docs/Reliability.md).
func iterations(default count: Int) -> Int {
    if let given = ProcessInfo.processInfo.environment["TODO_FUZZ_ITERATIONS"].flatMap(Int.init) { return given }
    return isSanitized ? max(count / 5, 1) : count
}

/// Whether this test process runs under ThreadSanitizer or AddressSanitizer.
let isSanitized: Bool = {
    let handle = dlopen(nil, RTLD_NOW)
    defer { if let handle { dlclose(handle) } }
    return dlsym(handle, "__tsan_init") != nil || dlsym(handle, "__asan_init") != nil
}()

/// Todos as `todo list --json` gives them, carried across threads (they are only read).
struct StoredTodos: @unchecked Sendable {
    // @unchecked Sendable: the dictionaries are not changed after they are made
    let todos: [Int: [String: Any]]?

    init(_ todos: [Int: [String: Any]]?) {
        self.todos = todos
    }
}
