import Foundation
import ReactorKitTesting

@testable import TodoCore

/// A todo service made of spies: each function returns what the test stubbed and records its
/// calls; nothing touches a store. Tests publish on `events` to play the bus.
final class FakeTodoService: TodoServiceType, @unchecked Sendable {
    // @unchecked Sendable: spies and the bus are thread-safe
    let events = EventBus<TodoEvent>()
    let fetchSpy = Spy<TodoQuery, [Todo]>("fetch")
    let todoSpy = Spy<Int, Todo>("todo")
    let createSpy = Spy<TodoDraft, Todo>("create")
    let updateSpy = Spy<(id: Int, patch: TodoPatch), Todo>("update")
    let deleteSpy = Spy<[Int], [Todo]>("delete")
    let moveSpy = Spy<(id: Int, position: Int), Todo>("move")
    let markDoneSpy = Spy<[Int], TodoMarkResult>("markDone")
    let markUndoneSpy = Spy<[Int], TodoMarkResult>("markUndone")
    let clearCompletedSpy = Spy<Void, [Todo]>("clearCompleted")
    let undoSpy = Spy<Void, TodoUndoResult>("undo")
    let statsSpy = Spy<Void, TodoStats>("stats")
    let importTodosSpy = Spy<[ImportedTodo], TodoImportResult>("importTodos")
    let reloadIfChangedOutsideSpy = Spy<Void, Bool>("reloadIfChangedOutside")
    let updateManySpy = Spy<(ids: [Int], patch: TodoPatch), TodoMarkResult>("update(ids:)")
    let annotateSpy = Spy<(ids: [Int], text: String), TodoMarkResult>("annotate")
    let denotateSpy = Spy<(id: Int, annotation: String), Todo>("denotate")
    let startSpy = Spy<[Int], TodoMarkResult>("start")
    let stopSpy = Spy<[Int], TodoMarkResult>("stop")
    let contextSpy = Spy<Void, TodoContext>("context")

    func fetch(_ query: TodoQuery) -> Observable<[Todo]> { call { try self.fetchSpy(query) } }
    func todo(id: Int) -> Observable<Todo> { call { try self.todoSpy(id) } }
    func create(_ draft: TodoDraft) -> Observable<Todo> { call { try self.createSpy(draft) } }
    func update(id: Int, _ patch: TodoPatch) -> Observable<Todo> { call { try self.updateSpy((id, patch)) } }
    func delete(ids: [Int]) -> Observable<[Todo]> { call { try self.deleteSpy(ids) } }
    func move(id: Int, to position: Int) -> Observable<Todo> { call { try self.moveSpy((id, position)) } }
    func markDone(ids: [Int]) -> Observable<TodoMarkResult> { call { try self.markDoneSpy(ids) } }
    func markUndone(ids: [Int]) -> Observable<TodoMarkResult> { call { try self.markUndoneSpy(ids) } }
    func clearCompleted() -> Observable<[Todo]> { call { try self.clearCompletedSpy() } }
    func undo() -> Observable<TodoUndoResult> { call { try self.undoSpy() } }
    func stats() -> Observable<TodoStats> { call { try self.statsSpy() } }
    func importTodos(_ todos: [ImportedTodo]) -> Observable<TodoImportResult> {
        call { try self.importTodosSpy(todos) }
    }
    func reloadIfChangedOutside() -> Observable<Bool> { call { try self.reloadIfChangedOutsideSpy() } }
    func update(ids: [Int], _ patch: TodoPatch) -> Observable<TodoMarkResult> {
        call { try self.updateManySpy((ids, patch)) }
    }
    func annotate(ids: [Int], text: String) -> Observable<TodoMarkResult> {
        call { try self.annotateSpy((ids, text)) }
    }
    func denotate(id: Int, annotation: String) -> Observable<Todo> {
        call { try self.denotateSpy((id, annotation)) }
    }
    func start(ids: [Int]) -> Observable<TodoMarkResult> { call { try self.startSpy(ids) } }
    func stop(ids: [Int]) -> Observable<TodoMarkResult> { call { try self.stopSpy(ids) } }
    func context() -> Observable<TodoContext> { call { try self.contextSpy() } }

    /// One value from `body` on subscription, or its error.
    private func call<Value>(_ body: @escaping () throws -> Value) -> Observable<Value> {
        Observable.create { observer in
            do {
                observer.onNext(try body())
                observer.onCompleted()
            } catch {
                observer.onError(error)
            }
            return Disposables.create()
        }
    }
}

/// An alert service whose answer the test chooses; records every alert shown.
final class FakeAlertService: AlertServiceType, @unchecked Sendable {
    // @unchecked Sendable: the spy is thread-safe
    let showSpy = Spy<Alert, AlertAction>("show")

    func show(_ alert: Alert) -> Observable<AlertAction> {
        Observable.create { observer in
            do {
                observer.onNext(try self.showSpy(alert))
                observer.onCompleted()
            } catch {
                observer.onError(error)
            }
            return Disposables.create()
        }
    }
}

/// A provider whose services are fakes.
func makeFakeProvider(clock: TestClock = TestClock()) -> (TodoServiceProvider, FakeTodoService, FakeAlertService) {
    let alerts = FakeAlertService()
    let provider = TodoServiceProvider(
        storage: InMemoryTodoStorage(), alertService: alerts, clock: clock.clock, uuids: .sequential())
    let service = FakeTodoService()
    provider.todoSlot.replace(with: service)
    return (provider, service, alerts)
}

/// A todo for tests: id `id`, uuid `uuid(id)`, created on Monday 2030-01-07, at position `id × 1024`.
func sample(
    _ id: Int, _ title: String, isDone: Bool = false, priority: Priority = .none, due: String? = nil,
    tags: Set<String> = []
) -> Todo {
    Todo(
        id: id, uuid: uuid(id), title: title, isDone: isDone, priority: priority, due: due.map(day), tags: tags,
        createdAt: monday, completedAt: isDone ? monday : nil, position: id * 1024)
}
