import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The list reactor's actions of issue 18 against a fake service: adding, editing several todos
/// at once, annotating, denotating, starting and stopping, each the service's call and its
/// outcome, or its error.
@Suite struct TodoListReactorChangeTests {
    let provider: TodoServiceProvider
    let service: FakeTodoService
    let milk = Todo.fixture(1, "Buy milk")
    let bread = Todo.fixture(2, "Buy bread")

    init() {
        let fakes = FakeTodoServiceProvider()
        (provider, service) = (fakes, fakes.fakeTodoService)
    }

    @Test func creatingAddsTheDraft() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        var draft = TodoDraft(title: "Called Bob", isDone: true)
        draft.project = "Work"
        service.createSpy.returns(milk)
        store.send(.create(draft)) {
            $0.created = self.milk
            $0.outcome = .created(self.milk)
        }
        #expect(service.createSpy.calls == [draft])
        store.finish()
    }

    @Test func updatingChangesSeveralTodosInOneCall() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        let patch = TodoPatch(priority: .low, project: .set("Home"))
        let result = TodoMarkResult(todos: [milk, bread], changedIDs: [2])
        service.updateManySpy.returns(result)
        store.send(.update(ids: [1, 2], patch)) { $0.outcome = .updated(result) }
        #expect(service.updateManySpy.calls.map(\.ids) == [[1, 2]])
        #expect(service.updateManySpy.calls.map(\.patch) == [patch])
        store.finish()
    }

    @Test func annotatingAndDenotating() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        let annotated = TodoMarkResult(todos: [milk], changedIDs: [1])
        service.annotateSpy.returns(annotated)
        store.send(.annotate(ids: [1], text: "called the shop")) { $0.outcome = .annotated(annotated) }
        #expect(service.annotateSpy.calls.map(\.text) == ["called the shop"])
        service.denotateSpy.returns(milk)
        store.send(.denotate(id: 1, annotation: "1")) { $0.outcome = .denotated(self.milk) }
        #expect(service.denotateSpy.calls.map(\.annotation) == ["1"])
        store.finish()
    }

    @Test func startingAndStopping() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        let started = TodoMarkResult(todos: [milk, bread], changedIDs: [1, 2])
        service.startSpy.returns(started)
        store.send(.start(ids: [1, 2])) { $0.outcome = .started(started) }
        let stopped = TodoMarkResult(todos: [milk], changedIDs: [])
        service.stopSpy.returns(stopped)
        store.send(.stop(ids: [1])) { $0.outcome = .stopped(stopped) }
        #expect(service.startSpy.calls == [[1, 2]])
        #expect(service.stopSpy.calls == [[1]])
        store.finish()
    }

    @Test func eachErrorBecomesTheState() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        service.updateManySpy.fails(with: TodoError.dependencyCycle([1, 2]))
        store.send(.update(ids: [1], TodoPatch(addDepends: [2]))) { $0.error = .dependencyCycle([1, 2]) }
        service.createSpy.fails(with: TodoError.doneCannotRepeat(.weekly))
        store.send(.create(TodoDraft(title: "x", recurrence: .weekly, isDone: true))) {
            $0.error = .doneCannotRepeat(.weekly)
        }
        service.denotateSpy.fails(with: TodoError.unknownAnnotation(id: 1, "9"))
        store.send(.denotate(id: 1, annotation: "9")) { $0.error = .unknownAnnotation(id: 1, "9") }
        service.annotateSpy.fails(with: TodoError.unknownTodos([9]))
        store.send(.annotate(ids: [9], text: "x")) { $0.error = .unknownTodos([9]) }
        store.finish()
    }
}
