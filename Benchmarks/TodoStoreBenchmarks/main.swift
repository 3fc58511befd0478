// Benchmarks of TodoCore's JSON-file store, in release:
//
//   swift run -c release TodoStoreBenchmarks [SIZES…]      (default: 1000 10000 100000)
//   swift run -c release TodoStoreBenchmarks clear [SIZES…] (default: 100000 200000; see ClearBenchmark.swift)
//   swift run -c release TodoStoreBenchmarks filter [SIZES…] (default: 100000; see FilterBenchmark.swift)
//   swift run -c release TodoStoreBenchmarks config           (reading a 50-line config file; see ConfigBenchmark.swift)
//   swift run -c release TodoStoreBenchmarks reports [SIZES…] (default: 100000; see ReportsBenchmark.swift)
//   swift run -c release TodoStoreBenchmarks live [SIZES…]    (default: 100 100000; see LiveBenchmark.swift)
//
// For each size it builds a store of that many realistic todos in a temporary folder, then
// measures, each against a floor measured in the same run on the same file:
//   import          creating the store from N todos in one change (TodoService.importTodos)
//   read all        a new storage (as a new process has) reading every todo   | floor: read(2) of the file
//   add one         a new storage creating one todo, lock and fsync included  | floor: append + fsync of one line
//   complete one    a new storage marking one todo done                        | floor: the same
//   compaction      rewriting the store whole (snapshot, backup, journal)      | floor: write + fsync of the bytes
//   peak memory     a child process reading every todo: its peak RSS / the file size
// Times are medians (and the worst of the runs for add/complete, which include the
// compactions the journal triggers). See Benchmarks/README.md for recorded figures.
import Foundation
import TodoCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "peak-memory" {
    // Child mode: read every todo of the store at arguments[1], print the peak RSS in bytes.
    let baseline = peakResidentBytes()
    let storage = JSONFileTodoStorage(path: arguments[1])
    let count = try storage.read { try $0.allTodos().count }
    print("\(peakResidentBytes()) \(baseline) \(count)")
    exit(0)
}
if arguments.first == "config-once" {
    // Child mode: the first read of the config file at arguments[1] in a new process.
    try runConfigOnce(arguments[1])
    exit(0)
}
if arguments.first == "config-startup" {
    // Child mode: a command's work, with or without reading the config first.
    try runConfigStartup(arguments[1], store: arguments[2], withConfig: arguments[3] == "with")
    exit(0)
}
if arguments.first == "config" {
    try runConfigBenchmark()
    exit(0)
}
if arguments.first == "profile-read" {
    // Profiling mode: read the store at arguments[1] whole, arguments[2] times.
    for _ in 0..<(Int(arguments[2]) ?? 10) {
        _ = try JSONFileTodoStorage(path: arguments[1]).read { try $0.allTodos().count }
    }
    exit(0)
}
if arguments.first == "make-store" {
    // Writes a store of arguments[2] todos at arguments[1] (for profiling and the CLI benchmark).
    let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: arguments[1]))
    var failure: Error?
    _ = provider.todoService.importTodos(makeTodos(Int(arguments[2]) ?? 1000)).subscribe(onError: { failure = $0 })
    if let failure { throw failure }
    exit(0)
}
let sizes = arguments.compactMap(Int.init).isEmpty ? [1_000, 10_000, 100_000] : arguments.compactMap(Int.init)
if arguments.first == "clear" {
    try runClearBenchmark(sizes: arguments.compactMap(Int.init).isEmpty ? [100_000, 200_000] : sizes)
    exit(0)
}
if arguments.first == "filter" {
    try runFilterBenchmark(sizes: arguments.compactMap(Int.init).isEmpty ? [100_000] : sizes)
    exit(0)
}
if arguments.first == "live" {
    try runLiveBenchmark(sizes: arguments.compactMap(Int.init).isEmpty ? [100, 100_000] : sizes)
    exit(0)
}
if arguments.first == "reports" {
    try runReportsBenchmark(sizes: arguments.compactMap(Int.init).isEmpty ? [100_000] : sizes)
    exit(0)
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The median and the worst of `runs` timings of `body`, in milliseconds, after one warm-up.
func time(runs: Int, _ body: () throws -> Void) rethrows -> (median: Double, worst: Double) {
    try body()
    var times: [Double] = []
    for _ in 0..<runs {
        let start = now()
        try body()
        times.append((now() - start) * 1000)
    }
    times.sort()
    return (times[times.count / 2], times.last!)
}

func peakResidentBytes() -> Int {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
    {
        return kilobytes * 1024
    }
    var usage = rusage()
    #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
    #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
    #endif
}

/// Realistic todos: titles of 3–8 words, a third with a due date, a fifth with tags, a tenth
/// with a note, a third done.
func makeTodos(_ count: Int) -> [ImportedTodo] {
    let words = [
        "buy", "milk", "call", "mum", "write", "report", "fix", "the", "bike", "book", "flights", "to", "Lisbon", "pay",
        "rent", "review", "pull", "request", "clean", "kitchen", "plan", "trip", "renew", "passport", "water", "plants",
    ]
    var generator = SystemRandomNumberGenerator()
    let base = Date(timeIntervalSince1970: 1_893_456_000)
    return (0..<count).map { index in
        let title = (0..<Int.random(in: 3...8, using: &generator)).map { _ in words.randomElement(using: &generator)! }
            .joined(separator: " ")
        let created = base.addingTimeInterval(Double(index) * 60)
        let isDone = index % 3 == 0
        return ImportedTodo(
            title: title.capitalized + " \(index)",
            note: index % 10 == 0 ? "Details for todo \(index)\nSecond line" : nil,
            isDone: isDone, priority: Priority(rawValue: index % 4) ?? .none,
            due: index % 3 == 1 ? CalendarDay(daysSinceEpoch: 21_900 + index % 400) : nil,
            tags: index % 5 == 0 ? ["work", "q\(index % 4)"] : [], createdAt: created, updatedAt: created,
            completedAt: isDone ? created.addingTimeInterval(3600) : nil)
    }
}

func appendAndSync(_ path: String, _ line: [UInt8]) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
    fsync(descriptor)
    close(descriptor)
}

func writeAndSync(_ path: String, _ bytes: [UInt8]) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
    fsync(descriptor)
    close(descriptor)
}

func milliseconds(_ value: Double) -> String { String(format: "%8.2f ms", value) }
func ratio(_ value: Double, _ floor: Double) -> String { String(format: "%6.1f×", value / max(floor, 0.000_001)) }

print("TodoStoreBenchmarks: release build, \(ProcessInfo.processInfo.activeProcessorCount) cores, medians")
for size in sizes {
    let folder = NSTemporaryDirectory() + "todo-store-bench-\(getpid())-\(size)"
    try? FileManager.default.removeItem(atPath: folder)
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/todos.json"
    let todos = makeTodos(size)

    // import: N todos into an empty store, in one change.
    let importStart = now()
    do {
        let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: path))
        var failure: Error?
        _ = provider.todoService.importTodos(todos).subscribe(onError: { failure = $0 })
        if let failure { throw failure }
    }
    let importTime = (now() - importStart) * 1000
    // import of a todo.txt file: parsing it, then one change into an empty store.
    let text = Array(TodoTxtFormat.export(try JSONFileTodoStorage(path: path).read { try $0.allTodos() }).utf8)
    let textImport = try time(runs: 3) {
        let fresh = folder + "/fresh-\(UUID().uuidString).json"
        let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: fresh))
        let items = try TodoTxtFormat.parse(text, file: "todo.txt")
        var failure: Error?
        _ = provider.todoService.importTodos(items).subscribe(onError: { failure = $0 })
        if let failure { throw failure }
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let fileSize = bytes.count
    let copy = folder + "/copy.json"
    let writeFloor = time(runs: 5) { writeAndSync(copy, Array(bytes)) }

    print("\n\(size) todos, store file \(fileSize / 1024) KiB")
    print(
        "  import \(size) todos     \(milliseconds(importTime))   floor (write + fsync of the file) \(milliseconds(writeFloor.median)) \(ratio(importTime, writeFloor.median))"
    )
    print(
        "  import todo.txt file \(milliseconds(textImport.median))   "
            + "(\(text.count / 1024) KiB: parse, then one change into an empty store)")

    // read all: a new storage each time, as a new process.
    let readFloor = time(runs: 10) { _ = FileManager.default.contents(atPath: path) }
    // The storages are kept until after the timing: freeing 100,000 todos is not reading them
    // (and a process that exits does not free them either).
    var kept: [JSONFileTodoStorage] = []
    let readAll = try time(runs: 10) {
        let storage = JSONFileTodoStorage(path: path)
        let count = try storage.read { try $0.allTodos().count }
        precondition(count == size)
        kept.append(storage)
    }
    kept.removeAll()
    print(
        "  read all            \(milliseconds(readAll.median))   floor (read the file)             \(milliseconds(readFloor.median)) \(ratio(readAll.median, readFloor.median))"
    )

    // add one, complete one: a new storage each time (lock, journal or rewrite, fsync).
    let line = Array(String(repeating: "x", count: 350).utf8) + [0x0A]
    let appendFloor = time(runs: 20) { appendAndSync(folder + "/append.txt", line) }
    func service() -> (TodoServiceProvider, TodoServiceType) {
        let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: path))
        return (provider, provider.todoService)
    }
    var failure: Error?
    let add = time(runs: 60) {
        let (provider, service) = service()
        _ = service.create(TodoDraft(title: "Benchmark todo")).subscribe(onError: { failure = $0 })
        withExtendedLifetime(provider) {}
    }
    var pending = Array(stride(from: 2, through: size, by: 3).shuffled().prefix(61))
    let complete = time(runs: 60) {
        let (provider, service) = service()
        _ = service.markDone(ids: [pending.removeLast()]).subscribe(onError: { failure = $0 })
        withExtendedLifetime(provider) {}
    }
    if let failure { throw failure }
    print(
        "  add one             \(milliseconds(add.median))   floor (append + fsync one line)   \(milliseconds(appendFloor.median)) \(ratio(add.median, appendFloor.median))   worst \(milliseconds(add.worst))"
    )
    print(
        "  complete one        \(milliseconds(complete.median))   floor (append + fsync one line)   \(milliseconds(appendFloor.median)) \(ratio(complete.median, appendFloor.median))   worst \(milliseconds(complete.worst))"
    )

    // compaction: every change rewrites the store whole.
    let compacting = JSONFileTodoStorage.Options(journalLimit: 0)
    var toggle = false
    let compaction = time(runs: 5) {
        let provider = TodoServiceProvider(storage: JSONFileTodoStorage(path: path, options: compacting))
        toggle.toggle()
        let operation = toggle ? provider.todoService.markDone(ids: [2]) : provider.todoService.markUndone(ids: [2])
        _ = operation.subscribe(onError: { failure = $0 })
    }
    if let failure { throw failure }
    print(
        "  compaction          \(milliseconds(compaction.median))   floor (write + fsync of the file) \(milliseconds(writeFloor.median)) \(ratio(compaction.median, writeFloor.median))"
    )

    // peak memory of a process that reads every todo.
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    child.arguments = ["peak-memory", path]
    let output = Pipe()
    child.standardOutput = output
    try child.run()
    child.waitUntilExit()
    let reply = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let numbers = reply.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    if numbers.count >= 2 {
        let (peak, baseline) = (numbers[0], numbers[1])
        print(
            String(
                format:
                    "  peak memory          %6.1f MiB   file %6.1f MiB   %.2f× the file size (%.2f× above the %.1f MiB of an idle process)",
                Double(peak) / 1_048_576, Double(fileSize) / 1_048_576, Double(peak) / Double(fileSize),
                Double(peak - baseline) / Double(fileSize), Double(baseline) / 1_048_576))
    }
}
