import Dispatch
import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing

/// The store driving reactors whose mutations arrive later in real time.
///
/// Tests that expect a mutation to arrive allow a long timeout: Swift Testing runs many tests
/// at once, and a step returns as soon as its mutation is there.
@Suite struct AsyncReactorTests {
    @Test func awaitsMutationsFromAsyncWork() async {
        let failures = await withCapturedFailures {
            let store = ReactorTestStore(Loader(), timeout: .seconds(300))
            store.send(.load) { $0.isLoading = true }
            // `Loader.Mutation` is not Equatable: mutations are compared structurally.
            await store.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
            await store.receive(.setLoading(false)) { $0.isLoading = false }
            await store.finish()
        }
        #expect(failures == [])
    }

    @Test @MainActor func worksFromTheMainActor() async {
        let failures = await withCapturedFailures {
            let store = ReactorTestStore(Loader(), timeout: .seconds(300))
            store.send(.load) { $0.isLoading = true }
            let items = await store.receive(case: Loader.Mutation.setItems) { $0.items = ["a", "b"] }
            #expect(items == ["a", "b"])
            let isLoading = await store.receive(extracting: { mutation -> Bool? in
                if case .setLoading(let isLoading) = mutation { isLoading } else { nil }
            }) {
                $0.isLoading = false
            }
            #expect(isLoading == false)
            await store.finish()
        }
        #expect(failures == [])
    }

    @Test func failsWhenAMutationDoesNotArriveInTime() async {
        let loader = Loader()
        var line = 0
        let failures = await withCapturedFailures {
            let store = ReactorTestStore(loader, timeout: .milliseconds(50))
            store.send(.hang) { $0.isLoading = true }
            line = #line + 1
            await store.receive(where: { _ in true })
            loader.release.onNext(())
            await store.finish()
        }
        #expect(
            failures.map(\.message) == [
                """
                Expected to receive a mutation matching the predicate, but it did not arrive within 50 ms.
                1 `mutate` stream is still running.
                """
            ])
        #expect(failures.first?.line == line)
    }

    @Test func finishWaitsForRunningStreamsThenFailsForWhatTheyEmitted() async {
        let failures = await withCapturedFailures {
            let store = ReactorTestStore(Loader(), timeout: .seconds(300))
            store.send(.load) { $0.isLoading = true }
            await store.finish()
        }
        #expect(
            failures.map(\.message) == [
                """
                The test ended with 2 mutations not received:
                  .setItems(["a", "b"])
                  .setLoading(false)
                Add `store.receive(…)` for each of them, or use `exhaustivity: .off` to skip what the test does not \
                assert.
                """
            ])
    }

    @Test func finishFailsForAStreamThatDoesNotEndInTime() async {
        let loader = Loader()
        var sendLine = 0
        let failures = await withCapturedFailures {
            let store = ReactorTestStore(loader, timeout: .milliseconds(20))
            sendLine = #line + 1
            store.send(.hang) { $0.isLoading = true }
            await store.finish()
        }
        #expect(
            failures.map(\.message) == [
                """
                A `mutate` stream started by send(.hang) is still running at the end of the test.
                Let it finish before the test ends: receive what it emits (advance the test scheduler with \
                `store.advance(by:)` if it waits on virtual time), complete what it waits for, or use \
                `exhaustivity: .off` to skip what the test does not assert.
                """
            ])
        #expect(failures.first?.line == sendLine)
        loader.release.onNext(())
    }

    @Test func synchronousReceiveBlocksUntilTheMutationArrives() {
        let failures = withCapturedFailures {
            let store = ReactorTestStore(QueueLoader(), timeout: .seconds(300))
            store.send(.load) { $0.isLoading = true }
            store.receive(.loaded(["x"])) {
                $0.isLoading = false
                $0.items = ["x"]
            }
            store.finish()
        }
        #expect(failures == [])
    }
}

/// Loads on a dispatch queue: its mutation arrives on another thread, with no task involved.
private final class QueueLoader: Reactor {
    enum Action { case load }
    enum Mutation: Equatable {
        case setLoading
        case loaded([String])
    }
    struct State: Equatable {
        var isLoading = false
        var items: [String] = []
    }

    let initialState = State()

    func mutate(action: Action) -> Observable<Mutation> {
        Observable.concat([
            .just(.setLoading),
            Observable.just(.loaded(["x"])).delay(
                .milliseconds(10), scheduler: ConcurrentDispatchQueueScheduler(qos: .default)),
        ])
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setLoading: state.isLoading = true
        case .loaded(let items):
            state.isLoading = false
            state.items = items
        }
        return state
    }
}
