import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing

// The examples of Docs/Testing.md, and the failure messages it shows, exactly as a user sees
// them: if one changes, the guide must change with it.

/// The guide's list reactor: loading takes one second on its worker scheduler.
final class GuideListReactor: Reactor {
    enum Action { case refresh }
    enum Mutation: Equatable {
        case setLoading(Bool)
        case setItems([String])
    }
    struct State: Equatable {
        var isLoading = false
        var items: [String] = []
    }

    let initialState = State()
    let worker: SchedulerType

    init(worker: SchedulerType) {
        self.worker = worker
    }

    func mutate(action: Action) -> Observable<Mutation> {
        Observable.concat([
            .just(.setLoading(true)),
            Observable.just(["milk", "eggs"]).delay(.seconds(1), scheduler: worker).map(Mutation.setItems),
            .just(.setLoading(false)),
        ])
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setLoading(let isLoading): state.isLoading = isLoading
        case .setItems(let items): state.items = items
        }
        return state
    }
}

enum GuideTodoEvent: Equatable { case created(String) }

/// The guide's inbox: follows a bus of todo events.
final class GuideInboxReactor: Reactor {
    enum Action { case clear }
    enum Mutation: Equatable {
        case add(String)
        case clear
    }
    struct State: Equatable { var titles: [String] = [] }

    let initialState = State()
    let events: Observable<GuideTodoEvent>

    init(events: Observable<GuideTodoEvent>) { self.events = events }

    func mutate(action: Action) -> Observable<Mutation> { .just(.clear) }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        .merge(
            mutation,
            events.map { event in
                switch event {
                case .created(let title): return .add(title)
                }
            })
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .add(let title): state.titles.append(title)
        case .clear: state.titles = []
        }
        return state
    }
}

/// The guide's screen with a state of 14 fields, as real screens have.
final class GuideSearchReactor: Reactor {
    enum Action { case search(String) }
    enum Mutation { case setQuery(String) }
    struct Filter: Equatable {
        var query = ""
        var tag: String?
        var showDone = false
    }
    struct State: Equatable {
        var title = "Inbox"
        var isLoading = false
        var isRefreshing = false
        var filter = Filter()
        var items: [String] = []
        var selection: Int?
        var page = 1
        var pageCount = 1
        var error: String?
        var alert: String?
        var sort = "due"
        var lastSync = 0
        var counts: [String: Int] = [:]
        var tags: Set<String> = []
    }

    let initialState = State()

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .search(let query): return .just(.setQuery(query))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setQuery(let query): state.filter.query = query
        }
        return state
    }
}

@Suite struct TestingGuideExampleTests {
    @Test func virtualTime() {
        let failures = withCapturedFailures {
            let scheduler = TestScheduler(initialClock: 0)
            let store = ReactorTestStore(GuideListReactor(worker: scheduler), scheduler: scheduler)
            store.send(.refresh) { $0.isLoading = true }
            store.advance(by: .seconds(1))
            store.receive(.setItems(["milk", "eggs"])) { $0.items = ["milk", "eggs"] }
            store.advance(by: .seconds(1))
            store.receive(.setLoading(false)) { $0.isLoading = false }
        }
        #expect(failures == [])
    }

    @Test func realTime() async {
        let failures = await withCapturedFailures {
            let worker = SerialDispatchQueueScheduler(qos: .default)
            // The guide's 5 seconds are for a user's machine; a sanitizer build on a loaded CI
            // machine gets the suite's patience.
            let store = ReactorTestStore(GuideListReactor(worker: worker), timeout: .seconds(300))
            store.send(.refresh) { $0.isLoading = true }
            await store.receive(.setItems(["milk", "eggs"])) { $0.items = ["milk", "eggs"] }
            await store.receive(.setLoading(false)) { $0.isLoading = false }
            await store.finish()
        }
        #expect(failures == [])
    }

    @Test func busDriven() {
        let failures = withCapturedFailures {
            let bus = PublishSubject<GuideTodoEvent>()
            let store = ReactorTestStore(GuideInboxReactor(events: bus))
            bus.onNext(.created("milk"))
            store.receive(.add("milk")) { $0.titles = ["milk"] }
            store.send(.clear) { $0.titles = [] }
        }
        #expect(failures == [])
    }

    @Test func nonExhaustive() {
        let failures = withCapturedFailures {
            let bus = PublishSubject<GuideTodoEvent>()
            let store = ReactorTestStore(GuideInboxReactor(events: bus), exhaustivity: .off)
            bus.onNext(.created("milk"))
            bus.onNext(.created("eggs"))
            store.receive(.add("eggs")) { $0.titles = ["milk", "eggs"] }
        }
        #expect(failures == [])
    }

    // MARK: - The failures the guide shows

    @Test func aWrongExpectation() {
        let failures = withCapturedFailures {
            let scheduler = TestScheduler(initialClock: 0)
            let store = ReactorTestStore(GuideListReactor(worker: scheduler), scheduler: scheduler)
            store.send(.refresh) { $0.isLoading = true }
            store.advance(by: .seconds(1))
            store.receive(.setItems(["milk", "eggs"])) { $0.items = ["milk"] }
            store.run()
            store.receive(.setLoading(false)) { $0.isLoading = false }
        }
        #expect(
            failures.map(\.message) == [
                """
                State after receive(.setItems(["milk", "eggs"])) does not match the expectation: \
                (− expected, + actual)

                  State(
                    isLoading: true
                    items: [
                      [0]: "milk"
                +     [1]: "eggs"
                    ]
                  )
                """
            ])
    }

    @Test func aOneFieldChangeInALargeState() {
        var line = 0
        let failures = withCapturedFailures {
            let store = ReactorTestStore(GuideSearchReactor())
            line = #line + 1
            store.send(.search("milk")) { $0.filter.query = "mil" }
        }
        #expect(failures.map(\.line) == [line])
        #expect(
            failures.map(\.message) == [
                """
                State after send(.search("milk")) does not match the expectation: (− expected, + actual)

                  State(
                    … (3 unchanged)
                    filter: Filter(
                −     query: "mil"
                +     query: "milk"
                      tag: nil
                      showDone: false
                    )
                    … (10 unchanged)
                  )
                """
            ])
    }

    @Test func anUnassertedChangeAndAnEarlyEnd() {
        let failures = withCapturedFailures {
            let scheduler = TestScheduler(initialClock: 0)
            let store = ReactorTestStore(GuideListReactor(worker: scheduler), scheduler: scheduler)
            store.send(.refresh)
            store.advance(by: .seconds(1))
            store.finish()
        }
        #expect(
            failures.map(\.message) == [
                """
                State changed after send(.refresh), but the step asserts no change: (− expected, + actual)

                  State(
                −   isLoading: false
                +   isLoading: true
                    items: []
                  )

                Assert it with a closure, e.g. `store.send(.refresh) { $0.isLoading = true }`.
                """,
                """
                The test ended with 1 mutation not received:
                  .setItems(["milk", "eggs"])
                Add `store.receive(…)` for it, or use `exhaustivity: .off` to skip what the test does not assert.
                """,
                """
                A `mutate` stream started by send(.refresh) is still running at the end of the test.
                Let it finish before the test ends: receive what it emits (advance the test scheduler with \
                `store.advance(by:)` if it waits on virtual time), complete what it waits for, or use \
                `exhaustivity: .off` to skip what the test does not assert.
                """,
            ])
    }

    @Test func forgettingToMoveVirtualTime() {
        let failures = withCapturedFailures {
            let scheduler = TestScheduler(initialClock: 0)
            let store = ReactorTestStore(GuideListReactor(worker: scheduler), scheduler: scheduler)
            store.send(.refresh) { $0.isLoading = true }
            store.receive(.setItems(["milk", "eggs"])) { $0.items = ["milk", "eggs"] }
            store.skipRunningMutateStreams()
        }
        #expect(
            failures.map(\.message) == [
                """
                Expected to receive .setItems(["milk", "eggs"]), but it has not been received. The test scheduler \
                is at 0 and moves only when the test moves it: call `store.advance(by:)`, `store.advance(to:)` or \
                `store.run()` before this `receive`.
                1 `mutate` stream is still running.
                """
            ])
    }

    @Test func mutationsOutOfOrder() {
        let failures = withCapturedFailures {
            let scheduler = TestScheduler(initialClock: 0)
            let store = ReactorTestStore(GuideListReactor(worker: scheduler), scheduler: scheduler)
            store.send(.refresh) { $0.isLoading = true }
            store.run()
            store.receive(.setLoading(false)) { $0.isLoading = false }
            store.skipReceivedMutations()
        }
        #expect(
            failures.map(\.message) == [
                """
                Received an unexpected mutation: (− expected, + received)

                − .setLoading(false)
                + .setItems(["milk", "eggs"])

                Receive the mutations in the order they arrive, or use `exhaustivity: .off` to skip what the test \
                does not assert.
                """
            ])
    }

    @Test func aBusEventNotReceived() {
        let failures = withCapturedFailures {
            let bus = PublishSubject<GuideTodoEvent>()
            let store = ReactorTestStore(GuideInboxReactor(events: bus))
            bus.onNext(.created("milk"))
            store.send(.clear) { $0.titles = [] }
        }
        #expect(
            failures.map(\.message) == [
                """
                1 mutation was not received before send(.clear):
                  .add("milk")
                Add `store.receive(…)` for it before this `send`, or use `exhaustivity: .off` to skip what the test \
                does not assert.
                """
            ])
    }

    @Test func aRelativeChangeInANonExhaustiveStore() {
        let failures = withCapturedFailures {
            let bus = PublishSubject<GuideTodoEvent>()
            let store = ReactorTestStore(GuideInboxReactor(events: bus), exhaustivity: .off)
            bus.onNext(.created("milk"))
            bus.onNext(.created("eggs"))
            store.receive(.add("eggs")) { $0.titles.append("eggs") }
        }
        #expect(
            failures.map(\.message) == [
                """
                State after receive(.add("eggs")) does not match the expectation: (− expected, + actual)

                  State(
                    titles: [
                      [0]: "milk"
                      [1]: "eggs"
                −     [2]: "eggs"
                    ]
                  )

                With `exhaustivity: .off` the closure is applied to the actual state and checks only what it \
                assigns: assign absolute values (`$0.count = 2`), not relative ones (`$0.count += 1`).
                """
            ])
    }

    @Test func tooSlowForTheTimeout() async {
        let failures = await withCapturedFailures {
            // Work that cannot finish in time, whatever the load: a virtual clock nobody moves.
            let worker = TestScheduler(initialClock: 0)
            let store = ReactorTestStore(GuideListReactor(worker: worker), timeout: .milliseconds(100))
            store.send(.refresh) { $0.isLoading = true }
            await store.receive(.setItems(["milk", "eggs"])) { $0.items = ["milk", "eggs"] }
            store.skipRunningMutateStreams()
        }
        #expect(
            failures.map(\.message) == [
                """
                Expected to receive .setItems(["milk", "eggs"]), but it did not arrive within 100 ms.
                1 `mutate` stream is still running.
                """
            ])
    }

    @Test func anUnexpectedSpyCall() {
        let failures = withCapturedFailures {
            let fetchItems = Spy<Int, [String]>()
            fetchItems.returnsOnce(["milk"])
            _ = try? fetchItems(1)
            _ = try? fetchItems(2)
        }
        #expect(
            failures.map(\.message) == [
                """
                Unexpected call to fetchItems(2) (call #2): nothing is stubbed for it.
                Stub it with `fetchItems.returns(…)`, `.returnsOnce(…)`, `.fails(with:)` or `.answers { … }`, or \
                find out why the code under test called it.
                """
            ])
    }
}
