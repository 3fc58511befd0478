import ReactorKitTesting
import Testing
import TodoCoreTesting

@testable import TodoCore

/// The list reactor against a fake service: every action, the bus, confirmations, errors.
@Suite struct TodoListReactorTests {
    let provider: TodoServiceProvider
    let service: FakeTodoService
    let alerts: FakeAlertService
    let milk = Todo.fixture(1, "Buy milk")
    let bread = Todo.fixture(2, "Buy bread", due: "2030-01-05")
    let done = Todo.fixture(3, "Call mum", isDone: true)

    init() {
        let fakes = FakeTodoServiceProvider()
        (provider, service, alerts) = (fakes, fakes.fakeTodoService, fakes.fakeAlertService)
    }

    func loadedStore(_ todos: [Todo], query: TodoQuery = TodoQuery()) -> ReactorTestStore<TodoListReactor> {
        let store = ReactorTestStore(TodoListReactor(provider: provider, query: query))
        service.fetchSpy.returnsOnce(todos)
        store.send(.refresh) {
            $0.todos = todos
            $0.isLoaded = true
        }
        return store
    }

    @Test func refreshFetchesTheQuery() {
        let store = loadedStore([milk, bread])
        #expect(service.fetchSpy.calls == [TodoQuery()])
        #expect(store.state.today == day("2030-01-07"))
        store.finish()
    }

    @Test func settingTheQueryFetchesWithIt() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        let query = TodoQuery(status: .all, search: ["buy"], sort: .due, limit: 5)
        service.fetchSpy.returns([bread, milk])
        store.send(.setQuery(query)) {
            $0.query = query
            $0.todos = [bread, milk]
            $0.isLoaded = true
        }
        var unlimited = query
        unlimited.limit = nil
        #expect(service.fetchSpy.calls == [unlimited], "every match, to count those the limit leaves out")
        store.finish()
    }

    @Test func aLimitedListCountsWhatTheLimitLeavesOut() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        let query = TodoQuery(status: .all, limit: 1)
        let eggs = Todo.fixture(4, "Buy eggs")
        service.fetchSpy.returns([milk, done, bread, eggs])
        store.send(.setQuery(query)) {
            $0.query = query
            $0.todos = [self.milk]
            $0.omitted = TodoListReactor.Counts(pending: 2, done: 1)
            $0.isLoaded = true
        }
        #expect(store.state.matching == TodoListReactor.Counts(pending: 3, done: 1))
        // Any change to a limited list fetches again, so that the counts stay right.
        service.fetchSpy.returns([milk, done, bread, eggs, Todo.fixture(5, "Buy jam")])
        service.events.send(.created([Todo.fixture(5, "Buy jam")]))
        store.receive(
            .setTodos([milk], today: day("2030-01-07"), omitted: TodoListReactor.Counts(pending: 3, done: 1))
        ) { $0.omitted = TodoListReactor.Counts(pending: 3, done: 1) }
        store.finish()
    }

    @Test func aFailedFetchBecomesTheErrorAndEndsTheLoading() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        let damaged = TodoError.storeDamaged(file: "/t/todos.json", problem: "bad", recovery: .advice("fix it"))
        service.fetchSpy.fails(with: damaged)
        store.send(.refresh) { $0.error = damaged }
        store.finish()
    }

    @Test func changesOnTheBusUpdateTheLoadedList() {
        let store = loadedStore([milk, bread])
        let eggs = Todo.fixture(4, "Buy eggs")
        service.events.send(.created([eggs]))
        store.receive(.apply(.created([eggs]))) { $0.todos = [self.milk, self.bread, eggs] }
        var renamed = bread
        renamed.title = "Buy rye bread"
        service.events.send(.updated([renamed]))
        store.receive(.apply(.updated([renamed]))) { $0.todos[1] = renamed }
        var finished = milk
        finished.isDone = true
        service.events.send(.markedDone([finished], next: []))
        store.receive(.apply(.markedDone([finished], next: []))) { $0.todos = [renamed, eggs] }
        service.events.send(.deleted([eggs]))
        store.receive(.apply(.deleted([eggs]))) { $0.todos = [renamed] }
        store.finish()
    }

    @Test func aChangedTodoMovesToWhereTheSortPutsIt() {
        let store = loadedStore([bread, milk], query: TodoQuery(sort: .due))
        var soon = milk
        soon.due = day("2030-01-01")
        service.events.send(.updated([soon]))
        store.receive(.apply(.updated([soon]))) { $0.todos = [soon, self.bread] }
        store.finish()
    }

    @Test func theBusIsIgnoredUntilTheListIsLoaded() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        service.events.send(.created([milk]))
        store.finish()
    }

    @Test func aReloadFetchesAgain() {
        let store = loadedStore([milk])
        service.fetchSpy.returnsOnce([milk, bread])
        service.events.send(.reloaded)
        store.receive(.setTodos([milk, bread], today: day("2030-01-07"))) { $0.todos = [self.milk, self.bread] }
        store.finish()
    }

    @Test func aLimitedListFetchesAgainWhenATodoLeaves() {
        let store = loadedStore([milk], query: TodoQuery(limit: 1))
        service.fetchSpy.returnsOnce([bread])
        service.events.send(.deleted([milk]))
        store.receive(.setTodos([bread], today: day("2030-01-07"))) { $0.todos = [self.bread] }
        store.finish()
    }

    @Test func creatingATodoRecordsItAndTheBusAddsItToTheList() {
        let store = loadedStore([milk, bread])
        let draft = TodoDraft(title: "Buy eggs", priority: .high, due: .today, tags: ["shop"])
        let eggs = Todo.fixture(4, "Buy eggs", priority: .high, due: "2030-01-07", tags: ["shop"])
        service.createSpy.returns(eggs)
        store.send(.create(draft)) {
            $0.created = eggs
            $0.outcome = .created(eggs)
        }
        #expect(service.createSpy.calls == [draft])
        service.events.send(.created([eggs]))  // what the real service publishes
        store.receive(.apply(.created([eggs]))) { $0.todos = [self.milk, self.bread, eggs] }
        store.finish()
    }

    @Test func creatingTheSameTitleTwiceIsSeenTwice() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        service.createSpy.returns(milk)
        store.send(.create(TodoDraft(title: "Buy milk"))) {
            $0.created = self.milk
            $0.outcome = .created(self.milk)
        }
        store.send(.create(TodoDraft(title: "Buy milk"))) {
            $0.created = self.milk
            $0.outcome = .created(self.milk)
        }
        #expect(store.state.$created.valueUpdatedCount == 2)
        store.finish()
    }

    @Test func aRefusedDraftBecomesTheError() {
        let store = loadedStore([milk])
        service.createSpy.fails(with: TodoError.blankTitle)
        store.send(.create(TodoDraft(title: "  "))) { $0.error = .blankTitle }
        service.createSpy.fails(with: TodoError.unknownTodos([9]))
        store.send(.create(TodoDraft(title: "Buy jam", depends: [9]))) { $0.error = .unknownTodos([9]) }
        store.finish()
    }

    @Test func togglingAPendingTodoCompletesIt() {
        let store = loadedStore([milk])
        var finished = milk
        finished.isDone = true
        let result = TodoMarkResult(todos: [finished], changedIDs: [1])
        service.markDoneSpy.returns(result)
        store.send(.toggleDone(id: 1)) { $0.outcome = .completed(result) }
        #expect(service.markDoneSpy.calls == [[1]])
        store.finish()
    }

    @Test func togglingATodoNotInTheListFetchesItFirst() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        service.todoSpy.returns(done)
        var reopened = done
        reopened.isDone = false
        let result = TodoMarkResult(todos: [reopened], changedIDs: [3])
        service.markUndoneSpy.returns(result)
        store.send(.toggleDone(id: 3)) { $0.outcome = .reopened(result) }
        store.finish()
    }

    @Test func markingUnknownTodosBecomesTheError() {
        let store = loadedStore([milk])
        service.markDoneSpy.fails(with: TodoError.unknownTodos([9]))
        store.send(.setDone(ids: [1, 9], true)) { $0.error = .unknownTodos([9]) }
        store.finish()
    }

    @Test func deletingOneTodoDoesNotAsk() {
        let store = loadedStore([milk])
        service.deleteSpy.returns([milk])
        store.send(.delete(ids: [1], confirmed: false)) { $0.outcome = .deleted([self.milk]) }
        #expect(alerts.showSpy.calls == [])
        store.finish()
    }

    @Test func deletingSeveralAsksFirst() {
        let store = loadedStore([milk, bread])
        alerts.showSpy.answers { alert in alert.actions[0] }
        service.deleteSpy.returns([milk, bread])
        store.send(.delete(ids: [1, 2], confirmed: false)) { $0.outcome = .deleted([self.milk, self.bread]) }
        #expect(alerts.showSpy.calls.map(\.title) == ["Delete 2 todos?"])
        #expect(alerts.showSpy.calls.first?.actions.map(\.style) == [.destructive, .cancel])
        store.finish()
    }

    @Test func declinedConfirmationChangesNothing() {
        let store = loadedStore([milk, bread])
        alerts.showSpy.answers { alert in alert.actions[1] }
        store.send(.delete(ids: [1, 2], confirmed: false)) { $0.outcome = .cancelled }
        #expect(service.deleteSpy.calls == [])
        store.finish()
    }

    @Test func aConfirmationThatCannotBeAskedBecomesTheError() {
        let store = loadedStore([milk, bread])
        let refusal = TodoError.confirmationUnavailable("pass --yes")
        alerts.showSpy.fails(with: refusal)
        store.send(.delete(ids: [1, 2], confirmed: false)) { $0.error = refusal }
        #expect(service.deleteSpy.calls == [])
        store.finish()
    }

    @Test func confirmedDeletesDoNotAsk() {
        let store = loadedStore([milk, bread])
        service.deleteSpy.returns([milk, bread])
        store.send(.delete(ids: [1, 2], confirmed: true)) { $0.outcome = .deleted([self.milk, self.bread]) }
        store.finish()
    }

    @Test func clearingAsksWithTheNumberOfDoneTodos() {
        let store = loadedStore([milk])
        service.fetchSpy.returnsOnce([done])
        alerts.showSpy.answers { alert in alert.actions[0] }
        service.clearCompletedSpy.returns([done])
        store.send(.clearCompleted(confirmed: false)) { $0.outcome = .cleared([self.done]) }
        #expect(alerts.showSpy.calls.map(\.title) == ["Delete 1 done todo?"])
        #expect(alerts.showSpy.calls.map(\.message) == ["It can be brought back with undo."])
        #expect(service.fetchSpy.calls.last == TodoQuery(status: .done))
        store.finish()
    }

    @Test func clearingWithNothingDoneNeitherAsksNorClears() {
        let store = loadedStore([milk])
        service.fetchSpy.returnsOnce([])
        store.send(.clearCompleted(confirmed: false)) { $0.outcome = .cleared([]) }
        #expect(alerts.showSpy.calls == [])
        #expect(service.clearCompletedSpy.calls.isEmpty)
        store.finish()
    }

    @Test func movingAndUndoingReportWhatTheyDid() {
        let store = loadedStore([milk, bread])
        var moved = bread
        moved.position = 512
        service.moveSpy.returns(moved)
        store.send(.move(id: 2, to: 1)) { $0.outcome = .moved(moved) }
        #expect(service.moveSpy.calls.map(\.position) == [1])
        let undone = TodoUndoResult(undoneKind: .moved, restored: [bread], removed: [])
        service.undoSpy.returns(undone)
        store.send(.undo) { $0.outcome = .undone(undone) }
        store.finish()
    }

    @Test func editModeIsState() {
        let store = ReactorTestStore(TodoListReactor(provider: provider))
        store.send(.setEditing(true)) { $0.isEditing = true }
        store.send(.setEditing(false)) { $0.isEditing = false }
        store.finish()
    }

    @Test func sectionsSplitPendingAndDone() {
        var state = TodoListReactor.State(query: TodoQuery(status: .all), today: day("2030-01-07"))
        state.todos = [milk, done, bread]
        #expect(
            state.sections == [
                TodoSection(kind: .pending, todos: [milk, bread]), TodoSection(kind: .done, todos: [done]),
            ])
        #expect(state.pendingCount == 2)
        #expect(state.doneCount == 1)
    }
}
