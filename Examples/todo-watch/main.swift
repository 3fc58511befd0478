// todo-watch: prints the changes to the todos as they happen, whichever process makes them
// (`todo add` in another terminal, `todo ui`, a sync). The finished program of
// Docs/BuildingAFrontEnd.md: a second front end on TodoCore, in one file.
//
// Usage: todo-watch [--file PATH]
//
// The store is found as `todo` finds it: --file, else $TODO_FILE, else
// $XDG_DATA_HOME/todo/todos.json, else ~/.local/share/todo/todos.json. Each change is one line:
//
//     watching /home/me/.local/share/todo/todos.json: 3 pending, 1 done
//     added 4: Buy milk
//     done 4: Buy milk
//     changed 2: Call mum (was: Call dad)
//     deleted 3: Water plants
//
// It runs until interrupted (Ctrl-C) or until standard input ends, when run with `--until-eof`.
import Dispatch
import Foundation
import TodoCore

/// The lines that say how `new` differs from `old`, by id: added, done, not done, retitled or
/// otherwise changed, and deleted todos, in id order.
func changes(from old: [Todo], to new: [Todo]) -> [String] {
    let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let after = Dictionary(new.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var lines: [(Int, String)] = []
    for (id, todo) in after {
        guard let previous = before[id] else {
            lines.append((id, "added \(id): \(todo.title)"))
            continue
        }
        if previous.isDone != todo.isDone {
            lines.append((id, "\(todo.isDone ? "done" : "not done") \(id): \(todo.title)"))
        } else if previous.title != todo.title {
            lines.append((id, "changed \(id): \(todo.title) (was: \(previous.title))"))
        } else if previous != todo {
            lines.append((id, "changed \(id): \(todo.title)"))
        }
    }
    for (id, todo) in before where after[id] == nil {
        lines.append((id, "deleted \(id): \(todo.title)"))
    }
    return lines.sorted { $0.0 < $1.0 }.map(\.1)
}

/// Prints whole lines to standard output at once, flushed, from any thread.
final class LinePrinter: @unchecked Sendable {
    // @unchecked Sendable: `shown` is guarded by lock
    private let lock = NSLock()
    private var shown: [Todo]?  // guarded by lock: the todos the printed lines account for

    /// Prints the changes between the todos printed last and `todos` (a summary the first time).
    func show(_ todos: [Todo], store: String) {
        let text: String = lock.withLock {
            defer { shown = todos }
            guard let shown else {
                let done = todos.filter(\.isDone).count
                return "watching \(store): \(todos.count - done) pending, \(done) done\n"
            }
            return changes(from: shown, to: todos).map { $0 + "\n" }.joined()
        }
        if !text.isEmpty {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    /// Prints `message` as an error on standard error.
    static func fail(_ message: String) {
        FileHandle.standardError.write(Data("todo-watch: \(message)\n".utf8))
    }
}

// MARK: - The arguments

var arguments = Array(CommandLine.arguments.dropFirst())
var file: String?
var untilEndOfInput = false
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--file" where !arguments.isEmpty:
        file = arguments.removeFirst()
    case "--until-eof":
        untilEndOfInput = true
    case "-h", "--help":
        print("usage: todo-watch [--file PATH] [--until-eof]")
        exit(0)
    default:
        LinePrinter.fail("unknown argument '\(argument)' (usage: todo-watch [--file PATH] [--until-eof])")
        exit(64)
    }
}

// MARK: - The store, the provider, the shell and the list

let environment = ProcessInfo.processInfo.environment
let path: String
let lockTimeout: Double
do {
    path = try TodoStoreLocation.resolve(file: file, environment: environment)
    lockTimeout = try TodoStoreLocation.lockTimeout(environment: environment)
} catch {
    LinePrinter.fail(error.description)
    exit(64)
}

let storage = JSONFileTodoStorage(path: path, options: .init(lockTimeout: lockTimeout))
let provider = TodoServiceProvider(storage: storage)
let shell = AppShell(provider: provider)
let list = shell.make { TodoListReactor(provider: $0, query: TodoQuery(status: .all)) }
let printer = LinePrinter()
let disposeBag = DisposeBag()

// Every state of the list, whichever thread delivers it: the first load here, the reloads that
// follow another process's change on the watcher's queue. The printer's lock keeps them apart.
list.state
    .filter(\.isLoaded)
    .subscribe(onNext: { state in printer.show(state.todos, store: path) })
    .disposed(by: disposeBag)
list.pulse(\.$error)
    .compactMap { $0 }
    .subscribe(onNext: { error in LinePrinter.fail(error.description) })
    .disposed(by: disposeBag)

list.send(.refresh)

// MARK: - Following other processes

let watcher = TodoStoreWatcher(provider: provider)
watcher.start()

if untilEndOfInput {
    while readLine() != nil {}
    watcher.stop()
    _ = watcher.check()  // what changed since the last look
    shell.tearDown()
    exit(0)
}
signal(SIGINT, SIG_IGN)
let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
interrupt.setEventHandler {
    watcher.stop()
    shell.tearDown()
    exit(0)
}
interrupt.resume()
dispatchMain()
