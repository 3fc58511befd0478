import ReactorKitTesting
import TodoCore

/// A todo service made of spies: each function returns what the test stubbed and records its
/// calls; nothing touches a store.
///
/// Every function has its `Spy`, named after the function with `Spy` added (`fetchSpy`,
/// `markDoneSpy`; `updateManySpy` for `update(ids:_:)`). A new fake has nothing stubbed, so a
/// call the test did not expect fails it, at the step that made it when a `ReactorTestStore`
/// runs. Operations are cold, as the real service's: the spy is called when the observable is
/// subscribed, and its result is emitted then completed (or its error sent). Nothing is
/// published on ``events`` by the fake: the test publishes there to play the bus.
///
/// ```swift
/// let service = FakeTodoService()
/// service.fetchSpy.returns([Todo.fixture(1, "Buy milk")])
/// service.markDoneSpy.returns(TodoMarkResult(todos: [done], changedIDs: [1]))
/// provider.todoSlot.replace(with: service)
/// … exercise the reactor …
/// #expect(service.markDoneSpy.calls == [[1]])
/// service.events.send(.reloaded)   // as if another process had changed the store
/// ```
public final class FakeTodoService: TodoServiceType, @unchecked Sendable {
    // @unchecked Sendable: immutable; the spies and the bus are thread-safe

    /// The bus the test publishes changes on; the fake publishes nothing itself.
    public let events = EventBus<TodoEvent>()
    /// ``fetch(_:)``'s spy.
    public let fetchSpy = Spy<TodoQuery, [Todo]>("fetch")
    /// ``todo(id:)``'s spy.
    public let todoSpy = Spy<Int, Todo>("todo")
    /// ``create(_:)``'s spy.
    public let createSpy = Spy<TodoDraft, Todo>("create")
    /// ``update(id:_:)``'s spy.
    public let updateSpy = Spy<(id: Int, patch: TodoPatch), Todo>("update")
    /// ``update(ids:_:)``'s spy.
    public let updateManySpy = Spy<(ids: [Int], patch: TodoPatch), TodoMarkResult>("update(ids:)")
    /// ``annotate(ids:text:)``'s spy.
    public let annotateSpy = Spy<(ids: [Int], text: String), TodoMarkResult>("annotate")
    /// ``denotate(id:annotation:)``'s spy.
    public let denotateSpy = Spy<(id: Int, annotation: String), Todo>("denotate")
    /// ``start(ids:)``'s spy.
    public let startSpy = Spy<[Int], TodoMarkResult>("start")
    /// ``stop(ids:)``'s spy.
    public let stopSpy = Spy<[Int], TodoMarkResult>("stop")
    /// ``context()``'s spy.
    public let contextSpy = Spy<Void, TodoContext>("context")
    /// ``delete(ids:)``'s spy.
    public let deleteSpy = Spy<[Int], [Todo]>("delete")
    /// ``move(id:to:)``'s spy.
    public let moveSpy = Spy<(id: Int, position: Int), Todo>("move")
    /// ``markDone(ids:)``'s spy.
    public let markDoneSpy = Spy<[Int], TodoMarkResult>("markDone")
    /// ``markUndone(ids:)``'s spy.
    public let markUndoneSpy = Spy<[Int], TodoMarkResult>("markUndone")
    /// ``clearCompleted()``'s spy.
    public let clearCompletedSpy = Spy<Void, [Todo]>("clearCompleted")
    /// ``undo()``'s spy.
    public let undoSpy = Spy<Void, TodoUndoResult>("undo")
    /// ``stats()``'s spy.
    public let statsSpy = Spy<Void, TodoStats>("stats")
    /// ``importTodos(_:)``'s spy.
    public let importTodosSpy = Spy<[ImportedTodo], TodoImportResult>("importTodos")
    /// ``reloadIfChangedOutside()``'s spy.
    public let reloadIfChangedOutsideSpy = Spy<Void, Bool>("reloadIfChangedOutside")
    /// ``announce(_:)``'s spy.
    public let announceSpy = Spy<[TodoChange], [TodoEvent]>("announce")

    /// Creates a fake with nothing stubbed.
    public init() {}

    /// Calls ``fetchSpy``.
    public func fetch(_ query: TodoQuery) -> Observable<[Todo]> { cold { try self.fetchSpy(query) } }
    /// Calls ``todoSpy``.
    public func todo(id: Int) -> Observable<Todo> { cold { try self.todoSpy(id) } }
    /// Calls ``createSpy``.
    public func create(_ draft: TodoDraft) -> Observable<Todo> { cold { try self.createSpy(draft) } }
    /// Calls ``updateSpy``.
    public func update(id: Int, _ patch: TodoPatch) -> Observable<Todo> { cold { try self.updateSpy((id, patch)) } }
    /// Calls ``updateManySpy``.
    public func update(ids: [Int], _ patch: TodoPatch) -> Observable<TodoMarkResult> {
        cold { try self.updateManySpy((ids, patch)) }
    }
    /// Calls ``annotateSpy``.
    public func annotate(ids: [Int], text: String) -> Observable<TodoMarkResult> {
        cold { try self.annotateSpy((ids, text)) }
    }
    /// Calls ``denotateSpy``.
    public func denotate(id: Int, annotation: String) -> Observable<Todo> {
        cold { try self.denotateSpy((id, annotation)) }
    }
    /// Calls ``startSpy``.
    public func start(ids: [Int]) -> Observable<TodoMarkResult> { cold { try self.startSpy(ids) } }
    /// Calls ``stopSpy``.
    public func stop(ids: [Int]) -> Observable<TodoMarkResult> { cold { try self.stopSpy(ids) } }
    /// Calls ``contextSpy``.
    public func context() -> Observable<TodoContext> { cold { try self.contextSpy() } }
    /// Calls ``deleteSpy``.
    public func delete(ids: [Int]) -> Observable<[Todo]> { cold { try self.deleteSpy(ids) } }
    /// Calls ``moveSpy``.
    public func move(id: Int, to position: Int) -> Observable<Todo> { cold { try self.moveSpy((id, position)) } }
    /// Calls ``markDoneSpy``.
    public func markDone(ids: [Int]) -> Observable<TodoMarkResult> { cold { try self.markDoneSpy(ids) } }
    /// Calls ``markUndoneSpy``.
    public func markUndone(ids: [Int]) -> Observable<TodoMarkResult> { cold { try self.markUndoneSpy(ids) } }
    /// Calls ``clearCompletedSpy``.
    public func clearCompleted() -> Observable<[Todo]> { cold { try self.clearCompletedSpy() } }
    /// Calls ``undoSpy``.
    public func undo() -> Observable<TodoUndoResult> { cold { try self.undoSpy() } }
    /// Calls ``statsSpy``.
    public func stats() -> Observable<TodoStats> { cold { try self.statsSpy() } }
    /// Calls ``importTodosSpy``.
    public func importTodos(_ todos: [ImportedTodo]) -> Observable<TodoImportResult> {
        cold { try self.importTodosSpy(todos) }
    }
    /// Calls ``reloadIfChangedOutsideSpy``.
    public func reloadIfChangedOutside() -> Observable<Bool> { cold { try self.reloadIfChangedOutsideSpy() } }
    /// Calls ``announceSpy`` (and publishes nothing: the test publishes on ``events``).
    public func announce(_ changes: [TodoChange]) -> Observable<[TodoEvent]> {
        cold { try self.announceSpy(changes) }
    }
}

/// One value from `body` on each subscription, then the end; or `body`'s error.
func cold<Value>(_ body: @escaping () throws -> Value) -> Observable<Value> {
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
