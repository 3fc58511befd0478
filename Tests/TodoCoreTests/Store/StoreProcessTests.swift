import Foundation
import ReactorKitTesting
import TestSupport
import Testing

@testable import TodoCore

/// The store shared by processes and threads: the lock and its timeout, concurrent writers
/// losing nothing, a writer killed in the middle of a write, and file-system faults.
@Suite(.serialized) struct StoreProcessTests {
    let folder = TemporaryFolder()
    let providers = ProviderPool()
    let uuids = UUIDSource.sequential()
    var path: String { folder.file("todos.json") }

    func service(_ options: JSONFileTodoStorage.Options = .init()) -> TodoServiceType {
        providers.keep(makeProvider(storage: JSONFileTodoStorage(path: path, options: options), uuids: uuids))
            .todoService
    }

    // MARK: Lock

    @Test func aWriterGivesUpAfterTheLockTimeoutAndChangesNothing() throws {
        _ = try service().create(TodoDraft(title: "a")).toBlocking().single()
        let before = folder.bytes("todos.json")
        let holder = try Worker.start(["hold", path, "3600"])  // killed at the end
        defer { holder.kill() }
        try holder.waitForLine { $0 == "locked" }
        let started = ContinuousClock.now
        let error = todoError {
            try service(.init(lockTimeout: 0.3)).create(TodoDraft(title: "b")).toBlocking().single()
        }
        let waited = ContinuousClock.now - started
        #expect(error == .storeLocked(file: path, seconds: 0.3))
        #expect(error?.category == .locked)
        // It waited the whole timeout (a lower bound, true on any machine), and gave up long
        // before the holder lets go: the limit is a patience, not a timing.
        #expect(waited >= .milliseconds(300), "\(waited)")
        #expect(waited < Patience.limit, "\(waited)")
        #expect(
            todoError { try service(.init(lockTimeout: 0.2)).fetch(TodoQuery()).toBlocking().single() }
                == .storeLocked(file: path, seconds: 0.2))
        #expect(folder.bytes("todos.json") == before)
        holder.kill()
        _ = holder.waitForExit()  // gone, its files closed: no wait for the lock to be released
        #expect(
            try service(.init(lockTimeout: 0)).create(TodoDraft(title: "b")).toBlocking().single().id == 2,
            "the lock dies with its holder")
    }

    // MARK: Concurrent writers

    @Test(arguments: [false, true])
    func eightProcessesLoseNothing(small: Bool) async throws {
        _ = try service().create(TodoDraft(title: "shared")).toBlocking().single()
        let workers = try (0..<8).map { index in
            try Worker.start(["mixed", path, String(index), small ? "100" : "40", "42"] + (small ? ["--small"] : []))
        }
        let outputs = await onOwnThread { workers.map { $0.waitForExit() } }
        for (index, output) in outputs.enumerated() {
            #expect(output.status == 0, "worker \(index): \(output.stderr)")
            #expect(
                !output.lines.contains { $0.hasPrefix("failed") },
                "worker \(index): \(output.lines.filter { $0.hasPrefix("failed") })")
        }
        try expectStore(matches: outputs.flatMap(\.lines))
    }

    @Test func threadsThroughOneOrManyStoragesLoseNothing() async throws {
        _ = try service().create(TodoDraft(title: "shared")).toBlocking().single()
        // Eight threads queue for one lock: the default 10 s may not be enough for the last of
        // them on a loaded machine under a sanitizer, and a writer that gives up fails the test.
        let patient = JSONFileTodoStorage.Options(lockTimeout: Patience.seconds)
        nonisolated(unsafe) let shared = service(patient)
        let log = Locked<[String]>([])
        let makeService: @Sendable () -> TodoServiceType = { [self] in self.service(patient) }
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                let service = worker % 2 == 0 ? shared : makeService()
                for step in 1...20 {
                    let title = "t\(worker)-\(step)"
                    guard let todo = try? service.create(TodoDraft(title: title)).toBlocking().single() else {
                        continue
                    }
                    log.withLock { $0.append("add \(todo.id) \(title)") }
                    if step % 3 == 0, (try? service.markDone(ids: [todo.id]).toBlocking().single()) != nil {
                        log.withLock { $0.append("done \(todo.id)") }
                    }
                    let tag = "w\(worker)s\(step)"
                    if (try? service.update(id: 1, TodoPatch(addTags: [tag])).toBlocking().single()) != nil {
                        log.withLock { $0.append("tag 1 \(tag)") }
                    }
                }
            }
        }
        #expect(log.withLock { $0.filter { $0.hasPrefix("add") }.count } == 160)
        try expectStore(matches: log.withLock { $0 })
    }

    /// Replays the successful operations the workers printed and compares with the store.
    func expectStore(matches lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        var expected: [Int: (title: String, isDone: Bool)] = [:]
        var tags = Set<String>()
        var order: [Int] = []
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count >= 2, let id = Int(parts[1]) else { continue }
            switch parts[0] {
            case "add":
                #expect(expected[id] == nil, "id \(id) given twice", sourceLocation: sourceLocation)
                expected[id] = (parts[2], false)
                order.append(id)
            case "done": expected[id]?.isDone = true
            case "undone": expected[id]?.isDone = false
            case "edit": expected[id]?.title = parts[2]
            case "rm": expected[id] = nil
            case "tag": tags.insert(parts[2])
            default: break
            }
        }
        let stored = try service().fetch(TodoQuery(status: .all)).toBlocking().single()
        let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
        #expect(stored.count == expected.count + 1, sourceLocation: sourceLocation)
        for (id, todo) in expected {
            #expect(byID[id]?.title == todo.title, "todo \(id)", sourceLocation: sourceLocation)
            #expect(byID[id]?.isDone == todo.isDone, "todo \(id)", sourceLocation: sourceLocation)
        }
        #expect(byID[1]?.tags == tags, "no tag added to the shared todo is lost", sourceLocation: sourceLocation)
    }

    // MARK: Killed writers

    @Test(arguments: [false, true])
    func aWriterKilledAtAnyMomentLeavesTheOldOrTheNewContent(small: Bool) async throws {
        var known = 0
        for round in 1...12 {
            let worker = try Worker.start(["forever", path, "r\(round)"] + (small ? ["--small"] : []))
            let (reports, fraction) = (Int.random(in: 1...6), Double.random(in: 0...1))
            let killedWhileWriting = await onOwnThread { worker.killAfter(reports: reports, fraction: fraction) }
            let output = worker.waitForExit()
            #expect(killedWhileWriting, "round \(round): the worker was killed while it worked: \(output.stderr)")
            let acknowledged = output.lines.compactMap { line -> Int? in
                line.hasPrefix("added ") ? Int(line.dropFirst(6)) : nil
            }
            let completed = Set(output.lines.compactMap { $0.hasPrefix("done ") ? Int($0.dropFirst(5)) : nil })
            // Every change reported as done is there; the store reads, and takes the next change.
            let stored = try service().fetch(TodoQuery(status: .all)).toBlocking().single()
            let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
            for id in acknowledged { #expect(byID[id] != nil, "round \(round): acknowledged todo \(id) is there") }
            for id in completed { #expect(byID[id]?.isDone == true, "round \(round): todo \(id) was completed") }
            #expect(stored.count >= known + acknowledged.count && stored.count <= known + acknowledged.count + 1)
            _ = try service().create(TodoDraft(title: "after round \(round)")).toBlocking().single()
            known = stored.count + 1
        }
    }

    // MARK: Paths and faults

    @Test func aStorePathThatIsAFolderOrBelowAFileIsAnIOError() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for operation in StoreDamageTests.everyOperation(service()) {
            guard case .io(let file, _, let reason)? = operation.1() else {
                Issue.record("\(operation.0): expected an I/O error")
                continue
            }
            #expect(file.hasPrefix(path))
            #expect(reason.contains("folder"), "\(reason)")
        }
        folder.write("plain", "x")
        let below = JSONFileTodoStorage(path: folder.file("plain/todos.json"))
        let provider = providers.keep(makeProvider(storage: below))
        for operation in StoreDamageTests.everyOperation(provider.todoService) {
            #expect(operation.1()?.category == .io, "\(operation.0)")
        }
        #expect(folder.bytes("plain") == Array("x".utf8))
    }

    @Test(arguments: StoreFaults.Point.allCases)
    func aFailedWriteLeavesTheStoreAsItWas(point: StoreFaults.Point) throws {
        for options in [JSONFileTodoStorage.Options(), JSONFileStoreTests.journaled] {
            for index in 1...8 {
                _ = try service(options).create(TodoDraft(title: "todo number \(index)")).toBlocking().single()
            }
            let before = try service(options).fetch(TodoQuery(status: .all)).toBlocking().single()
            var failing = options
            failing.faults = StoreFaults(failing: point, with: ENOSPC)
            let error = todoError { try service(failing).markDone(ids: [2]).toBlocking().single() }
            if point == .rename && folder.exists("todos.json.journal") {
                #expect(error == nil, "an append to the journal renames nothing")
                _ = try service(options).markUndone(ids: [2]).toBlocking().single()
            } else {
                guard case .io(let file, _, let reason)? = error else {
                    Issue.record("expected an I/O error, got \(String(describing: error))")
                    continue
                }
                #expect(file.hasPrefix(path))
                #expect(reason == "no space left on the device")
            }
            #expect(try service(options).fetch(TodoQuery(status: .all)).toBlocking().single() == before)
            #expect(!folder.exists("todos.json.tmp"))
            _ = try service(options).markDone(ids: [2]).toBlocking().single()
            try FileManager.default.removeItem(atPath: folder.path)
            try FileManager.default.createDirectory(atPath: folder.path, withIntermediateDirectories: true)
        }
    }

    @Test func aReadOnlyFolderCanBeReadButNotWritten() throws {
        _ = try service().create(TodoDraft(title: "a")).toBlocking().single()
        guard let readOnly = ReadOnlyFolder(folder.path) else { return }  // no way to make one here
        defer { readOnly.restore() }
        let before = folder.bytes("todos.json")
        #expect(try service().fetch(TodoQuery()).toBlocking().single().map(\.title) == ["a"])
        let error = todoError { try service().create(TodoDraft(title: "b")).toBlocking().single() }
        #expect(error?.category == .io, "\(String(describing: error))")
        #expect(folder.bytes("todos.json") == before)
    }
}

/// A helper process (`todo-store-worker`) whose output lines the test reads.
final class Worker: @unchecked Sendable {
    // @unchecked Sendable: `lines` is guarded by its lock; the process is used from the test's thread
    let process = ChildProcess()
    private let output = ChildPipe()
    private let errors = ChildPipe()
    private let errorText = Locked(Data())
    private let readersDone = DispatchSemaphore(value: 0)
    private let buffer = Locked<(lines: [String], partial: String)>(([], ""))

    static var executable: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("todo-store-worker")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder.deleteLastPathComponent()
        }
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("todo-store-worker")
    }

    static func start(_ arguments: [String]) throws -> Worker {
        let worker = Worker()
        worker.process.executableURL = executable
        worker.process.arguments = arguments
        worker.process.standardOutput = .pipe(worker.output)
        worker.process.standardError = .pipe(worker.errors)
        try worker.process.run()
        // Threads of their own read the output as it comes (no Dispatch sources: see
        // ChildProcess), each signalling at its end.
        let (output, errors, buffer, errorText, done) = (
            worker.output, worker.errors, worker.buffer, worker.errorText, worker.readersDone
        )
        Thread.detachNewThread {
            output.readChunks { data in
                let text = String(decoding: data, as: UTF8.self)
                buffer.withLock { state in
                    let parts = (state.partial + text).split(separator: "\n", omittingEmptySubsequences: false)
                    state.lines += parts.dropLast().map(String.init)
                    state.partial = String(parts.last ?? "")
                }
            }
            done.signal()
        }
        Thread.detachNewThread {
            errors.readChunks { data in errorText.withLock { $0.append(data) } }
            done.signal()
        }
        return worker
    }

    /// Waits for a line satisfying `predicate` (up to ``Patience/limit``: a loaded machine or a
    /// sanitizer build only makes it come later).
    func waitForLine(_ predicate: (String) -> Bool) throws {
        let seen = Patience.waitUntil { buffer.withLock { $0.lines.contains(where: predicate) } }
        if !seen { throw TodoError.io(file: "worker", operation: "wait for", reason: "the expected line never came") }
    }

    /// Kills the worker with SIGKILL at a moment of its work that follows the machine's speed:
    /// once it has reported `reports` operations (each is written when reported), `fraction`
    /// of the way through the time the last report took, as measured now, so at some point of
    /// the next operation or so (a fixed delay would land before the first write on a slow
    /// machine, or after the work on a fast one). Returns whether it was still running when
    /// killed (false: it ended on its own, or `reports` never came within
    /// ``Patience/limit``).
    func killAfter(reports: Int, fraction: Double) -> Bool {
        let clock = ContinuousClock()
        var seen = 0
        var last = clock.now
        var interval = Duration.zero
        let reported = Patience.waitUntil {
            let count = buffer.withLock { $0.lines.count }
            if count > seen {
                let now = clock.now
                interval = (now - last) / (count - seen)
                (seen, last) = (count, now)
            }
            return seen >= reports || !process.isRunning
        }
        guard reported, process.isRunning else { return false }
        Thread.sleep(forTimeInterval: interval * fraction / .seconds(1))
        let running = process.isRunning
        kill()
        return running
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    struct Output {
        var status: Int32
        var lines: [String]
        var stderr: String
    }

    func waitForExit() -> Output {
        readersDone.wait()
        readersDone.wait()
        process.waitUntilExit()
        let lines = buffer.withLock { state -> [String] in
            state.lines + state.partial.split(separator: "\n").map(String.init)
        }
        let stderr = String(decoding: errorText.withLock { $0 }, as: UTF8.self)
        return Output(status: process.terminationStatus, lines: lines, stderr: stderr)
    }
}

/// A folder made read-only for real: `chmod` when not root, else a read-only tmpfs bind over
/// it; `nil` when neither is possible on this machine.
struct ReadOnlyFolder {
    let path: String
    let mounted: Bool

    init?(_ path: String) {
        self.path = path
        if geteuid() != 0 {
            guard chmod(path, 0o555) == 0 else { return nil }
            mounted = false
            return
        }
        guard ReadOnlyFolder.run("/bin/mount", ["--bind", path, path]),
            ReadOnlyFolder.run("/bin/mount", ["-o", "remount,ro,bind", path])
        else {
            _ = ReadOnlyFolder.run("/bin/umount", [path])
            return nil
        }
        mounted = true
    }

    func restore() {
        if mounted { _ = ReadOnlyFolder.run("/bin/umount", [path]) } else { chmod(path, 0o755) }
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Bool {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
