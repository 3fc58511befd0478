import Foundation
import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The overview reactor takes each change from the bus without reading the store, and ends
/// where counting every todo again ends: the counts, the relations, the projects and the month.
@Suite struct TodoOverviewReactorTests {
    let clock = FakeClock()
    let storage = FakeTodoStorage(todos: TodoOverviewReactorTests.todos)
    let provider: TodoServiceProvider

    init() {
        provider = TodoServiceProvider(storage: storage, clock: clock.clock, uuids: .sequential())
    }

    /// 40 todos: some done, due this month and next, waiting, started, tagged in two cases, in
    /// nested projects spelled in two cases, some depending on others (and on a todo that does
    /// not exist).
    static let todos: [Todo] = (1...40).map { id in
        var todo = Todo.fixture(
            id, isDone: id % 7 == 0, due: id % 3 == 0 ? String(format: "2030-%02d-%02d", 1 + id % 2, id % 28 + 1) : nil,
            tags: id % 4 == 0 ? ["work"] : id % 5 == 0 ? ["Work", "home"] : [],
            project: [nil, "Home", "home.Garden", "Work.Q1", "Ünïcode"][id % 5],
            createdAt: TodoFixtures.now.addingTimeInterval(Double(-id * 86_400)))
        if id % 6 == 0 { todo.depends = [id - 1, id + 1, 99] }
        if id % 9 == 0 { todo.wait = TodoFixtures.day("2030-01-20") }
        if id % 8 == 0 { todo.startedAt = TodoFixtures.now }
        return todo
    }

    /// The overview counted from scratch over every todo of the store.
    func recounted(_ filter: TodoFilter) throws -> TodoOverview {
        let all = try provider.todoService.fetch(TodoQuery(status: .all)).toBlocking().single()
        let relations = TodoRelations(todos: all)
        let today = clock.clock.today()
        let matcher = try filter.compiled(clock: clock.clock)
        let kept = all.filter { matcher.matches(TodoAmongOthers(todo: $0, relations: relations)) }
        return TodoOverview(
            stats: TodoStats(todos: kept, today: today, relations: relations), relations: relations,
            projects: SummaryReport(todos: kept, now: clock.now),
            calendar: CalendarReport(
                todos: kept, from: CalendarMonth(containing: today), today: today, weekStart: provider.weekStart))
    }

    /// Changes of every kind, each followed by `check`.
    func change(_ check: (String) throws -> Void) throws {
        let service = provider.todoService
        try check("start")
        _ = try service.markDone(ids: [5, 11]).toBlocking().single()
        try check("done: 5 blocked 6, 11 did not")
        _ = try service.markUndone(ids: [7]).toBlocking().single()
        try check("undone")
        var draft = TodoDraft(title: "New", due: .today, tags: ["work", "Errands"])
        draft.project = "Home.Garden"
        draft.depends = [1]
        _ = try service.create(draft).toBlocking().single()
        try check("created, depending on 1")
        var patch = TodoPatch()
        patch.project = .set("work.q1")
        patch.addDepends = [2]
        patch.removeTags = ["work"]
        patch.due = .clear
        _ = try service.update(ids: [4, 8], patch).toBlocking().single()
        try check("updated")
        _ = try service.delete(ids: [1, 12]).toBlocking().single()
        try check("deleted a dependency")
        _ = try service.undo().toBlocking().single()
        try check("undone delete")
        _ = try service.start(ids: [2]).toBlocking().single()
        try check("started")
        _ = try service.clearCompleted().toBlocking().single()
        try check("cleared")
        clock.advance(days: 14)
        _ = try service.markDone(ids: [3]).toBlocking().single()
        try check("a new day")
    }

    @Test(arguments: [[], ["+work"], ["project:home", "or", "due.before:2030-01-10"], ["is:blocked"]])
    func eachChangeEndsWhereCountingAgainEnds(_ words: [String]) throws {
        let filter = try TodoFilter(parsing: words)
        let overview = TodoOverviewReactor(provider: provider, filter: filter)
        _ = overview.state
        overview.send(.refresh)
        try change { step in
            let expected = try recounted(filter)
            let overview = try #require(overview.currentState.overview)
            #expect(overview.stats == expected.stats, "\(words) after \(step)")
            #expect(overview.relations == expected.relations, "\(words) after \(step)")
            #expect(overview.projects == expected.projects, "\(words) after \(step)")
            #expect(overview.calendar == expected.calendar, "\(words) after \(step)")
        }
        #expect(overview.currentState.error == nil)
    }

    @Test func aChangeReadsNothing() throws {
        let overview = TodoOverviewReactor(provider: provider, filter: try TodoFilter(parsing: ["+work"]))
        _ = overview.state
        overview.send(.refresh)
        let reads = storage.readSpy.callCount
        _ = try provider.todoService.markDone(ids: [4]).toBlocking().single()
        _ = try provider.todoService.undo().toBlocking().single()
        _ = try provider.todoService.create(TodoDraft(title: "More work", tags: ["work"])).toBlocking().single()
        #expect(storage.readSpy.callCount == reads, "the changes read nothing")
        #expect(overview.currentState.overview?.stats == (try recounted(TodoFilter(parsing: ["+work"]))).stats)
        storage.hasOutsideChangesSpy.returns(true)
        provider.todoService.events.send(.reloaded)
        #expect(storage.readSpy.callCount > reads, "a reload reads the store again")
    }

    @Test func aStoreThatCannotBeReadIsTheError() {
        storage.readSpy.fails(with: TodoError.storeLocked(file: "todos.json", seconds: 10))
        let overview = TodoOverviewReactor(provider: provider)
        overview.send(.refresh)
        #expect(overview.currentState.error == .storeLocked(file: "todos.json", seconds: 10))
        #expect(overview.currentState.overview == nil)
    }
}

/// Filtered lists and lists sorted by urgency take a change without fetching, and end where
/// fetching again ends.
@Suite struct TodoListReactorIncrementalTests {
    let clock = FakeClock()
    let storage = FakeTodoStorage(todos: TodoOverviewReactorTests.todos)
    let provider: TodoServiceProvider

    init() {
        provider = TodoServiceProvider(storage: storage, clock: clock.clock, uuids: .sequential())
    }

    /// `status` todos sorted by `sort`, kept by the filter `words`.
    static func query(_ status: TodoQuery.Status, _ sort: TodoQuery.Sort, _ words: [String]) -> TodoQuery {
        var query = TodoQuery(status: status, sort: sort)
        query.filter = try! TodoFilter(parsing: words)
        return query
    }

    @Test(arguments: [
        query(.all, .position, ["+work", "or", "project:Home"]),
        query(.pending, .urgency, []),
        query(.pending, .urgency, ["project:home"]),
        query(.all, .due, ["due.before:2030-01-20"]),
    ])
    func eachChangeEndsWhereFetchingAgainEnds(_ query: TodoQuery) throws {
        let list = TodoListReactor(provider: provider, query: query)
        _ = list.state
        list.send(.refresh)
        let service = provider.todoService
        func check(_ step: String) throws {
            #expect(
                list.currentState.todos == (try service.fetch(query).toBlocking().single()), "\(query) after \(step)")
        }
        _ = try service.markDone(ids: [5, 11]).toBlocking().single()
        try check("done")
        _ = try service.markUndone(ids: [7]).toBlocking().single()
        try check("undone")
        var draft = TodoDraft(title: "New", due: .today, tags: ["work"])
        draft.project = "Home"
        draft.depends = [1]
        _ = try service.create(draft).toBlocking().single()
        try check("created")
        var patch = TodoPatch()
        patch.addDepends = [2]
        patch.priority = .high
        _ = try service.update(ids: [4, 10], patch).toBlocking().single()
        try check("updated")
        _ = try service.delete(ids: [1]).toBlocking().single()
        try check("deleted")
        _ = try service.undo().toBlocking().single()
        try check("undone delete")
    }

    @Test func aFilteredListTakesAChangeWithoutReading() throws {
        let query = TodoListReactorIncrementalTests.query(.all, .position, ["+work"])
        let list = TodoListReactor(provider: provider, query: query)
        _ = list.state
        list.send(.refresh)
        let reads = storage.readSpy.callCount
        _ = try provider.todoService.markDone(ids: [4]).toBlocking().single()
        #expect(storage.readSpy.callCount == reads)
        #expect(list.currentState.todos.first { $0.id == 4 }?.isDone == true)
    }
}
