import Foundation
import TodoCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `TodoStoreBenchmarks config`: what reading the config file costs a command's start-up (issue
/// 19: at most 0.5 ms), on a 50-line file that uses every kind of key, against the floor of
/// reading the same file with open + read(2) + close, in the same run:
///
/// - the first read in a new process (what `todo` pays: the one-time set-up of the key registry
///   included), in child processes started for it (`config-once PATH`);
/// - a read in a process that has read it before (the parsing and checking alone).
func runConfigBenchmark() throws {
    let folder = NSTemporaryDirectory() + "todo-config-bench-\(getpid())"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/config"
    try configBenchmarkFile.write(toFile: path, atomically: true, encoding: .utf8)
    // The file ends with a line break, which ends its last line.
    let lines = configBenchmarkFile.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    let environment = ["TODO_CONFIG": path]
    let commands: Set<String> = ["add", "list", "next", "done", "edit", "show", "calendar", "burndown", "summary"]
    let config = try TodoConfig.load(environment: environment, commands: commands, reports: ["next", "list"])
    precondition(config.warnings.isEmpty && config.aliases.count == 6 && config.reports.count == 2)

    print(
        "TodoStoreBenchmarks config: release build, a \(lines)-line config file (\(configBenchmarkFile.utf8.count) bytes)"
    )
    // The first read in a new process, in 21 processes.
    var firsts: [Double] = []
    var firstFloors: [Double] = []
    for _ in 0..<21 {
        let numbers = try childNumbers(["config-once", path])
        firstFloors.append(numbers[0])
        firsts.append(numbers[1])
    }
    firsts.sort()
    firstFloors.sort()
    // What a command pays: reading a 100-todo store and printing it as JSON (`todo list --json`),
    // with and without reading the config first, in 41 processes each, taking turns.
    let store = folder + "/todos.json"
    var failure: Error?
    let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: store))
    _ = provider.todoService.importTodos(makeTodos(100)).subscribe(onError: { failure = $0 })
    if let failure { throw failure }
    var with: [Double] = []
    var without: [Double] = []
    for _ in 0..<41 {
        with.append(try childNumbers(["config-startup", path, store, "with"])[0])
        without.append(try childNumbers(["config-startup", path, store, "without"])[0])
    }
    with.sort()
    without.sort()
    // Again and again in this process.
    let floor = time(runs: 2001) { _ = readWhole(path) }
    let warm = try time(runs: 2001) {
        _ = try TodoConfig.load(environment: environment, commands: commands, reports: ["next", "list"])
    }
    print(
        "  first read in a new process  \(microseconds(firsts[firsts.count / 2]))  (worst of 21 \(microseconds(firsts.last!)))"
            + "   floor (open + read + close, first in the process) \(microseconds(firstFloors[firstFloors.count / 2]))"
    )
    print(
        "  read again in the process    \(microseconds(warm.median))   floor (open + read + close) \(microseconds(floor.median))"
            + " \(ratio(warm.median, floor.median))")
    let (withMedian, withoutMedian) = (with[with.count / 2], without[without.count / 2])
    print(
        "  a command's work (read a 100-todo store, print it as JSON) in a new process: with the config "
            + "\(microseconds(withMedian)), without \(microseconds(withoutMedian)): the config costs "
            + "\(microseconds(withMedian - withoutMedian))")
}

/// The numbers a child mode of this program prints.
private func childNumbers(_ arguments: [String]) throws -> [Double] {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    child.arguments = arguments
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    child.waitUntilExit()
    let reply = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let numbers = reply.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard !numbers.isEmpty else { throw CocoaError(.fileReadCorruptFile) }
    return numbers
}

/// `config-startup CONFIG STORE with|without`: a command's work — read the store, print its todos
/// as JSON (as `todo list --json`) — after reading the config first (`with`) or not; prints the
/// time in milliseconds.
func runConfigStartup(_ path: String, store: String, withConfig: Bool) throws {
    let start = now()
    if withConfig {
        let config = try TodoConfig.load(
            environment: ["TODO_CONFIG": path],
            commands: ["add", "list", "next", "done", "edit", "show", "calendar", "burndown", "summary"],
            reports: ["next", "list"])
        precondition(config.aliases.count == 6)
    }
    let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: store))
    var output = ""
    var failure: Error?
    _ = provider.todoService.fetch(TodoQuery(status: .all)).subscribe(
        onNext: { todos in output = TodoJSONOutput.array(todos, context: TodoContext(todos: todos, clock: .system)) },
        onError: { failure = $0 })
    let elapsed = now() - start
    if let failure { throw failure }
    precondition(output.count > 1000)
    print(elapsed * 1000)
}

/// `config-once PATH`: the first read(2) of the file, then the first read of the config, in this
/// process; prints both in milliseconds.
func runConfigOnce(_ path: String) throws {
    let start = now()
    _ = readWhole(path)
    let floor = now() - start
    let second = now()
    let config = try TodoConfig.load(
        environment: ["TODO_CONFIG": path],
        commands: ["add", "list", "next", "done", "edit", "show", "calendar", "burndown", "summary"],
        reports: ["next", "list"])
    let load = now() - second
    precondition(config.aliases.count == 6)
    print("\(floor * 1000) \(load * 1000)")
}

/// The file's bytes, by open + read(2) + close.
private func readWhole(_ path: String) -> Int {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return -1 }
    defer { close(descriptor) }
    var buffer = [UInt8](repeating: 0, count: 16_384)
    return read(descriptor, &buffer, buffer.count)
}

private func microseconds(_ milliseconds: Double) -> String { String(format: "%7.1f µs", milliseconds * 1000) }

/// A config as a user who has made `todo` theirs might keep it: 50 lines of every kind.
private let configBenchmarkFile = """
    # todo's settings (todo config lists them, with where each comes from)
    default.command = next
    color = auto
    week.start = monday
    date.format = a d b
    hooks = on

    # Shortcuts
    alias.t = next +today
    alias.tw = t +work
    alias.w = list +work
    alias.h = list +home "due.before:eow"
    alias.shop = add +shop
    alias.late = list is:overdue

    # Contexts
    context.work = project:Work +office
    context.home = +home -office
    context.errands = +shop or +errand
    context = work

    # Reports of my own
    report.overdue.description = Late todos, most urgent first
    report.overdue.filter = is:overdue
    report.overdue.sort = urgency-,due+
    report.overdue.columns = id,due,project,title,urgency
    report.overdue.limit = 25
    report.next.columns = id,priority,project,due,title,tags,urgency
    report.next.limit = 30

    # Urgency, as in my .taskrc
    urgency.due.coefficient = 12
    urgency.blocking.coefficient = 8
    urgency.blocked.coefficient = -5
    urgency.age.coefficient = 2
    urgency.age.max = 365
    urgency.project.coefficient = 1
    urgency.uda.priority.H.coefficient = 6
    urgency.uda.priority.M.coefficient = 3.9
    urgency.uda.priority.L.coefficient = 1.8
    urgency.user.tag.next.coefficient = 15
    urgency.user.project.Work.coefficient = 2.5
    urgency.user.keyword.urgent.coefficient = 4

    # Sync
    sync.url = https://dav.example.com/remote.php/dav/calendars/ann/tasks/
    sync.username = ann
    sync.password_command = pass show dav.example.com
    sync.interval = 5m
    sync.allow_insecure = no
    """ + "\n"
