// A helper process for TodoCore's multi-process tests: it works on a store through
// `TodoService`, printing one line per operation once it is written (flushed at once), so that
// a test can compare the store with what the successful operations imply — also after
// killing it with SIGKILL.
//
//   todo-store-worker add PATH COUNT PREFIX [--small]     COUNT todos titled PREFIX-1…; prints "added ID TITLE"
//   todo-store-worker mixed PATH WORKER COUNT SEED [--small]   mixed operations on its own todos, plus a tag on todo 1
//   todo-store-worker forever PATH PREFIX [--small]       adds and completes until killed
//   todo-store-worker hold PATH SECONDS                   holds the store's lock, prints "locked", then sleeps
//
// `--small` sets a tiny compaction threshold and journal limit, so that the journal and
// compactions are exercised with few todos.
import Foundation
import TodoCore

/// Writes one line to standard output at once (unbuffered: the process may be killed next).
func print(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: todo-store-worker MODE PATH …\n".utf8))
    exit(64)
}
let mode = arguments[0]
let path = arguments[1]
let small = arguments.contains("--small")
// Eight workers queue for one lock, on a loaded machine, under a sanitizer: a patience (the
// tests' 300 s, twice), not a timing; a worker that gives up prints "failed" and fails the test.
let options =
    small
    ? JSONFileTodoStorage.Options(lockTimeout: 600, compactionThreshold: 2_000, journalLimit: 6_000)
    : JSONFileTodoStorage.Options(lockTimeout: 600)
let storage = JSONFileTodoStorage(path: path, options: options)
let provider = TodoServiceProvider(storage: storage)
let service = provider.todoService

/// Runs an operation; returns its value, or prints its error and returns nil.
func attempt<T>(_ operation: Observable<T>) -> T? {
    var result: Result<T, Error>?
    _ = operation.subscribe(onNext: { result = .success($0) }, onError: { result = .failure($0) })
    switch result {
    case .success(let value)?: return value
    case .failure(let error)?:
        print("failed \(error)")
        return nil
    case nil: return nil
    }
}

/// A small deterministic generator (SplitMix64).
struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}

switch mode {
case "add":
    let count = Int(arguments[2])!
    let prefix = arguments[3]
    for index in 1...count {
        if let todo = attempt(service.create(TodoDraft(title: "\(prefix)-\(index)"))) {
            print("added \(todo.id) \(todo.title)")
        }
    }
case "mixed":
    let worker = Int(arguments[2])!
    let count = Int(arguments[3])!
    var generator = Generator(state: UInt64(arguments[4])! &+ UInt64(worker))
    var mine: [Int] = []
    for step in 1...count {
        let choice = mine.isEmpty ? 0 : generator.next(7)
        switch choice {
        case 0:
            if let todo = attempt(service.create(TodoDraft(title: "w\(worker)-\(step)"))) {
                mine.append(todo.id)
                print("add \(todo.id) \(todo.title)")
            }
        case 1:
            let id = mine[generator.next(mine.count)]
            if attempt(service.markDone(ids: [id])) != nil { print("done \(id)") }
        case 2:
            let id = mine[generator.next(mine.count)]
            if attempt(service.markUndone(ids: [id])) != nil { print("undone \(id)") }
        case 3:
            let id = mine[generator.next(mine.count)]
            let title = "w\(worker)-edit-\(step)"
            if attempt(service.update(id: id, TodoPatch(title: title))) != nil { print("edit \(id) \(title)") }
        case 4:
            let id = mine.remove(at: generator.next(mine.count))
            if attempt(service.delete(ids: [id])) != nil { print("rm \(id)") }
        case 5:
            // To the top: the one position that others' changes cannot put out of range.
            let id = mine[generator.next(mine.count)]
            if attempt(service.move(id: id, to: 1)) != nil { print("move \(id)") }
        default:
            let tag = "w\(worker)s\(step)"
            if attempt(service.update(id: 1, TodoPatch(addTags: [tag]))) != nil { print("tag 1 \(tag)") }
        }
    }
case "forever":
    let prefix = arguments[2]
    var index = 0
    while true {
        index += 1
        if let todo = attempt(service.create(TodoDraft(title: "\(prefix)-\(index)"))) {
            print("added \(todo.id)")
            if index % 3 == 0, attempt(service.markDone(ids: [todo.id])) != nil { print("done \(todo.id)") }
        }
    }
case "hold":
    let seconds = Double(arguments[2])!
    _ = try? storage.write { _ -> (change: TodoChange?, result: Void) in
        print("locked")
        Thread.sleep(forTimeInterval: seconds)
        return (nil, ())
    }
default:
    FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
    exit(64)
}
