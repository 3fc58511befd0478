import Foundation
import Testing

@testable import TodoCore

/// ``TagsReport``, the counts `todo stats --json` gained for the reports, and ``TodoQuery/next``.
@Suite struct TagsAndStatsReportTests {
    let today = day("2030-01-10")
    let todos = [
        Reports.todo(1, project: "Home", tags: ["Shop"]),
        Reports.todo(2, completed: "2030-01-08T00:00:00Z", project: "home", tags: ["shop", "Work"]),
        Reports.todo(3, started: "2030-01-09T00:00:00Z", project: "Home.Garden"),
        Reports.todo(4, wait: "2030-01-20", depends: [1]),
        Reports.todo(5, tags: ["work", "WORK"], depends: [2]),  // depends on a done todo: not blocked
        Reports.todo(6, completed: "2030-01-08T00:00:00Z", started: "2030-01-07T00:00:00Z", project: "Work.Ops"),
    ]

    @Test func tagsAreCountedWithoutRegardToCaseInAlphabeticalOrder() {
        let report = TagsReport(todos: todos)
        #expect(report.lines == [.init(tag: "shop", pending: 1, done: 1), .init(tag: "work", pending: 1, done: 1)])
        #expect(
            TodoJSONOutput.tags(report) == """
                [
                {"tag":"shop","pending":1,"done":1},
                {"tag":"work","pending":1,"done":1}
                ]

                """)
        #expect(TagsReport(todos: []).lines.isEmpty)
    }

    @Test func statsCountWaitingBlockedActiveAndProjects() {
        let stats = TodoStats(todos: todos, today: today)
        #expect(stats.pending == 4 && stats.done == 2)
        #expect(stats.waiting == 1)
        #expect(stats.blocked == 1)  // todo 4 waits for todo 1
        #expect(stats.active == 1)  // todo 6 was started, but it is done
        #expect(
            stats.projects == [
                "home": .init(pending: 1, done: 1), "home.garden": .init(pending: 1), "work.ops": .init(done: 1),
            ])
        // Relations from the whole store when the todos counted are some of them.
        let some = TodoStats(todos: todos.filter { $0.id == 4 }, today: today, relations: TodoRelations(todos: todos))
        #expect(some.blocked == 1)
        #expect(TodoStats(todos: todos.filter { $0.id == 4 }, today: today).blocked == 0)
    }

    @Test func statsJSONKeepsItsKeysAndGainsTheNewOnes() {
        let json = TodoJSONOutput.stats(TodoStats(todos: todos, today: today))
        #expect(
            json == """
                {"pending":4,"done":2,"overdue":0,"dueToday":0,"total":6,"tags":{"shop":{"pending":1,"done":1},\
                "work":{"pending":1,"done":1}},"waiting":1,"blocked":1,"active":1,"projects":{"home":{"pending":1,"done":1},\
                "home.garden":{"pending":1,"done":0},"work.ops":{"pending":0,"done":1}}}

                """)
        #expect(
            TodoJSONOutput.stats(TodoStats())
                == #"{"pending":0,"done":0,"overdue":0,"dueToday":0,"total":0,"tags":{},"waiting":0,"blocked":0,"#
                + #""active":0,"projects":{}}"# + "\n")
    }

    @Test func nextIsThePendingTodosMostUrgentFirst() throws {
        #expect(TodoQuery.next.status == .pending && TodoQuery.next.sort == .urgency && TodoQuery.next.limit == nil)
        let todos = [
            Reports.todo(1),
            Reports.todo(2, due: "2030-01-10"),  // due today: more urgent
            Reports.todo(3, completed: "2030-01-08T00:00:00Z", due: "2030-01-09"),
            Reports.todo(4, due: "2030-01-09", wait: "2030-01-20"),  // waiting
            Reports.todo(5, started: "2030-01-09T00:00:00Z"),  // active: more urgent than 1
        ]
        let context = TodoContext(todos: todos, clock: .fixed(at: Reports.at("2030-01-10T12:00:00Z")))
        #expect(try TodoQuery.next.apply(to: todos, context: context).map(\.id) == [2, 5, 1])
        var limited = TodoQuery.next
        limited.limit = 1
        #expect(try limited.apply(to: todos, context: context).map(\.id) == [2])
    }
}

/// The blocked count `TodoStats` works out by itself is the one ``TodoRelations`` gives.
@Suite struct StatsBlockedCountTests {
    @Test(arguments: 0..<20)
    func blockedCountsAgreeWithTheRelations(seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let todos = (1...40).map { id in
            Reports.todo(
                id, completed: random.next() % 3 == 0 ? "2030-01-08T00:00:00Z" : nil,
                wait: random.next() % 5 == 0 ? "2030-02-01" : nil,
                depends: (0..<Int(random.next() % 3)).map { _ in Int(random.next() % 45) + 1 })
        }
        let today = day("2030-01-10")
        let relations = TodoRelations(todos: todos)
        #expect(TodoStats(todos: todos, today: today).blocked == relations.blocked.count)
        #expect(TodoStats(todos: todos, today: today, relations: relations).blocked == relations.blocked.count)
    }
}

/// A small deterministic generator (SplitMix64).
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// ``TodoQuery/next`` ranks as the urgency order says, however many it keeps.
@Suite struct NextOrderTests {
    @Test(arguments: 0..<10)
    func nextIsTheUrgencyOrderOfThePendingTodos(seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let todos = (1...60).map { id in
            var todo = Reports.todo(
                id, completed: random.next() % 4 == 0 ? "2030-01-08T00:00:00Z" : nil,
                started: random.next() % 6 == 0 ? "2030-01-09T00:00:00Z" : nil,
                due: random.next() % 2 == 0 ? "2030-01-\(10 + random.next() % 10)" : nil,
                tags: random.next() % 3 == 0 ? ["next"] : [], wait: random.next() % 7 == 0 ? "2030-02-01" : nil,
                depends: random.next() % 5 == 0 ? [Int(random.next() % 60) + 1] : [])
            todo.priority = Priority(rawValue: Int(random.next() % 4)) ?? .none
            todo.position = Int(random.next() % 8)  // ties: the manual order, then the id
            return todo
        }
        let context = TodoContext(todos: todos, clock: .fixed(at: Reports.at("2030-01-10T12:00:00Z")))
        let expected = todos.filter { !$0.isDone && !$0.isWaiting(today: context.today) }
            .sorted { a, b in
                let (ua, ub) = (context.urgency(of: a), context.urgency(of: b))
                return ua != ub ? ua > ub : (a.position, a.id) < (b.position, b.id)
            }
        for limit in [nil, 0, 1, 5, 100] {
            var query = TodoQuery.next
            query.limit = limit
            #expect(try query.apply(to: todos, context: context) == Array(expected.prefix(limit ?? .max)))
        }
        var filtered = TodoQuery.next
        filtered.filter = try TodoFilter(parsing: ["+next"])
        #expect(try filtered.apply(to: todos, context: context) == expected.filter { $0.tags.contains("next") })
    }
}
