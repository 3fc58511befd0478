@_spi(Testing) import ReactorKitTesting
import Testing
import TodoCore
import TodoCoreTesting

// The app's service and its two reactors tested against TodoCoreTesting's fakes, a Spy of
// the app's own, and virtual time: public API only. Docs/BuildingAFrontEnd.md shows these tests.

/// A focus service whose answers the test gives.
final class FakeFocusService: FocusServiceType, @unchecked Sendable {
    // @unchecked Sendable: the spy and the bus are thread-safe
    let events = EventBus<FocusEvent>()
    let focusNextSpy = Spy<Void, Todo?>()

    func focusNext() -> Observable<Todo?> {
        .deferred { .just(try self.focusNextSpy()) }
    }
}

/// The app's provider with fakes in every slot the tests use.
func makeFakeApp() -> (AppServiceProvider, FakeTodoService, FakeFocusService) {
    let provider = AppServiceProvider(storage: FakeTodoStorage(), clock: FakeClock().clock, uuids: .sequential())
    let todos = FakeTodoService()
    let focus = FakeFocusService()
    provider.todoSlot.replace(with: todos)
    provider.focusSlot.replace(with: focus)
    return (provider, todos, focus)
}

@Suite struct FocusAppTests {
    let milk = Todo.fixture(1, "Buy milk", priority: .high)
    let bread = Todo.fixture(2, "Buy bread")

    @Test func theServiceFocusesOnTheMostUrgentTodo() throws {
        let (provider, todos, _) = makeFakeApp()
        provider.focusSlot.replace(with: FocusService(provider: provider))  // the real one, on a fake todo service
        todos.fetchSpy.returns([milk, bread])
        var published: [FocusEvent] = []
        let subscription = provider.focusService.events.subscribe(onNext: { published.append($0) })
        defer { subscription.dispose() }

        let focus = try provider.focusService.focusNext().toBlocking().single()

        #expect(focus == milk)
        #expect(todos.fetchSpy.calls == [TodoQuery(sort: .urgency)])
        #expect(published == [.focused(milk)])
    }

    @Test func theFocusMovesOnWhenItsTodoIsDone() {
        let (provider, todos, focus) = makeFakeApp()
        let store = ReactorTestStore(FocusReactor(provider: provider))
        focus.focusNextSpy.returnsOnce(milk).returnsOnce(bread)
        store.send(.next) { $0.focus = self.milk }

        var done = milk
        done.isDone = true
        todos.events.send(.markedDone([done], next: []))  // in this process or, as `reloaded`, another
        store.receive(.setFocus(bread)) { $0.focus = self.bread }
        todos.events.send(.updated([Todo.fixture(3, "Something else")]))  // not the focus: nothing
        #expect(focus.focusNextSpy.callCount == 2)
    }

    @Test func aSessionIsOverAfterItsLength() {
        let scheduler = TestScheduler(initialClock: 0)
        let (provider, _, focus) = makeFakeApp()
        let session = SessionReactor(provider: provider, timer: scheduler, length: .seconds(60))
        let store = ReactorTestStore(session, scheduler: scheduler)

        focus.events.send(.focused(milk))
        store.receive(.start(milk)) { $0.todo = self.milk }
        store.advance(by: .seconds(60))
        store.receive(.setOver(milk)) { $0.isOver = true }
        focus.events.send(.focused(bread))  // a new focus: a new session
        store.receive(.start(bread)) {
            $0.todo = self.bread
            $0.isOver = false
        }
        store.advance(by: .seconds(30))
        focus.events.send(.cleared)  // ends the session before it is over: its timer is cancelled
        store.receive(.stop) { $0.todo = nil }
        store.advance(by: .seconds(60))
    }

    @Test func aWrongExpectationFailsAtItsStepWithACollapsedDiff() {
        let (provider, _, focus) = makeFakeApp()
        focus.focusNextSpy.returns(milk)
        let failures = withCapturedFailures {
            let store = ReactorTestStore(FocusReactor(provider: provider))
            store.send(.next) { $0.focus = Todo.fixture(1, "Buy oat milk", priority: .high) }  // wrong on purpose
        }
        let failure = failures.first
        #expect(failures.count == 1)
        #expect(failure?.line == #line - 4)  // the `send`
        #expect(failure?.fileID.hasSuffix("FocusAppTests.swift") == true)
        #expect(
            failure?.message == """
                State after send(.next) does not match the expectation: (\u{2212} expected, + actual)

                  State(
                    focus: Todo(
                      id: 1
                      uuid: 00000000-0000-0000-0000-000000000001
                \u{2212}     title: "Buy oat milk"
                +     title: "Buy milk"
                      … (11 unchanged)
                    )
                  )
                """)
    }

    @Test func anUnstubbedCallFailsOnceAtTheStepWithThePropertysName() {
        let (provider, _, _) = makeFakeApp()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(FocusReactor(provider: provider))
            store.send(.next)  // focusNext is not stubbed: on purpose
        }
        #expect(failures.count == 1)
        #expect(failures.first?.line == #line - 3)
        let message = failures.first?.message ?? ""
        #expect(message.contains("Unexpected call to focusNextSpy()"), "\(message)")
        #expect(message.contains("`focusNextSpy.returns(…)`"), "\(message)")
    }
}
