import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The todo service's rules, on an in-memory store with a test clock.
@Suite struct TodoServiceTests {
    let clock = FakeClock()
    let provider: TodoServiceProvider
    let events = Locked<[TodoEvent]>([])
    let bag = DisposeBag()
    var service: TodoServiceType { provider.todoService }

    init() {
        provider = makeProvider(clock: clock)
        provider.todoService.events.subscribe(onNext: { [events] event in events.withLock { $0.append(event) } })
            .disposed(by: bag)
    }

    var published: [TodoEvent] { events.withLock { $0 } }

    @discardableResult
    func add(_ title: String, _ configure: (inout TodoDraft) -> Void = { _ in }) throws -> Todo {
        var draft = TodoDraft(title: title)
        configure(&draft)
        return try service.create(draft).toBlocking().single()
    }

    // MARK: Creating

    @Test func onTheCalendarsLastDayNothingIsPutPastIt() throws {
        // 9999-12-31, the last day of the calendar, at noon.
        let lastDay = FakeClock(Date(timeIntervalSince1970: 253_402_257_600))
        let provider = makeProvider(clock: lastDay)
        let service = provider.todoService
        for input: DateInput in [.tomorrow, .daysFromToday(1), .weeksFromToday(2), .next(.monday)] {
            #expect(throws: TodoError.invalidDate(input.description, reason: .outOfRange)) {
                try service.create(TodoDraft(title: "later", due: input)).toBlocking().single()
            }
        }
        let today = try service.create(TodoDraft(title: "today", due: .today, recurrence: .daily)).toBlocking().single()
        #expect(today.due?.description == "9999-12-31")
        #expect(throws: TodoError.noNextOccurrence(id: today.id)) {
            try service.markDone(ids: [today.id]).toBlocking().single()
        }
        #expect(try service.todo(id: today.id).toBlocking().single().isDone == false, "nothing was changed")
        let plain = try service.create(TodoDraft(title: "no recurrence", due: .today)).toBlocking().single()
        #expect(try service.markDone(ids: [plain.id]).toBlocking().single().changedIDs == [plain.id])
        #expect(throws: TodoError.invalidDate("tomorrow", reason: .outOfRange)) {
            try service.update(id: plain.id, TodoPatch(due: .set(.tomorrow))).toBlocking().single()
        }
    }

    @Test func createdTodosAreValidatedAndNumbered() throws {
        let first = try add("  Buy milk \n") {
            $0.note = "  two litres\n\n"
            $0.tags = ["+shop", "#home", "errand"]
            $0.due = .tomorrow
            $0.priority = .high
        }
        #expect(first.id == 1)
        #expect(first.uuid == uuid(1))
        #expect(first.title == "Buy milk")
        #expect(first.note == "  two litres")
        #expect(first.tags == ["shop", "home", "errand"])
        #expect(first.due == day("2030-01-08"))
        #expect(first.createdAt == monday && first.updatedAt == monday)
        let second = try add("Second")
        #expect(second.id == 2)
        #expect(second.position > first.position)
        #expect(published == [.created([first]), .created([second])])
    }

    @Test func blankTitlesAndBadTagsAreRefused() {
        #expect(todoError { try add(" \t\n") } == .blankTitle)
        #expect(todoError { try add("x") { $0.tags = ["two words"] } } == .invalidTag("two words"))
        #expect(todoError { try add("x") { $0.tags = ["+"] } } == .invalidTag("+"))
        #expect(published == [])
    }

    // MARK: Updating

    @Test func updatesSetAndClearEveryField() throws {
        let todo = try add("a") {
            $0.note = "n"
            $0.due = .today
            $0.tags = ["x", "Work"]
            $0.recurrence = .daily
            $0.priority = .low
        }
        clock.advance(seconds: 30)
        let patch = TodoPatch(
            title: " b ", note: .clear, priority: .high, due: .clear, addTags: ["y", "WORK"], removeTags: ["X"],
            recurrence: .clear)
        let updated = try service.update(id: todo.id, patch).toBlocking().single()
        #expect(updated.title == "b")
        #expect(updated.note == nil && updated.due == nil && updated.recurrence == nil)
        #expect(updated.priority == .high)
        #expect(updated.tags == ["Work", "y"])
        #expect(updated.updatedAt == clock.now)
        #expect(updated.createdAt == monday)
        let again = try service.update(
            id: todo.id, TodoPatch(note: .set("new"), due: .set(.weeksFromToday(1)), recurrence: .set(.monthly))
        ).toBlocking().single()
        #expect(again.note == "new" && again.due == day("2030-01-14") && again.recurrence == .monthly)
        #expect(published.suffix(2) == [.updated([updated]), .updated([again])])
    }

    @Test func anUpdateThatChangesNothingWritesNothing() throws {
        let todo = try add("a") { $0.tags = ["x"] }
        let same = try service.update(id: 1, TodoPatch(title: "a", addTags: ["X"])).toBlocking().single()
        #expect(same == todo)
        #expect(published == [.created([todo])])
        #expect(
            todoError { try service.update(id: 9, TodoPatch(title: "b")).toBlocking().single() } == .unknownTodos([9]))
        #expect(todoError { try service.update(id: 1, TodoPatch(title: " ")).toBlocking().single() } == .blankTitle)
    }

    // MARK: Deleting, marking, clearing

    @Test func severalIdsAreAllOrNothing() throws {
        try add("a")
        try add("b")
        #expect(todoError { try service.delete(ids: [1, 7, 2, 8]).toBlocking().single() } == .unknownTodos([7, 8]))
        #expect(todoError { try service.markDone(ids: [2, 9]).toBlocking().single() } == .unknownTodos([9]))
        #expect(try service.fetch(TodoQuery()).toBlocking().single().map(\.id) == [1, 2])
        let deleted = try service.delete(ids: [2, 1, 2]).toBlocking().single()
        #expect(deleted.map(\.id) == [2, 1])
        #expect(try service.fetch(TodoQuery(status: .all)).toBlocking().single() == [])
    }

    @Test func markingDoneAndUndoneReportsWhatChanged() throws {
        try add("a")
        try add("b")
        let first = try service.markDone(ids: [1]).toBlocking().single()
        #expect(first.changedIDs == [1])
        let both = try service.markDone(ids: [1, 2]).toBlocking().single()
        #expect(both.changedIDs == [2])
        #expect(both.todos.map(\.isDone) == [true, true])
        #expect(both.todos[0].completedAt == monday)
        let reopened = try service.markUndone(ids: [2]).toBlocking().single()
        #expect(reopened.todos[0].completedAt == nil && !reopened.todos[0].isDone)
        let nothing = try service.markUndone(ids: [2]).toBlocking().single()
        #expect(nothing.changedIDs == [])
        #expect(published.count == 5, "2 created, 2 marked done, 1 marked undone; no event when nothing changed")
    }

    @Test func clearingDeletesTheDoneTodosOnly() throws {
        try add("a")
        try add("b")
        try add("c")
        _ = try service.markDone(ids: [1, 3]).toBlocking().single()
        #expect(try service.clearCompleted().toBlocking().single().map(\.id) == [1, 3])
        #expect(try service.fetch(TodoQuery(status: .all)).toBlocking().single().map(\.id) == [2])
        #expect(try service.clearCompleted().toBlocking().single() == [])
    }

    // MARK: Moving

    @Test func movingPlacesATodoAmongTheTodosOfItsStatus() throws {
        for title in ["a", "b", "c", "d"] { try add(title) }
        _ = try service.markDone(ids: [2]).toBlocking().single()
        func order() throws -> [String] { try service.fetch(TodoQuery()).toBlocking().single().map(\.title) }
        _ = try service.move(id: 4, to: 1).toBlocking().single()
        #expect(try order() == ["d", "a", "c"])
        _ = try service.move(id: 4, to: 3).toBlocking().single()
        #expect(try order() == ["a", "c", "d"])
        _ = try service.move(id: 1, to: 2).toBlocking().single()
        #expect(try order() == ["c", "a", "d"])
        #expect(todoError { try service.move(id: 1, to: 4).toBlocking().single() } == .invalidPosition(4, count: 3))
        #expect(todoError { try service.move(id: 1, to: 0).toBlocking().single() } == .invalidPosition(0, count: 3))
        #expect(todoError { try service.move(id: 9, to: 1).toBlocking().single() } == .unknownTodos([9]))
        let unmoved = published.count
        _ = try service.move(id: 1, to: 2).toBlocking().single()
        #expect(published.count == unmoved, "already there: no change")
        let appended = try add("e")
        #expect(try order() == ["c", "a", "d", "e"], "new todos go last, after moved ones")
        #expect(appended.position > (try service.todo(id: 4).toBlocking().single().position))
    }

    @Test func movingBetweenNeighboursWithNoRoomRenumbers() throws {
        for title in ["a", "b", "c"] { try add(title) }
        for _ in 1...12 {
            _ = try service.move(id: 3, to: 2).toBlocking().single()
            _ = try service.move(id: 2, to: 2).toBlocking().single()
        }
        #expect(try service.fetch(TodoQuery()).toBlocking().single().map(\.title) == ["a", "b", "c"])
        let renumbered = published.contains {
            if case .moved(_, let others) = $0 { return !others.isEmpty }
            return false
        }
        #expect(renumbered)
        let positions = try service.fetch(TodoQuery()).toBlocking().single().map(\.position)
        #expect(positions == positions.sorted() && Set(positions).count == 3)
    }

    // MARK: Recurrence and undo

    @Test func completingARecurringTodoCreatesItsNextOccurrence() throws {
        let todo = try add("Pay rent") {
            $0.due = .day(day("2030-01-01"))
            $0.recurrence = .monthly
            $0.tags = ["home"]
        }
        let result = try service.markDone(ids: [todo.id]).toBlocking().single()
        let next = try #require(result.next.first)
        #expect(next.id == 2)
        #expect(next.due == day("2030-02-01"))
        #expect(next.recurrence == .monthly)
        #expect(next.tags == ["home"] && next.title == "Pay rent" && !next.isDone)
        #expect(result.todos[0].recurrence == nil, "the series moves on to the next occurrence")
        _ = try service.markUndone(ids: [1]).toBlocking().single()
        _ = try service.markDone(ids: [1]).toBlocking().single()
        #expect(try service.fetch(TodoQuery(status: .all)).toBlocking().single().count == 2, "no second series")
    }

    @Test func eachNextOccurrenceIsLinkedToTheTodoItFollows() throws {
        let daily = try add("Water plants") { $0.recurrence = .daily }
        let plain = try add("Buy milk")
        let weekly = try add("Clean up") { $0.recurrence = .weekly }
        let result = try service.markDone(ids: [weekly.id, plain.id, daily.id]).toBlocking().single()
        #expect(result.next.map(\.title) == ["Clean up", "Water plants"])
        #expect(result.next(after: weekly.id)?.title == "Clean up")
        #expect(result.next(after: weekly.id)?.recurrence == .weekly)
        #expect(result.next(after: daily.id)?.title == "Water plants")
        #expect(result.next(after: plain.id) == nil)
        let again = try service.markDone(ids: [daily.id]).toBlocking().single()
        #expect(again.next(after: daily.id) == nil, "already done: no next occurrence")
    }

    /// What each kind of undo names: the todos the user acted on, not the side effects (next
    /// occurrences, todos renumbered to make room).
    @Test func anUndoNamesTheTodosTheUserActedOn() throws {
        let a = try add("a") { $0.recurrence = .daily }
        let b = try add("b")
        #expect(try service.undo().toBlocking().single().subjects.map(\.id) == [b.id], "adding")
        try add("c")
        _ = try service.markDone(ids: [a.id, 3]).toBlocking().single()
        let completing = try service.undo().toBlocking().single()
        #expect(completing.subjects.map(\.id) == [a.id, 3])
        #expect(completing.removed.map(\.title) == ["a"], "the next occurrence")
        _ = try service.update(id: 3, TodoPatch(title: "C")).toBlocking().single()
        #expect(try service.undo().toBlocking().single().subjects.map(\.id) == [3], "editing")
        _ = try service.delete(ids: [1, 3]).toBlocking().single()
        #expect(try service.undo().toBlocking().single().subjects.map(\.id) == [1, 3], "deleting")
        _ = try service.markDone(ids: [3]).toBlocking().single()
        _ = try service.markUndone(ids: [3]).toBlocking().single()
        #expect(try service.undo().toBlocking().single().subjects.map(\.id) == [3], "reopening")
        _ = try service.clearCompleted().toBlocking().single()
        #expect(try service.undo().toBlocking().single().subjects.map(\.id) == [3], "clearing")
        clock.advance(days: 1)
        var newer = ImportedTodo(try service.todo(id: 1).toBlocking().single())
        newer.title = "a, imported"
        newer.updatedAt = clock.now
        _ = try service.importTodos([newer, ImportedTodo(title: "d")]).toBlocking().single()
        let importing = try service.undo().toBlocking().single()
        #expect(Set(importing.subjects.map(\.title)) == ["a", "d"], "one replaced, one created")
    }

    @Test func undoingAMoveThatRenumberedNamesOnlyTheMovedTodo() throws {
        for title in ["a", "b", "c"] { try add(title) }
        for round in 0..<40 {
            let id = round % 2 == 0 ? 3 : 2
            _ = try service.move(id: id, to: 2).toBlocking().single()
            guard case .moved(let moved, let renumbered)? = published.last, !renumbered.isEmpty else { continue }
            let undone = try service.undo().toBlocking().single()
            #expect(undone.restored.count == renumbered.count + 1)
            #expect(undone.subjects.map(\.id) == [moved.id])
            return
        }
        Issue.record("no move renumbered the list")
    }

    @Test func undoGoesBackSeveralChangesAndBringsBackDeletedTodos() throws {
        let a = try add("a")
        try add("b")
        _ = try service.update(id: 1, TodoPatch(title: "A")).toBlocking().single()
        _ = try service.delete(ids: [1]).toBlocking().single()
        #expect(try service.undo().toBlocking().single().undoneKind == .deleted)
        #expect(try service.todo(id: 1).toBlocking().single().title == "A")
        #expect(try service.undo().toBlocking().single().undoneKind == .updated)
        #expect(try service.todo(id: 1).toBlocking().single() == a)
        let undoneCreate = try service.undo().toBlocking().single()
        #expect(undoneCreate.removed.map(\.id) == [2])
        _ = try service.undo().toBlocking().single()
        #expect(todoError { try service.undo().toBlocking().single() } == .nothingToUndo)
        #expect(try add("c").id == 3, "ids are not reused after undo")
    }

    @Test func undoReachesBackAsFarAsTheHistoryLimit() throws {
        try add("a")
        for index in 1...(TodoStorageHistory.limit + 5) {
            _ = try service.update(id: 1, TodoPatch(title: "a\(index)")).toBlocking().single()
        }
        for _ in 1...TodoStorageHistory.limit { _ = try service.undo().toBlocking().single() }
        #expect(todoError { try service.undo().toBlocking().single() } == .nothingToUndo)
        #expect(try service.todo(id: 1).toBlocking().single().title == "a5")
    }

    // MARK: Queries and stats

    @Test func queriesFilterSortAndLimit() throws {
        try add("Buy Milk") {
            $0.tags = ["shop"]
            $0.priority = .low
            $0.due = .day(day("2030-01-10"))
        }
        try add("call bob") {
            $0.note = "about the MILK order"
            $0.priority = .high
            $0.due = .day(day("2030-01-01"))
        }
        try add("Write report") { $0.tags = ["work"] }
        try add("milk the cow") { $0.priority = .medium }
        _ = try service.markDone(ids: [4]).toBlocking().single()
        func titles(_ query: TodoQuery) throws -> [String] {
            try service.fetch(query).toBlocking().single().map(\.title)
        }
        #expect(try titles(TodoQuery()) == ["Buy Milk", "call bob", "Write report"])
        #expect(try titles(TodoQuery(status: .done)) == ["milk the cow"])
        #expect(try titles(TodoQuery(status: .all, search: ["MILK"])) == ["Buy Milk", "call bob", "milk the cow"])
        #expect(try titles(TodoQuery(search: ["milk", "order"])) == ["call bob"])
        #expect(try titles(TodoQuery(search: ["sho"])) == ["Buy Milk"], "tags are searched too")
        #expect(try titles(TodoQuery(tag: "SHOP")) == ["Buy Milk"])
        #expect(try titles(TodoQuery(priority: .high)) == ["call bob"])
        #expect(try titles(TodoQuery(overdueOnly: true)) == ["call bob"])
        #expect(try titles(TodoQuery(sort: .due)) == ["call bob", "Buy Milk", "Write report"])
        #expect(
            try titles(TodoQuery(status: .all, sort: .priority)) == [
                "call bob", "milk the cow", "Buy Milk", "Write report",
            ])
        #expect(try titles(TodoQuery(sort: .due, limit: 2)) == ["call bob", "Buy Milk"])
        #expect(try titles(TodoQuery(limit: 0)) == [])
    }

    @Test func everyTagOfAQueryMustMatch() throws {
        try add("Buy milk") { $0.tags = ["shop", "Errands"] }
        try add("Buy stamps") { $0.tags = ["shop"] }
        try add("Post letter") { $0.tags = ["errands"] }
        func titles(_ query: TodoQuery) throws -> [String] {
            try service.fetch(query).toBlocking().single().map(\.title)
        }
        #expect(try titles(TodoQuery(tags: ["shop", "errands"])) == ["Buy milk"])
        #expect(try titles(TodoQuery(tags: ["ERRANDS"])) == ["Buy milk", "Post letter"])
        #expect(try titles(TodoQuery(tag: "shop", tags: ["errands"])) == ["Buy milk"])
        #expect(try titles(TodoQuery(tags: ["shop", "none"])) == [])
        var query = TodoQuery(tags: ["shop", "errands"])
        #expect(query.tag == "shop")
        query.tag = "errands"
        #expect(query.tags == ["errands"])
        query.tag = nil
        #expect(query.tags == [])
    }

    @Test func statsCountEveryTodo() throws {
        try add("a") {
            $0.due = .day(day("2030-01-01"))
            $0.tags = ["x"]
        }
        try add("b") {
            $0.due = .today
            $0.tags = ["x", "y"]
        }
        try add("c")
        _ = try service.markDone(ids: [3]).toBlocking().single()
        _ = try service.update(id: 3, TodoPatch(addTags: ["y"])).toBlocking().single()
        let stats = try service.stats().toBlocking().single()
        #expect(
            stats
                == TodoStats(
                    pending: 2, done: 1, overdue: 1, dueToday: 1,
                    tags: ["x": .init(pending: 2), "y": .init(pending: 1, done: 1)]))
        #expect(stats.total == 3)
    }

    // MARK: Import

    @Test func importingMergesByUUIDAndKeepsFreeIDs() throws {
        let existing = try add("old title")
        _ = try service.delete(ids: [1]).toBlocking().single()
        try add("two")  // id 2; id 1 was used
        clock.advance(seconds: 60)
        let later = clock.now.addingTimeInterval(10)
        let items = [
            ImportedTodo(id: 1, uuid: uuid(50), title: "wants a used id"),
            ImportedTodo(id: 7, uuid: uuid(51), title: "keeps a free id"),
            ImportedTodo(id: 7, uuid: uuid(52), title: "duplicate id"),
            ImportedTodo(uuid: uuid(2), title: "two, renamed", updatedAt: later),
            ImportedTodo(uuid: uuid(2), title: "two, older", updatedAt: monday),
            ImportedTodo(title: "no id, no uuid", isDone: true),
        ]
        let result = try service.importTodos(items).toBlocking().single()
        #expect(
            result.created.map(\.title) == ["wants a used id", "keeps a free id", "duplicate id", "no id, no uuid"])
        #expect(result.created.map(\.id) == [8, 7, 9, 10])
        #expect(result.updated.map(\.title) == ["two, renamed"])
        #expect(result.updated.first?.id == 2)
        #expect(result.unchanged == 1)
        #expect(result.created[3].isDone && result.created[3].completedAt != nil)
        #expect(published.last == .imported(created: result.created, updated: result.updated))
        #expect(existing.uuid == uuid(1))
        let again = try service.importTodos(items).toBlocking().single()
        #expect(again.created == [], "the todo without a uuid is there by its contents, the others by their uuids")
        #expect(again.updated == [] && again.unchanged == items.count)
        #expect(todoError { try service.importTodos([ImportedTodo(title: "  ")]).toBlocking().single() } != nil)
    }
}
