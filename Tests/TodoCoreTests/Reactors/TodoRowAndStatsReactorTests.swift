import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The row and stats reactors against a fake service: loading, following the bus.
@Suite struct TodoRowAndStatsReactorTests {
    let provider: TodoServiceProvider
    let service: FakeTodoService
    let alerts: FakeAlertService
    let milk = Todo.fixture(1, "Buy milk")

    init() {
        let fakes = FakeTodoServiceProvider()
        (provider, service, alerts) = (fakes, fakes.fakeTodoService, fakes.fakeAlertService)
    }

    @Test func aRowLoadsItsTodoAndFollowsItsChanges() {
        let store = ReactorTestStore(TodoRowReactor(provider: provider, id: 1))
        service.todoSpy.returns(milk)
        store.send(.load) { $0.todo = self.milk }
        var renamed = milk
        renamed.title = "Buy oat milk"
        service.events.send(.updated([renamed]))
        store.receive(.setTodo(renamed)) { $0.todo = renamed }
        service.events.send(.updated([Todo.fixture(2, "other")]))
        service.events.send(.deleted([renamed]))
        store.receive(.setDeleted) {
            $0.todo = nil
            $0.isDeleted = true
        }
        service.events.send(.undone(restored: [renamed], removedIDs: []))
        store.receive(.setTodo(renamed)) {
            $0.todo = renamed
            $0.isDeleted = false
        }
        store.finish()
    }

    @Test func aRowOfAnUnknownTodoHasTheError() {
        let store = ReactorTestStore(TodoRowReactor(provider: provider, id: 9))
        service.todoSpy.fails(with: TodoError.unknownTodos([9]))
        store.send(.load) { $0.error = .unknownTodos([9]) }
        store.finish()
    }

    @Test func aRowTogglesThroughTheServiceAndTakesTheResultFromTheBus() {
        let store = ReactorTestStore(TodoRowReactor(provider: provider, todo: milk))
        var finished = milk
        finished.isDone = true
        // The answer holds the bus, not the service that holds the spy (a cycle LeakSanitizer reports).
        service.markDoneSpy.answers { [events = service.events] ids in
            events.send(.markedDone([finished], next: []))
            return TodoMarkResult(todos: [finished], changedIDs: ids)
        }
        store.send(.toggleDone) { $0.todo = finished }
        #expect(service.markDoneSpy.calls == [[1]])
        store.finish()
    }

    @Test func aRowRefetchesOnReloadAndNoticesADeletionByAnotherProcess() {
        let store = ReactorTestStore(TodoRowReactor(provider: provider, todo: milk))
        service.todoSpy.failsOnce(with: TodoError.unknownTodos([1]))
        service.events.send(.reloaded)
        store.receive(.setDeleted) {
            $0.todo = nil
            $0.isDeleted = true
        }
        store.finish()
    }

    @Test func statsCountOnRefreshThenAfterEveryChange() {
        let store = ReactorTestStore(TodoStatsReactor(provider: provider))
        service.events.send(.created([milk]))  // not counted yet: ignored
        let one = TodoStats(pending: 1)
        let two = TodoStats(pending: 2, tags: ["shop": .init(pending: 1)])
        service.statsSpy.returnsOnce(one).returnsOnce(two)
        store.send(.refresh) { $0.stats = one }
        service.events.send(.created([Todo.fixture(2, "x", tags: ["shop"])]))
        store.receive(.setStats(two)) { $0.stats = two }
        service.statsSpy.fails(with: TodoError.storeLocked(file: "f", seconds: 1))
        service.events.send(.reloaded)
        store.receive(.setError(.storeLocked(file: "f", seconds: 1))) { $0.error = .storeLocked(file: "f", seconds: 1) }
        store.finish()
    }
}
