import Dispatch
import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing

// A call to a spy that nothing was stubbed for, made while a `ReactorTestStore` runs: one
// failure, at the step that made the reactor call the service, naming the spy's property, with
// the step's own (collapsed) diff after it.

/// A fake service as apps write them: spies named after their properties, one with a label.
private final class FakeTitleService: Sendable {
    let fetchSpy = Spy<Void, [String]>("fetchTitles")
    let remove = Spy<String, Void>()
}

private final class TitlesReactor: Reactor {
    enum Action {
        case refresh
        case refreshInBackground
        case remove(String)
    }
    enum Mutation: Equatable {
        case setTitles([String])
        case setError(String)
        case removed(String)
    }
    struct State: Equatable {
        var screen = "Inbox"
        var titles: [String] = []
        var error: String?
        var page = 1
        var pageCount = 1
        var isLoading = false
        var filter = ""
    }

    let initialState = State()
    let service: FakeTitleService
    let worker: SchedulerType

    init(service: FakeTitleService, worker: SchedulerType = MainScheduler.instance) {
        self.service = service
        self.worker = worker
    }

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .refresh:
            return fetch()
        case .refreshInBackground:
            return Observable.deferred { [service] in
                do {
                    return .just(.setTitles(try service.fetchSpy()))
                } catch {
                    return .just(.setError("\(error)"))
                }
            }
            .delaySubscription(.milliseconds(100), scheduler: worker)
        case .remove(let title):
            try? service.remove(title)
            return .just(.removed(title))
        }
    }

    private func fetch() -> Observable<Mutation> {
        do {
            return .just(.setTitles(try service.fetchSpy()))
        } catch {
            return .just(.setError("\(error)"))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setTitles(let titles): state.titles = titles
        case .setError(let message): state.error = message
        case .removed(let title): state.titles.removeAll { $0 == title }
        }
        return state
    }
}

/// A reactor that reaches its service only through a closure: the store cannot find the spy
/// among its properties, but a call made during a step still fails that step.
private final class ClosureReactor: Reactor {
    enum Action { case load }
    enum Mutation { case set(Int) }
    struct State: Equatable { var value = 0 }

    let initialState = State()
    let load: () -> Int

    init(load: @escaping () -> Int) { self.load = load }

    func mutate(action: Action) -> Observable<Mutation> { .just(.set(load())) }

    func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .set(let value): return State(value: value)
        }
    }
}

@Suite struct SpyFailureAtStepTests {
    @Test func anUnexpectedCallFailsTheSendOnceWithTheStepsDiff() {
        let service = FakeTitleService()
        var line = 0
        let failures = withCapturedFailures {
            let store = ReactorTestStore(TitlesReactor(service: service))
            line = #line + 1
            store.send(.refresh) { $0.titles = ["milk"] }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.line == line)
        #expect(failures.first?.fileID == #fileID)
        #expect(
            failures.first?.message == """
                Unexpected call to fetchTitles() (call #1): nothing is stubbed for it.
                Stub it with `fetchSpy.returns(…)`, `.returnsOnce(…)`, `.fails(with:)` or `.answers { … }`, or find \
                out why the code under test called it.

                The step also failed, probably because of that call:

                State after send(.refresh) does not match the expectation: (− expected, + actual)

                  State(
                    screen: "Inbox"
                    titles: [
                −     [0]: "milk"
                    ]
                −   error: nil
                +   error: "unexpected call to fetchTitles(): nothing is stubbed for it"
                    … (4 unchanged)
                  )
                """)
    }

    @Test func aCallThatChangesNothingElseFailsTheStepAlone() {
        let service = FakeTitleService()
        var line = 0
        let failures = withCapturedFailures {
            let store = ReactorTestStore(TitlesReactor(service: service))
            line = #line + 1
            store.send(.remove("milk"))
        }
        #expect(
            failures.map(\.message) == [
                """
                Unexpected call to remove("milk") (call #1): nothing is stubbed for it.
                Stub it with `remove.returns(…)`, `.returnsOnce(…)`, `.fails(with:)` or `.answers { … }`, or find \
                out why the code under test called it.
                """
            ])
        #expect(failures.map(\.line) == [line])
    }

    @Test func aCallFromAnotherThreadFailsTheReceiveThatWaitedForIt() async {
        let service = FakeTitleService()
        var line = 0
        let failures = await withCapturedFailures {
            let worker = SerialDispatchQueueScheduler(qos: .default)
            let store = ReactorTestStore(TitlesReactor(service: service, worker: worker), timeout: .seconds(300))
            store.send(.refreshInBackground)
            line = #line + 1
            await store.receive(.setTitles([])) { $0.titles = [] }
            await store.finish()
        }
        #expect(failures.count == 1)
        #expect(failures.first?.line == line)
        #expect(
            failures.first?.message == """
                Unexpected call to fetchTitles() (call #1): nothing is stubbed for it.
                Stub it with `fetchSpy.returns(…)`, `.returnsOnce(…)`, `.fails(with:)` or `.answers { … }`, or find \
                out why the code under test called it.

                The step also failed, probably because of that call:

                Received an unexpected mutation: (− expected, + received)

                − .setTitles([])
                + .setError("unexpected call to fetchTitles(): nothing is stubbed for it")

                Receive the mutations in the order they arrive, or use `exhaustivity: .off` to skip what the test \
                does not assert.
                """)
    }

    @Test func aCallDuringAnAdvanceFailsTheAdvance() {
        let service = FakeTitleService()
        var line = 0
        let failures = withCapturedFailures {
            let scheduler = TestScheduler(initialClock: 0)
            let store = ReactorTestStore(TitlesReactor(service: service, worker: scheduler), scheduler: scheduler)
            store.send(.refreshInBackground)
            line = #line + 1
            store.advance(by: .seconds(1))
            store.receive(.setError("unexpected call to fetchTitles(): nothing is stubbed for it")) {
                $0.error = "unexpected call to fetchTitles(): nothing is stubbed for it"
            }
        }
        #expect(failures.map(\.line) == [line])
        #expect(failures.first?.message.hasPrefix("Unexpected call to fetchTitles() (call #1)") == true)
    }

    @Test func aSpyTheStoreCannotSeeStillFailsTheStepThatCalledIt() {
        let value = Spy<Void, Int>()
        var line = 0
        let failures = withCapturedFailures {
            let store = ReactorTestStore(ClosureReactor(load: { value.call(placeholder: -1) }))
            line = #line + 1
            store.send(.load) { $0.value = -1 }
        }
        #expect(failures.map(\.line) == [line])
        #expect(
            failures.map(\.message) == [
                """
                Unexpected call to value() (call #1): nothing is stubbed for it.
                Stub it with `value.returns(…)`, `.returnsOnce(…)`, `.fails(with:)` or `.answers { … }`, or find out \
                why the code under test called it.
                """
            ])
    }

    @Test func withoutAStoreTheSpyReportsAtItsDeclaration() {
        var line = 0
        let failures = withCapturedFailures {
            line = #line + 1
            let lookup = Spy<Int, String>()
            _ = lookup.call(7, placeholder: "")
        }
        #expect(failures.map(\.line) == [line])
        #expect(failures.first?.message.hasPrefix("Unexpected call to lookup(7) (call #1)") == true)
    }

    @Test func aStubbedCallFailsNothing() {
        let service = FakeTitleService()
        service.fetchSpy.returns(["milk"])
        let failures = withCapturedFailures {
            let store = ReactorTestStore(TitlesReactor(service: service))
            store.send(.refresh) { $0.titles = ["milk"] }
        }
        #expect(failures == [])
    }
}
