import Foundation
import ReactorKitTesting
import TestSupport
import Testing

@testable import TodoCore

/// TodoCore writers on a store of 20,000 todos: killed with SIGKILL at random moments while
/// the store is rewritten every few changes (compactions), and 8 threads of 250 mixed
/// operations each.
@Suite(.serialized) struct WriterReliabilityTests {
    let folder = TemporaryFolder()
    let providers = ProviderPool()
    let uuids = UUIDSource.sequential()
    var path: String { folder.file("todos.json") }

    func service(_ options: JSONFileTodoStorage.Options = .init()) -> TodoServiceType {
        providers.keep(makeProvider(storage: JSONFileTodoStorage(path: path, options: options), uuids: uuids))
            .todoService
    }

    func fill(_ count: Int) throws {
        let items = (1...count).map { ImportedTodo(title: "Stored todo number \($0)", isDone: $0 % 3 == 0) }
        _ = try service().importTodos(items).toBlocking().single()
    }

    @Test func aWriterKilledDuringCompactionsOfALargeStoreLosesNothingItReported() async throws {
        try fill(20_000)
        let rounds = scaled(40)
        let problems = await onOwnThread { [self] in killRounds(rounds) }
        #expect(problems == [])
    }

    /// Kills a writer `rounds` times at random moments; returns what went wrong.
    private func killRounds(_ rounds: Int) -> [String] {
        var generator = SystemRandomNumberGenerator()
        var problems: [String] = []
        var known = 20_000
        for round in 1...rounds {
            // --small: the store is rewritten whole every few changes.
            guard let worker = try? Worker.start(["forever", path, "k\(round)", "--small"]) else {
                return problems + ["cannot start the worker"]
            }
            // At a moment of its work measured on this machine now (a fixed delay would land
            // before the first write under a sanitizer, or long after on a fast machine).
            let killedWhileWriting = worker.killAfter(
                reports: Int.random(in: 1...8, using: &generator), fraction: Double.random(in: 0...1, using: &generator)
            )
            let output = worker.waitForExit()
            if !killedWhileWriting {
                problems.append("round \(round): the worker was not killed while it worked: \(output.stderr)")
            }
            let added = output.lines.compactMap { $0.hasPrefix("added ") ? Int($0.dropFirst(6)) : nil }
            let completed = output.lines.compactMap { $0.hasPrefix("done ") ? Int($0.dropFirst(5)) : nil }
            guard let stored = try? service().fetch(TodoQuery(status: .all)).toBlocking().single() else {
                return problems + ["round \(round): the store does not read back"]
            }
            let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
            for id in added where byID[id] == nil { problems.append("round \(round): todo \(id) was reported added") }
            for id in completed where byID[id]?.isDone != true {
                problems.append("round \(round): todo \(id) was reported done")
            }
            if stored.count < known + added.count || stored.count > known + added.count + 1 {
                problems.append("round \(round): \(stored.count) todos, expected \(known + added.count) (+1)")
            }
            guard (try? service().create(TodoDraft(title: "after round \(round)")).toBlocking().single()) != nil else {
                return problems + ["round \(round): the next change fails"]
            }
            known = stored.count + 1
        }
        return problems
    }

    @Test func eightThreadsOf250OperationsOnALargeStoreLoseNothing() async throws {
        try fill(2_000)  // a store large enough to keep a journal
        // Eight threads queue for one lock: patience, not the default 10 s (an operation that
        // gave up would be left out of the log, and out of the check).
        let patient = JSONFileTodoStorage.Options(lockTimeout: Patience.seconds)
        let shared = service(patient)
        nonisolated(unsafe) let sharedService = shared
        let operations = scaled(250)
        let log = Locked<[String]>([])
        let makeService: @Sendable () -> TodoServiceType = { [self] in self.service(patient) }
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                let service = worker % 2 == 0 ? sharedService : makeService()
                var mine: [Int] = []
                var generator = SystemRandomNumberGenerator()
                for step in 1...operations {
                    let choice = mine.isEmpty ? 0 : Int.random(in: 0..<6, using: &generator)
                    switch choice {
                    case 0:
                        let title = "t\(worker)-\(step)"
                        if let todo = try? service.create(TodoDraft(title: title)).toBlocking().single() {
                            mine.append(todo.id)
                            log.withLock { $0.append("add \(todo.id) \(title)") }
                        }
                    case 1:
                        let id = mine[Int.random(in: 0..<mine.count, using: &generator)]
                        if (try? service.markDone(ids: [id]).toBlocking().single()) != nil {
                            log.withLock { $0.append("done \(id)") }
                        }
                    case 2:
                        let id = mine[Int.random(in: 0..<mine.count, using: &generator)]
                        if (try? service.markUndone(ids: [id]).toBlocking().single()) != nil {
                            log.withLock { $0.append("undone \(id)") }
                        }
                    case 3:
                        let id = mine[Int.random(in: 0..<mine.count, using: &generator)]
                        let title = "t\(worker)-edit-\(step)"
                        if (try? service.update(id: id, TodoPatch(title: title)).toBlocking().single()) != nil {
                            log.withLock { $0.append("edit \(id) \(title)") }
                        }
                    case 4:
                        let id = mine.remove(at: Int.random(in: 0..<mine.count, using: &generator))
                        if (try? service.delete(ids: [id]).toBlocking().single()) != nil {
                            log.withLock { $0.append("rm \(id)") }
                        }
                    default:
                        let tag = "t\(worker)s\(step)"
                        if (try? service.update(id: 1, TodoPatch(addTags: [tag])).toBlocking().single()) != nil {
                            log.withLock { $0.append("tag 1 \(tag)") }
                        }
                    }
                }
            }
        }
        // Replay the log over the 2,000 todos filled in first.
        var expected: [Int: (title: String, isDone: Bool)] = [:]
        var tags = Set<String>()
        for line in log.withLock({ $0 }) {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            let id = Int(parts[1])!
            switch parts[0] {
            case "add":
                #expect(expected[id] == nil, "id \(id) given twice")
                expected[id] = (parts[2], false)
            case "done": expected[id]?.isDone = true
            case "undone": expected[id]?.isDone = false
            case "edit": expected[id]?.title = parts[2]
            case "rm": expected[id] = nil
            default: tags.insert(parts[2])
            }
        }
        let stored = try service().fetch(TodoQuery(status: .all)).toBlocking().single()
        let byID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
        #expect(stored.count == 2_000 + expected.count)
        for (id, todo) in expected {
            #expect(byID[id]?.title == todo.title && byID[id]?.isDone == todo.isDone, "todo \(id)")
        }
        #expect(byID[1]?.tags == tags, "no tag is lost")
    }
}
