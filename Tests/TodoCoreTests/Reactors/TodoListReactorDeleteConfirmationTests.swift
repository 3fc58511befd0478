import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The list reactor made to confirm every delete (`todo ui`, where one key deletes): one todo
/// asks too, by its title; a confirmed delete still does not ask.
@Suite struct TodoListReactorDeleteConfirmationTests {
    let provider: TodoServiceProvider
    let service: FakeTodoService
    let alerts: FakeAlertService
    let milk = Todo.fixture(1, "Buy milk")
    let bread = Todo.fixture(2, "Buy bread")

    init() {
        let fakes = FakeTodoServiceProvider()
        (provider, service, alerts) = (fakes, fakes.fakeTodoService, fakes.fakeAlertService)
    }

    func loadedStore(_ todos: [Todo]) -> ReactorTestStore<TodoListReactor> {
        let store = ReactorTestStore(TodoListReactor(provider: provider, deleteConfirmation: .always))
        service.fetchSpy.returnsOnce(todos)
        store.send(.refresh) {
            $0.todos = todos
            $0.isLoaded = true
        }
        return store
    }

    @Test func deletingOneTodoAsksWithItsTitle() {
        let store = loadedStore([milk, bread])
        alerts.showSpy.answers { alert in alert.actions[0] }
        service.deleteSpy.returns([milk])
        store.send(.delete(ids: [1], confirmed: false)) { $0.outcome = .deleted([self.milk]) }
        #expect(alerts.showSpy.calls.map(\.title) == ["Delete \"Buy milk\"?"])
        #expect(alerts.showSpy.calls.first?.message == "It can be brought back with undo.")
        #expect(alerts.showSpy.calls.first?.actions.map(\.style) == [.destructive, .cancel])
        #expect(service.deleteSpy.calls == [[1]])
        store.finish()
    }

    @Test func aTodoNotInTheListIsNamedByItsID() {
        let store = loadedStore([milk])
        alerts.showSpy.answers { alert in alert.actions[1] }
        store.send(.delete(ids: [7], confirmed: false)) { $0.outcome = .cancelled }
        #expect(alerts.showSpy.calls.map(\.title) == ["Delete todo 7?"])
        #expect(service.deleteSpy.calls == [])
        store.finish()
    }

    @Test func declinedChangesNothing() {
        let store = loadedStore([milk])
        alerts.showSpy.answers { alert in alert.actions[1] }
        store.send(.delete(ids: [1], confirmed: false)) { $0.outcome = .cancelled }
        #expect(service.deleteSpy.calls == [])
        store.finish()
    }

    @Test func confirmedDeletesStillDoNotAsk() {
        let store = loadedStore([milk])
        service.deleteSpy.returns([milk])
        store.send(.delete(ids: [1], confirmed: true)) { $0.outcome = .deleted([self.milk]) }
        #expect(alerts.showSpy.calls == [])
        store.finish()
    }

    @Test func theDefaultAsksOnlyForSeveral() {
        #expect(TodoListReactor(provider: provider).deleteConfirmation == .whenSeveral)
    }
}
