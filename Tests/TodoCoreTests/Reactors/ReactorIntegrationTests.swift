import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The reactors on the real todo service over an in-memory store: what each action publishes
/// on the bus, and every live reactor following every change.
@Suite struct ReactorIntegrationTests {
    let clock = FakeClock()
    let provider: TodoServiceProvider

    init() {
        provider = makeProvider(clock: clock)
    }

    @Test func addingFromTheEditFormReachesTheListAndTheStats() throws {
        let list = ReactorTestStore(TodoListReactor(provider: provider))
        let stats = ReactorTestStore(TodoStatsReactor(provider: provider))
        list.send(.refresh) { $0.isLoaded = true }
        stats.send(.refresh) { $0.stats = TodoStats() }
        let form = ReactorTestStore(TodoEditReactor(provider: provider, mode: .new))
        let events = form.track(provider.todoService.events, name: "todoService.events")
        form.send(.setTitle("Buy milk")) { $0.fields.title = "Buy milk" }
        form.send(.setDueText("+2d")) { $0.fields.due = .daysFromToday(2) }
        let expected = Todo(
            id: 1, uuid: uuid(1), title: "Buy milk", due: day("2030-01-09"), createdAt: monday, position: 1024)
        form.send(.submit) {
            $0.isDismissed = true
            $0.savedTodo = expected
        }
        form.expectPublished([.created([expected])], on: events)
        list.receive(.apply(.created([expected]))) { $0.todos = [expected] }
        stats.receive(.setStats(TodoStats(pending: 1))) { $0.stats = TodoStats(pending: 1) }
        form.finish()
        list.finish()
        stats.finish()
    }

    @Test func addingFromTheListReachesItAndTheStats() throws {
        let list = ReactorTestStore(TodoListReactor(provider: provider))
        let stats = ReactorTestStore(TodoStatsReactor(provider: provider))
        list.send(.refresh) { $0.isLoaded = true }
        stats.send(.refresh) { $0.stats = TodoStats() }
        let events = list.track(provider.todoService.events, name: "todoService.events")
        let expected = Todo(
            id: 1, uuid: uuid(1), title: "Buy milk", due: day("2030-01-09"), tags: ["shop"], createdAt: monday,
            position: 1024)
        list.send(.create(TodoDraft(title: " Buy milk ", due: .daysFromToday(2), tags: ["+shop"]))) {
            $0.todos = [expected]  // the bus, during the send
            $0.created = expected
            $0.outcome = .created(expected)
        }
        list.expectPublished([.created([expected])], on: events)
        let counted = TodoStats(pending: 1, tags: ["shop": TodoStats.TagCount(pending: 1)])
        stats.receive(.setStats(counted)) { $0.stats = counted }
        list.send(.create(TodoDraft(title: ""))) { $0.error = .blankTitle }
        list.finish()
        stats.finish()
    }

    @Test func completingARecurringTodoPublishesItAndItsNextOccurrence() throws {
        var draft = TodoDraft(title: "Water plants", due: .today)
        draft.recurrence = .weekly
        let created = try provider.todoService.create(draft).toBlocking().single()
        let list = ReactorTestStore(TodoListReactor(provider: provider))
        list.send(.refresh) {
            $0.todos = [created]
            $0.isLoaded = true
        }
        let events = list.track(provider.todoService.events, name: "events")
        clock.advance(days: 2)
        var done = created
        done.isDone = true
        done.completedAt = clock.now
        done.updatedAt = clock.now
        done.recurrence = nil
        let next = Todo(
            id: 2, uuid: Recurrence.nextOccurrenceUUID(after: created.uuid), title: "Water plants",
            due: day("2030-01-14"), createdAt: clock.now,
            position: created.position, recurrence: .weekly)
        let result = TodoMarkResult(todos: [done], changedIDs: [1], next: [next], nextFollows: [1])
        list.send(.toggleDone(id: 1)) {
            $0.todos = [next]
            $0.outcome = .completed(result)
        }
        list.expectPublished([.markedDone([done], next: [next])], on: events)
        list.send(.undo) {
            $0.todos = [created]
            $0.outcome = .undone(TodoUndoResult(undoneKind: .markedDone, restored: [created], removed: [next]))
        }
        list.expectPublished([.undone(restored: [created], removedIDs: [2])], on: events)
        list.finish()
    }

    @Test func deletingSeveralConfirmedThroughTheAlertThenUndoing() throws {
        let alerts = FakeAlertService()
        let provider = makeProvider(clock: clock, alertService: alerts)
        let a = try provider.todoService.create(TodoDraft(title: "a")).toBlocking().single()
        let b = try provider.todoService.create(TodoDraft(title: "b")).toBlocking().single()
        let list = ReactorTestStore(TodoListReactor(provider: provider))
        list.send(.refresh) {
            $0.todos = [a, b]
            $0.isLoaded = true
        }
        let events = list.track(provider.todoService.events, name: "events")
        alerts.showSpy.answers { $0.actions[0] }
        list.send(.delete(ids: [1, 2], confirmed: false)) {
            $0.todos = []
            $0.outcome = .deleted([a, b])
        }
        list.expectPublished([.deleted([a, b])], on: events)
        list.send(.undo) {
            $0.todos = [a, b]
            $0.outcome = .undone(TodoUndoResult(undoneKind: .deleted, restored: [a, b], removed: []))
        }
        list.expectPublished([.undone(restored: [a, b], removedIDs: [])], on: events)
        list.finish()
    }

    @Test func aChangeByOneListReachesAnotherWithADifferentQuery() throws {
        let a = try provider.todoService.create(TodoDraft(title: "a")).toBlocking().single()
        let pending = ReactorTestStore(TodoListReactor(provider: provider))
        let done = ReactorTestStore(TodoListReactor(provider: provider, query: TodoQuery(status: .done)))
        pending.send(.refresh) {
            $0.todos = [a]
            $0.isLoaded = true
        }
        done.send(.refresh) { $0.isLoaded = true }
        var finished = a
        finished.isDone = true
        finished.completedAt = monday
        pending.send(.setDone(ids: [1], true)) {
            $0.todos = []
            $0.outcome = .completed(TodoMarkResult(todos: [finished], changedIDs: [1]))
        }
        done.receive(.apply(.markedDone([finished], next: []))) { $0.todos = [finished] }
        pending.finish()
        done.finish()
    }
}
