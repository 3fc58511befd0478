import Foundation
import TestSupport
import Testing

/// Eight `todo` processes at once, each doing 250 mixed operations (add, done, undone, edit,
/// rm, move, and a tag on a todo they all share) on one store: the final store is exactly what
/// the successful operations imply, every id is unique, and no update is lost.
@Suite(.serialized) struct ConcurrentProcessesTests {
    let todo = TodoSandbox()

    /// One successful operation, as the worker saw it.
    enum Operation {
        case add(id: Int, title: String)
        case done(Int)
        case undone(Int)
        case edit(Int, title: String)
        case remove(Int)
        case tag(String)
    }

    @Test func eightProcessesOf250OperationsLoseNothing() async throws {
        #expect(await todo.run(["add", "shared"]).status == 0)
        let workers = 8
        let operations = iterations(default: 250)
        let log = Locked<[[Operation]]>(Array(repeating: [], count: workers))
        let failures = Locked<[String]>([])
        let todo = self.todo
        await onOwnThread {
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                var generator = SplitMix64(seed: UInt64(worker + 1))
                var mine: [Int] = []
                var done: [Operation] = []
                for step in 1...operations {
                    let choice = mine.isEmpty ? 0 : Int.random(in: 0..<7, using: &generator)
                    // A patience, not a timing: 8 processes on 2 loaded cores under a sanitizer
                    // can queue for the lock a long while, and a process that gives up fails.
                    let environment = ["TODO_LOCK_TIMEOUT": String(Int(Patience.seconds) * 2)]
                    func run(_ arguments: [String]) -> TodoSandbox.Result {
                        let result = todo.run(arguments, environment: environment)
                        if result.status != 0 { failures.withLock { $0.append("\(arguments): \(result)") } }
                        return result
                    }
                    switch choice {
                    case 0:
                        let title = "w\(worker)-\(step)"
                        let result = run(["add", title, "--json"])
                        if let id = (result.json as? [String: Any])?["id"] as? Int {
                            mine.append(id)
                            done.append(.add(id: id, title: title))
                        }
                    case 1:
                        let id = mine[Int.random(in: 0..<mine.count, using: &generator)]
                        if run(["done", String(id)]).status == 0 { done.append(.done(id)) }
                    case 2:
                        let id = mine[Int.random(in: 0..<mine.count, using: &generator)]
                        if run(["undone", String(id)]).status == 0 { done.append(.undone(id)) }
                    case 3:
                        let id = mine[Int.random(in: 0..<mine.count, using: &generator)]
                        let title = "w\(worker)-edit-\(step)"
                        if run(["edit", String(id), "--title", title]).status == 0 {
                            done.append(.edit(id, title: title))
                        }
                    case 4:
                        let id = mine.remove(at: Int.random(in: 0..<mine.count, using: &generator))
                        if run(["rm", String(id)]).status == 0 { done.append(.remove(id)) }
                    case 5:
                        let id = mine[Int.random(in: 0..<mine.count, using: &generator)]
                        _ = run(["move", String(id), "1"])
                    default:
                        let tag = "w\(worker)s\(step)"
                        if run(["edit", "1", "--tag", tag]).status == 0 { done.append(.tag(tag)) }
                    }
                }
                log.withLock { $0[worker] = done }
            }
        }
        #expect(failures.withLock { $0 } == [], "every operation succeeded")
        // Replay what succeeded.
        var expected: [Int: (title: String, isDone: Bool)] = [:]
        var tags = Set<String>()
        for operation in log.withLock({ $0 }).joined() {
            switch operation {
            case .add(let id, let title):
                #expect(expected[id] == nil, "id \(id) was given twice")
                expected[id] = (title, false)
            case .done(let id): expected[id]?.isDone = true
            case .undone(let id): expected[id]?.isDone = false
            case .edit(let id, let title): expected[id]?.title = title
            case .remove(let id): expected[id] = nil
            case .tag(let tag): tags.insert(tag)
            }
        }
        let stored = try #require(await todo.storedTodos())
        #expect(stored.count == expected.count + 1)
        for (id, todo) in expected {
            #expect(stored[id]?["title"] as? String == todo.title, "todo \(id)")
            #expect(stored[id]?["isDone"] as? Bool == todo.isDone, "todo \(id)")
        }
        #expect(Set(stored[1]?["tags"] as? [String] ?? []) == tags, "no tag added to the shared todo is lost")
        #expect(Set(stored.keys).count == stored.count)
    }
}
