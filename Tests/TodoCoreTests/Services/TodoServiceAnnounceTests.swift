import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing
import TodoCoreTesting

@testable import TodoCore

/// `announce(_:)`: changes written to the store without the service (a sync) reach the bus as
/// the events the service would have published, with the todos as they are when announced.
@Suite struct TodoServiceAnnounceTests {
    let provider = makeProvider(clock: FakeClock())
    let events = Locked<[TodoEvent]>([])
    let bag = DisposeBag()
    var service: TodoServiceType { provider.todoService }

    init() {
        provider.todoService.events.subscribe(onNext: { [events] event in events.withLock { $0.append(event) } })
            .disposed(by: bag)
    }

    var published: [TodoEvent] { events.withLock { $0 } }

    /// Writes `change` to the store as a sync does, past the service; returns it.
    @discardableResult
    func writeOutside(_ change: TodoChange) throws -> TodoChange {
        try provider.storageService.write { _ in (change, ()) }
        return change
    }

    @Test func anImportedChangeThatAlsoDeletesIsAnnouncedAsImportedThenDeleted() throws {
        let milk = try service.create(TodoDraft(title: "Buy milk")).toBlocking().single()
        let bread = try service.create(TodoDraft(title: "Buy bread")).toBlocking().single()
        events.withLock { $0 = [] }
        var renamed = milk
        renamed.title = "Buy oat milk"
        let arrived = Todo(id: 3, uuid: UUID(), title: "Call mum", createdAt: Date(), position: 3072)
        let change = try writeOutside(
            TodoChange(kind: .imported, put: [renamed, arrived], deleted: [bread.id], before: [milk, bread]))
        #expect(published.isEmpty, "nothing reaches the bus by itself")

        let announced = try service.announce([change]).toBlocking().single()
        #expect(announced == [.imported(created: [arrived], updated: [renamed]), .deleted([bread])])
        #expect(published == announced)
    }

    @Test func theTodosAreAnnouncedAsTheyAreNowNotAsTheChangeWroteThem() throws {
        let milk = try service.create(TodoDraft(title: "Buy milk")).toBlocking().single()
        let bread = try service.create(TodoDraft(title: "Buy bread")).toBlocking().single()
        var renamed = milk
        renamed.title = "Buy oat milk"
        var reworded = bread
        reworded.note = "wholemeal"
        let change = try writeOutside(
            TodoChange(kind: .imported, put: [renamed, reworded], before: [milk, bread]))
        // Before the announcement: milk marked done here (published then), bread deleted.
        let done = try service.markDone(ids: [milk.id]).toBlocking().single().todos[0]
        _ = try service.delete(ids: [bread.id]).toBlocking().single()
        events.withLock { $0 = [] }

        let announced = try service.announce([change]).toBlocking().single()
        #expect(announced == [.imported(created: [], updated: [done])], "the done milk, and no bread")
        #expect(published == announced)
    }

    @Test func aDeletionUndoneSinceIsNotAnnouncedAndNothingIsPublishedForNoChange() throws {
        let milk = try service.create(TodoDraft(title: "Buy milk")).toBlocking().single()
        let change = try writeOutside(TodoChange(kind: .imported, deleted: [milk.id], before: [milk]))
        try writeOutside(TodoChange(kind: .undone, put: [milk]))  // back again
        events.withLock { $0 = [] }
        #expect(try service.announce([change]).toBlocking().single().isEmpty)
        #expect(try service.announce([]).toBlocking().single().isEmpty)
        #expect(published.isEmpty)
    }

    @Test func everyKindOfChangeGivesTheEventTheServicePublishesForIt() throws {
        let a = Todo(id: 1, uuid: UUID(), title: "a", createdAt: Date(), position: 1024)
        var b = Todo(id: 2, uuid: UUID(), title: "b", createdAt: Date(), position: 2048)
        var doneA = a
        doneA.isDone = true
        b.position = 512
        let next = Todo(id: 3, uuid: UUID(), title: "a", createdAt: Date(), position: 1024)
        #expect(TodoEvent.describing(TodoChange(kind: .created, put: [a])) == [.created([a])])
        #expect(TodoEvent.describing(TodoChange(kind: .started, put: [a], before: [a])) == [.updated([a])])
        #expect(TodoEvent.describing(TodoChange(kind: .deleted, deleted: [1], before: [a])) == [.deleted([a])])
        #expect(TodoEvent.describing(TodoChange(kind: .cleared, deleted: [1], before: [a])) == [.cleared([a])])
        #expect(
            TodoEvent.describing(TodoChange(kind: .moved, put: [b, a], before: [b, a])) == [.moved(b, renumbered: [a])])
        #expect(
            TodoEvent.describing(TodoChange(kind: .markedDone, put: [doneA, next], before: [a]))
                == [.markedDone([doneA], next: [next])])
        #expect(
            TodoEvent.describing(TodoChange(kind: .markedUndone, put: [a], before: [doneA])) == [.markedUndone([a])])
        #expect(
            TodoEvent.describing(TodoChange(kind: .undone, put: [a], deleted: [3]))
                == [.undone(restored: [a], removedIDs: [3])])
        #expect(TodoEvent.describing(TodoChange(kind: .imported)).isEmpty)
    }

    @Test func aServiceWithoutAStoreAnnouncesTheChangesAsWritten() throws {
        let fake = AnnouncingOnlyService()
        let a = Todo(id: 1, uuid: UUID(), title: "a", createdAt: Date(), position: 1024)
        var seen: [TodoEvent] = []
        let subscription = fake.events.subscribe(onNext: { seen.append($0) })
        defer { subscription.dispose() }
        #expect(try fake.announce([TodoChange(kind: .created, put: [a])]).toBlocking().single() == [.created([a])])
        #expect(seen == [.created([a])])
    }
}

/// A service of another app that implements nothing of `announce(_:)`: the protocol's default.
private final class AnnouncingOnlyService: TodoServiceType, @unchecked Sendable {
    let events = EventBus<TodoEvent>()
    func fetch(_ query: TodoQuery) -> Observable<[Todo]> { .empty() }
    func todo(id: Int) -> Observable<Todo> { .empty() }
    func create(_ draft: TodoDraft) -> Observable<Todo> { .empty() }
    func update(id: Int, _ patch: TodoPatch) -> Observable<Todo> { .empty() }
    func update(ids: [Int], _ patch: TodoPatch) -> Observable<TodoMarkResult> { .empty() }
    func annotate(ids: [Int], text: String) -> Observable<TodoMarkResult> { .empty() }
    func denotate(id: Int, annotation: String) -> Observable<Todo> { .empty() }
    func start(ids: [Int]) -> Observable<TodoMarkResult> { .empty() }
    func stop(ids: [Int]) -> Observable<TodoMarkResult> { .empty() }
    func context() -> Observable<TodoContext> { .empty() }
    func delete(ids: [Int]) -> Observable<[Todo]> { .empty() }
    func move(id: Int, to position: Int) -> Observable<Todo> { .empty() }
    func markDone(ids: [Int]) -> Observable<TodoMarkResult> { .empty() }
    func markUndone(ids: [Int]) -> Observable<TodoMarkResult> { .empty() }
    func clearCompleted() -> Observable<[Todo]> { .empty() }
    func undo() -> Observable<TodoUndoResult> { .empty() }
    func stats() -> Observable<TodoStats> { .empty() }
    func importTodos(_ todos: [ImportedTodo]) -> Observable<TodoImportResult> { .empty() }
    func reloadIfChangedOutside() -> Observable<Bool> { .just(false) }
}
