import Foundation
import ReactorKit
import ReactorKitTesting
import TestSupport
import Testing
import TodoCoreTesting

@testable import TodoCore

/// Projects, wait and scheduled days, dependencies, annotations, start and stop, `log`, and
/// changes to several todos at once: the service's rules for issue 18's fields.
@Suite struct TodoServiceWorkTests {
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

    func all() throws -> [Todo] { try service.fetch(TodoQuery(status: .all)).toBlocking().single() }

    // MARK: Fields

    @Test func aTodoIsCreatedWithEveryNewField() throws {
        let blocker = try add("Ask the landlord")
        let todo = try add("Plant roses") {
            $0.project = " Home.Garden "
            $0.wait = .daysFromToday(3)
            $0.scheduled = .next(.saturday)
            $0.depends = [blocker.id]
        }
        #expect(todo.project == "Home.Garden")
        #expect(todo.wait == day("2030-01-10") && todo.scheduled == day("2030-01-12"))
        #expect(todo.depends == [blocker.id])
        #expect(todo.status(today: day("2030-01-07")) == .waiting)
        #expect(todo.status(today: day("2030-01-10")) == .pending)
        #expect(todoError { try add("x") { $0.project = "Home..Garden" } } == .invalidProject("Home..Garden"))
        #expect(todoError { try add("x") { $0.project = "Two words" } } == .invalidProject("Two words"))
        #expect(try add("x") { $0.project = "  " }.project == nil)
    }

    @Test func waitingTodosAreLeftOutOfPendingListsUntilTheirDay() throws {
        try add("now")
        try add("later") { $0.wait = .daysFromToday(2) }
        #expect(try service.fetch(TodoQuery()).toBlocking().single().map(\.title) == ["now"])
        #expect(try service.fetch(TodoQuery(status: .waiting)).toBlocking().single().map(\.title) == ["later"])
        #expect(try service.fetch(TodoQuery(status: .all)).toBlocking().single().count == 2)
        clock.advance(seconds: 2 * 86_400)
        #expect(try service.fetch(TodoQuery()).toBlocking().single().map(\.title) == ["now", "later"])
    }

    @Test func anEditSetsAndClearsTheNewFields() throws {
        let other = try add("other")
        let todo = try add("a") { $0.project = "Work" }
        clock.advance(seconds: 10)
        let edited = try service.update(
            id: todo.id,
            TodoPatch(project: .set("Work.Q3"), wait: .set(.tomorrow), scheduled: .set(.today), addDepends: [other.id])
        ).toBlocking().single()
        #expect(
            edited.project == "Work.Q3" && edited.wait == day("2030-01-08") && edited.scheduled == day("2030-01-07"))
        #expect(edited.depends == [other.id] && edited.updatedAt == clock.now)
        let cleared = try service.update(
            id: todo.id, TodoPatch(project: .clear, wait: .clear, scheduled: .clear, clearDepends: true)
        ).toBlocking().single()
        #expect(cleared.project == nil && cleared.wait == nil && cleared.scheduled == nil && cleared.depends == [])
        #expect(try service.update(id: todo.id, TodoPatch(project: .set(" "))).toBlocking().single().project == nil)
    }

    // MARK: Dependencies

    @Test func dependenciesMustExistAndNeverMakeACircle() throws {
        let a = try add("a")
        let b = try add("b") { $0.depends = [a.id] }
        let c = try add("c") { $0.depends = [b.id] }
        #expect(todoError { try add("x") { $0.depends = [99] } } == .unknownTodos([99]))
        #expect(
            todoError { try service.update(id: a.id, TodoPatch(addDepends: [c.id])).toBlocking().single() }
                == .dependencyCycle([a.id, c.id, b.id]))
        #expect(
            todoError { try service.update(id: a.id, TodoPatch(addDepends: [a.id])).toBlocking().single() }
                == .dependencyCycle([a.id]))
        #expect(try service.todo(id: a.id).toBlocking().single().depends == [], "nothing was changed")
        #expect(
            todoError { try service.update(id: a.id, TodoPatch(addDepends: [a.id])).toBlocking().single() }?.category
                == .invalidInput
        )
    }

    @Test func blockedAndBlockingFollowTheDependenciesStates() throws {
        let a = try add("a")
        let b = try add("b") { $0.depends = [a.id] }
        let waiting = try add("waiting") { $0.wait = .daysFromToday(5) }
        let c = try add("c") { $0.depends = [waiting.id] }
        var relations = TodoRelations(todos: try all())
        #expect(relations.blocked == [b.id, c.id] && relations.blocking == [a.id, waiting.id])
        _ = try service.markDone(ids: [a.id]).toBlocking().single()
        relations = TodoRelations(todos: try all())
        #expect(!relations.isBlocked(b.id) && !relations.isBlocking(a.id))
        #expect(relations.isBlocked(c.id), "a waiting todo is not done: it still blocks")
        _ = try service.delete(ids: [waiting.id]).toBlocking().single()
        #expect(TodoRelations(todos: try all()) == .none, "an id that names no todo is ignored")
        let context = try service.context().toBlocking().single()
        #expect(context.facts(for: b).isBlocked == false && context.today == day("2030-01-07"))
    }

    @Test func theUrgencyIsTaskwarriorsWithWhatTheStoreSays() throws {
        // Due today (09:30, 0.40 days past its midnight): 12 × ((0.3958 + 14) × 0.8 / 21 + 0.2) = 8.981;
        // high priority: 6; created now: no age.
        let due = try add("Pay") {
            $0.due = .today
            $0.priority = .high
        }
        let blocked = try add("Then file") { $0.depends = [due.id] }
        let context = try service.context().toBlocking().single()
        #expect(abs(context.urgency(of: due) - (8.98095 + 6 + 8)) < 0.001, "blocking another: +8")
        #expect(abs(context.urgency(of: blocked) - -5) < 0.001, "blocked: -5")
        let json = TodoJSONOutput.object(due, context: context)
        #expect(json.contains(#""urgency":22.981"#) && json.contains(#""isBlocking":true"#))
    }

    @Test func aQuerysFilterSeesTheOtherTodosAndUrgencySorts() throws {
        let a = try add("Ask the landlord") { $0.project = "Home" }
        let b = try add("Plant roses") {
            $0.project = "Home.Garden"
            $0.depends = [a.id]
        }
        let c = try add("Homework") {
            $0.project = "Homework"
            $0.priority = .high
        }
        func titles(_ words: [String], sort: TodoQuery.Sort = .position) throws -> [String] {
            var query = TodoQuery(sort: sort)
            query.filter = try TodoFilter(parsing: words)
            return try service.fetch(query).toBlocking().single().map(\.title)
        }
        #expect(try titles(["project:Home"]) == [a.title, b.title])
        #expect(try titles(["is:blocked"]) == [b.title])
        #expect(try titles(["is:blocking", "or", "+none"]) == [a.title])
        #expect(try titles(["not", "project:Home"]) == [c.title])
        #expect(try titles([], sort: .urgency) == [a.title, c.title, b.title], "blocking +8, high +6, blocked -5")
        _ = try service.markDone(ids: [a.id]).toBlocking().single()
        #expect(try titles(["is:blocked"]) == [])
    }

    // MARK: Annotations

    @Test func annotationsAreAddedAndRemovedByNumberOrText() throws {
        let todo = try add("a")
        _ = try service.annotate(ids: [todo.id], text: "  Called, no answer \n").toBlocking().single()
        clock.advance(seconds: 60)
        let result = try service.annotate(ids: [todo.id], text: "Left a message\nwith the code").toBlocking().single()
        let annotations = result.todos[0].annotations
        #expect(annotations.map(\.text) == ["Called, no answer", "Left a message\nwith the code"])
        #expect(annotations.map(\.at) == [monday, monday.addingTimeInterval(60)])
        _ = service.annotate(ids: [todo.id], text: " \n")  // cold: nothing happens until subscribed
        #expect(try service.todo(id: todo.id).toBlocking().single().annotations.count == 2)
        #expect(
            todoError { try service.annotate(ids: [todo.id], text: " \n").toBlocking().single() } == .blankAnnotation)
        #expect(
            todoError { try service.annotate(ids: [todo.id, 9], text: "x").toBlocking().single() } == .unknownTodos([9])
        )
        #expect(
            try service.denotate(id: todo.id, annotation: "left a MESSAGE").toBlocking().single().annotations.count == 1
        )
        #expect(
            todoError { try service.denotate(id: todo.id, annotation: "3").toBlocking().single() }
                == .unknownAnnotation(id: todo.id, "3"))
        #expect(try service.denotate(id: todo.id, annotation: "1").toBlocking().single().annotations == [])
        // A number names no annotation of a todo that has none (1...0 is no range).
        #expect(
            todoError { try service.denotate(id: todo.id, annotation: "1").toBlocking().single() }
                == .unknownAnnotation(id: todo.id, "1"))
        _ = try service.undo().toBlocking().single()
        #expect(try service.todo(id: todo.id).toBlocking().single().annotations.count == 1, "undo brings it back")
    }

    @Test func aPartOfTheTextNamesAnAnnotationOnlyWhenOneHasIt() throws {
        let todo = try add("a")
        _ = try service.annotate(ids: [todo.id], text: "call the bank").toBlocking().single()
        _ = try service.annotate(ids: [todo.id], text: "call the plumber").toBlocking().single()
        #expect(todoError { try service.denotate(id: todo.id, annotation: "call").toBlocking().single() } != nil)
        #expect(
            try service.denotate(id: todo.id, annotation: "plumb").toBlocking().single().annotations.map(\.text) == [
                "call the bank"
            ])
    }

    // MARK: Start and stop

    @Test func startingAndStoppingAndDoneClearsTheStart() throws {
        let a = try add("a")
        let b = try add("b")
        let started = try service.start(ids: [a.id, b.id]).toBlocking().single()
        #expect(started.changedIDs == [a.id, b.id] && started.todos.allSatisfy(\.isActive))
        #expect(try service.start(ids: [a.id]).toBlocking().single().changedIDs == [], "already started")
        _ = try service.stop(ids: [b.id]).toBlocking().single()
        #expect(try service.todo(id: b.id).toBlocking().single().startedAt == nil)
        let done = try service.markDone(ids: [a.id]).toBlocking().single()
        #expect(done.todos[0].startedAt == nil && !done.todos[0].isActive)
        #expect(try service.start(ids: [a.id]).toBlocking().single().changedIDs == [], "a done todo is not started")
        #expect(published.contains(.updated(started.todos)))
    }

    // MARK: Log and recurrence

    @Test func aTodoCanBeRecordedAsDoneButNotAsARepeatingOne() throws {
        let logged = try add("Paid the bill") { $0.isDone = true }
        #expect(logged.isDone && logged.completedAt == monday)
        #expect(
            todoError {
                try add("x") {
                    $0.isDone = true; $0.recurrence = .weekly
                }
            } == .doneCannotRepeat(.weekly))
    }

    @Test func theNextOccurrenceKeepsTheProjectAndMovesWaitAndScheduled() throws {
        let todo = try add("Water plants") {
            $0.due = .day(day("2030-01-10"))
            $0.wait = .day(day("2030-01-08"))
            $0.scheduled = .day(day("2030-01-09"))
            $0.project = "Home"
            $0.recurrence = .weekly
        }
        _ = try service.start(ids: [todo.id]).toBlocking().single()
        _ = try service.annotate(ids: [todo.id], text: "bought a can").toBlocking().single()
        let next = try #require(try service.markDone(ids: [todo.id]).toBlocking().single().next.first)
        #expect(next.due == day("2030-01-17") && next.wait == day("2030-01-15") && next.scheduled == day("2030-01-16"))
        #expect(next.project == "Home" && next.annotations == [] && next.startedAt == nil && next.depends == [])
    }

    // MARK: Several at once

    @Test func oneEditOfSeveralTodosIsOneChangeAndOneUndo() throws {
        let a = try add("a")
        let b = try add("b") { $0.project = "Work" }
        let c = try add("c")
        let result = try service.update(ids: [a.id, b.id, c.id], TodoPatch(project: .set("Work"))).toBlocking().single()
        #expect(result.changedIDs == [a.id, c.id], "b was in Work already")
        #expect(try all().allSatisfy { $0.project == "Work" })
        #expect(published.last == .updated(result.changed))
        _ = try service.undo().toBlocking().single()
        #expect(try all().map(\.project) == [nil, "Work", nil])
        #expect(
            todoError { try service.update(ids: [a.id, 42], TodoPatch(project: .set("X"))).toBlocking().single() }
                == .unknownTodos([42]))
        #expect(try all().map(\.project) == [nil, "Work", nil], "all or nothing")
    }
}
