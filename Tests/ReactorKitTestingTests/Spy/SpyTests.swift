import Dispatch
import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing

@testable import ReactorKitTesting

private struct ServiceDown: Error, Equatable {}

@Suite struct SpyTests {
    @Test func recordsCallsAndReturnsQueuedThenStandingResults() {
        let failures = withCapturedFailures {
            let fetch = Spy<Int, [String]>("fetchTasks")
            fetch.returnsOnce(["a"]).returnsOnce(["b"]).returns([])
            #expect((try? fetch(1)) == ["a"])
            #expect((try? fetch(2)) == ["b"])
            #expect((try? fetch(3)) == [])
            #expect((try? fetch(4)) == [])
            #expect(fetch.calls == [1, 2, 3, 4])
            #expect(fetch.callCount == 4)
            #expect(fetch.lastCall == 4)
            #expect(fetch.unexpectedCalls == [])
        }
        #expect(failures == [])
    }

    @Test func answersWithAClosureAndThrowsStubbedErrors() {
        let failures = withCapturedFailures {
            let lookup = Spy<Int, String>("lookup")
            lookup.failsOnce(with: ServiceDown()).answers { "task \($0)" }
            #expect(throws: ServiceDown()) { try lookup(1) }
            #expect((try? lookup(2)) == "task 2")
            lookup.fails(with: ServiceDown())
            #expect(throws: ServiceDown()) { try lookup(3) }
        }
        #expect(failures == [])
    }

    @Test func anUnexpectedCallFailsTheTestAndThrows() {
        var line = 0
        let failures = withCapturedFailures {
            line = #line + 1
            let setDone = Spy<(id: Int, done: Bool), Void>("setDone")
            #expect(throws: SpyError.unexpectedCall("setDone(id: 3, done: true)")) { try setDone((id: 3, done: true)) }
            #expect(setDone.unexpectedCalls.map(\.id) == [3])
            #expect(setDone.calls.map(\.id) == [3])
        }
        #expect(
            failures.map(\.message) == [
                """
                Unexpected call to setDone(id: 3, done: true) (call #1): nothing is stubbed for it.
                Stub it with `setDone.returns(…)`, `.returnsOnce(…)`, `.fails(with:)` or `.answers { … }`, or find \
                out why the code under test called it.
                """
            ])
        #expect(failures.first?.line == line)
        #expect(
            SpyError.unexpectedCall("refresh()").description
                == "unexpected call to refresh(): nothing is stubbed for it")
    }

    @Test func aSpyIsNamedAfterItsPropertyWithoutRepeatingIt() {
        let service = NamedFakeService()
        let failures = withCapturedFailures {
            _ = try? service.fetchTasks(3)
            _ = try? service.fetchSpy(4)
            _ = try? service.wrappedRefresh()
        }
        #expect(service.fetchTasks.name == "fetchTasks")
        #expect(service.fetchSpy.name == "fetch")
        #expect(
            failures.map { $0.message.split(separator: "\n").map(String.init) } == [
                [
                    "Unexpected call to fetchTasks(3) (call #1): nothing is stubbed for it.",
                    "Stub it with `fetchTasks.returns(…)`, `.returnsOnce(…)`, `.fails(with:)` or `.answers { … }`, "
                        + "or find out why the code under test called it.",
                ],
                [
                    "Unexpected call to fetch(4) (call #1): nothing is stubbed for it.",
                    "Stub it with `fetchSpy.returns(…)`, `.returnsOnce(…)`, `.fails(with:)` or `.answers { … }`, "
                        + "or find out why the code under test called it.",
                ],
                [
                    "Unexpected call to wrappedRefresh() (call #1): nothing is stubbed for it.",
                    "Stub it with `wrappedRefresh.returns(…)`, `.returnsOnce(…)`, `.fails(with:)` or `.answers { … }`, "
                        + "or find out why the code under test called it.",
                ],
            ])
        let local = Spy<Int, Int>()
        #expect(local.name == "local")
        #expect(service.assigned.name == "assigned")
    }

    @Test func declarationsAreReadUpToTheInitializerCall() {
        #expect(DeclaredName.name(beforeCallIn: "    let fetchSpy = Spy<Int, [Todo]>") == "fetchSpy")
        #expect(DeclaredName.name(beforeCallIn: "    private let fetch: Spy<Int, [Int: String]> = Spy") == "fetch")
        #expect(DeclaredName.name(beforeCallIn: "        self.update = Spy<(id: Int, done: Bool), Todo>") == "update")
        #expect(DeclaredName.name(beforeCallIn: "    static let `default` = Spy<Void, Void>") == "default")
        #expect(DeclaredName.name(beforeCallIn: "    lazy var load: Spy<(Int) -> Int, Void> = Spy") == "load")
        #expect(DeclaredName.name(beforeCallIn: "    let service = FakeService(fetch: Spy<Int, Int>") == nil)
        #expect(DeclaredName.name(beforeCallIn: "    return Spy<Int, Int>") == nil)
        #expect(DeclaredName.name(beforeCallIn: "    spies[0] = Spy<Int, Int>") == nil)
    }

    @Test func queuedResultsRunOutIntoUnexpectedCalls() {
        let failures = withCapturedFailures {
            let refresh = Spy<Void, Int>("refresh")
            refresh.returnsOnce(1)
            #expect((try? refresh()) == 1)
            #expect(refresh.call(placeholder: -1) == -1)
            refresh.returns(5)
            #expect(refresh.call(placeholder: -1) == 5)
            refresh.rejectsCalls()
            #expect(throws: SpyError.self) { try refresh() }
        }
        #expect(
            failures.map { $0.message.prefix(38) } == [
                "Unexpected call to refresh() (call #2)", "Unexpected call to refresh() (call #4)",
            ])
    }

    @Test func aNonThrowingCallerCannotUseAStubbedError() {
        let failures = withCapturedFailures {
            let count = Spy<String, Int>("count")
            count.fails(with: ServiceDown())
            #expect(count.call("x", placeholder: 0) == 0)
        }
        #expect(
            failures.map(\.message) == [
                """
                count("x") is stubbed to throw ServiceDown(), but its caller cannot throw; stub a result instead \
                (`count.returns(…)`).
                """
            ])
    }

    @Test func expectCallsShowsADiff() {
        let failures = withCapturedFailures {
            let delete = Spy<Int, Void>("delete").returns(())
            try? delete(1)
            try? delete(3)
            delete.expectCalls([1, 3])
            delete.expectCalls([1, 2, 3])
        }
        #expect(
            failures.map(\.message) == [
                """
                The calls to delete differ from the expected ones: (− expected, + actual)

                  [
                    [0]: 1
                −   [1]: 2
                    [1]: 3
                  ]
                """
            ])
    }

    @Test func aSpyCalledFromAnotherThreadReportsToTheTestThatCreatedIt() async {
        let failures = await withCapturedFailures {
            let spy = Spy<Int, String>("lookup")
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async {
                    _ = try? spy(7)
                    continuation.resume()
                }
            }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Unexpected call to lookup(7) (call #1)") == true)
    }

    @Test func isSafeToCallFromManyThreads() {
        let spy = Spy<Int, Int>("square").answers { $0 * $0 }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for call in 0..<500 {
                _ = try? spy(thread * 1000 + call)
            }
        }
        #expect(spy.callCount == 4000)
        #expect(Set(spy.calls).count == 4000)
    }

    @Test func drivesAFakeServiceBehindAReactor() async {
        let service = FakeTaskService()
        service.fetchTitles.returnsOnce(["milk"]).fails(with: ServiceDown())
        let failures = await withCapturedFailures {
            let store = ReactorTestStore(TitlesReactor(service: service))
            store.send(.refresh) { $0.titles = ["milk"] }
            store.send(.refresh) { $0.error = "ServiceDown()" }
            store.send(.remove("milk")) { $0.titles = [] }
            await store.finish()
        }
        #expect(
            failures.map(\.message) == [
                """
                Unexpected call to remove("milk") (call #1): nothing is stubbed for it.
                Stub it with `remove.returns(…)`, `.returnsOnce(…)`, `.fails(with:)` or `.answers { … }`, or find \
                out why the code under test called it.
                """
            ])
        #expect(service.fetchTitles.callCount == 2)
    }
}

/// Spies declared the ways fakes declare them.
private final class NamedFakeService: Sendable {
    let fetchTasks = Spy<Int, [String]>()
    let fetchSpy = Spy<Int, [String]>("fetch")
    let assigned: Spy<Int, Int>
    let wrappedRefresh: Spy<Void, Void> =
        Spy()

    init() {
        assigned = Spy()
    }
}

/// A fake service built from spies.
private final class FakeTaskService: Sendable {
    let fetchTitles = Spy<Void, [String]>("fetchTitles")
    let remove = Spy<String, Void>("remove")
}

private final class TitlesReactor: Reactor {
    enum Action {
        case refresh
        case remove(String)
    }
    enum Mutation {
        case setTitles([String])
        case setError(String)
        case removed(String)
    }
    struct State: Equatable {
        var titles: [String] = []
        var error: String?
    }

    let initialState = State()
    let service: FakeTaskService

    init(service: FakeTaskService) {
        self.service = service
    }

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .refresh:
            do {
                return .just(.setTitles(try service.fetchTitles()))
            } catch {
                return .just(.setError("\(error)"))
            }
        case .remove(let title):
            try? service.remove(title)
            return .just(.removed(title))
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

@Suite struct CallLogTests {
    @Test func recordsTheOrderOfCallsAcrossSpies() {
        let failures = withCapturedFailures {
            let log = CallLog()
            let fetch = Spy<Int, [String]>("fetchTasks", log: log).returns([])
            let save = Spy<(id: Int, title: String), Void>("save", log: log).returns(())
            let refresh = Spy<Void, Void>("refresh", log: log).returns(())
            _ = try? fetch(1)
            try? save((id: 1, title: "milk"))
            try? refresh()
            _ = try? fetch(2)
            #expect(log.calls == ["fetchTasks(1)", #"save(id: 1, title: "milk")"#, "refresh()", "fetchTasks(2)"])
        }
        #expect(failures == [])
    }

    @Test func unexpectedCallsAreLoggedToo() {
        let log = CallLog()
        let failures = withCapturedFailures {
            let delete = Spy<Int, Void>("delete", log: log)
            try? delete(3)
        }
        #expect(log.calls == ["delete(3)"])
        #expect(failures.count == 1)
    }
}
