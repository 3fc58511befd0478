import Dispatch
import Foundation
import Observation
import ReactorKit
import Synchronization
import TestSupport
import Testing

/// A reactor whose `.load` action completes asynchronously, on another thread.
final class AsyncLoader: Reactor, @unchecked Sendable {
    enum Action { case load, fail }
    enum Mutation { case setLoading(Bool), setItems([String]) }
    struct State {
        var isLoading = false
        var items: [String] = []
    }

    let initialState = State()

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .load:
            return Observable.concat([
                .just(.setLoading(true)),
                Observable.async {
                    try await Task.sleep(for: .milliseconds(10))
                    return ["a", "b"]
                }.map(Mutation.setItems),
                .just(.setLoading(false)),
            ])
        case .fail:
            return .just(.setLoading(true))  // never finishes loading
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setLoading(let loading): state.isLoading = loading
        case .setItems(let items): state.items = items
        }
        return state
    }
}

@Suite struct ReactorConcurrencyTests {
    @Test func sendIsActionOnNext() {
        let reactor = CounterReactor()
        reactor.send(.increase)
        reactor.send(.increase)
        #expect(reactor.currentState.value == 2)
    }

    @Test func sendUntilWaitsForTheEffectsOfTheAction() async throws {
        let reactor = AsyncLoader()
        let state = try await reactor.send(.load, until: { !$0.isLoading && !$0.items.isEmpty }, timeout: .seconds(300))
        #expect(state.items == ["a", "b"])
        #expect(!reactor.currentState.isLoading)
    }

    @Test func sendUntilIgnoresTheCurrentState() async throws {
        let reactor = CounterReactor()
        // The current state (0) already satisfies `value >= 0`: only a new state counts.
        let state = try await reactor.send(.increase, until: { $0.value >= 0 })
        #expect(state.value == 1)
    }

    @Test func sendUntilTimesOut() async {
        let reactor = AsyncLoader()
        await #expect(throws: RxError.self) {
            try await reactor.send(.fail, until: { !$0.isLoading }, timeout: .milliseconds(50))
        }
    }

    @Test func sendUntilIsCancellable() async {
        let reactor = AsyncLoader()
        let (loading, loadingContinuation) = AsyncStream<Void>.makeStream()
        let watch = reactor.state.subscribe(onNext: { if $0.isLoading { loadingContinuation.yield() } })
        defer { watch.dispose() }
        let task = Task {
            try await reactor.send(.fail, until: { !$0.isLoading })
        }
        // Cancelled while it waits: the action is sent (not before it starts, however slow the
        // machine).
        for await _ in loading { break }
        task.cancel()
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test @MainActor func statesStartWithTheCurrentStateAndFollowChanges() async {
        let reactor = CounterReactor()
        reactor.send(.increase)
        var seen: [Int] = []
        for await state in reactor.states {
            seen.append(state.value)
            if state.value < 3 { reactor.send(.increase) } else { break }
        }
        #expect(seen == [1, 2, 3])
    }

    #if DEBUG
        @Test func droppingTheIteratorEndsItsSubscription() async {
            let reactor = CounterReactor()
            _ = reactor.state
            let scope = ResourceScope()
            await scope.track {
                var iterator = reactor.states.makeAsyncIterator()
                _ = await iterator.next()
            }
            _ = await Patience.waitUntil { scope.liveCount == 0 }
            #expect(scope.liveCount == 0)
        }
    #endif
}

@Suite struct ObservedReactorTests {
    @Test func readsTheStateAndSendsActions() {
        let observed = ObservedReactor(CounterReactor())
        #expect(observed.value == 0)
        observed.send(.increase)
        #expect(observed.value == 1)
        #expect(observed.state.value == 1)
    }

    @Test func observationTrackingSeesStateChanges() {
        let observed = ObservedReactor(CounterReactor())
        let changes = Atomic<Int>(0)
        withObservationTracking {
            _ = observed.value
        } onChange: {
            changes.add(1, ordering: .relaxed)
        }
        observed.send(.increase)
        #expect(changes.load(ordering: .relaxed) == 1)
    }

    @Test func releasingTheWrapperEndsItsSubscription() {
        let reactor = CounterReactor()
        weak var weakObserved: ObservedReactor<CounterReactor>?
        do {
            let observed = ObservedReactor(reactor)
            weakObserved = observed
            observed.send(.increase)
        }
        #expect(weakObserved == nil)
        reactor.send(.increase)
        #expect(reactor.currentState.value == 2)
    }
}

@Suite(.serialized) struct ReactorTraceTests {
    @Test func perReactorTraceSeesActionsMutationsAndStatesInOrder() {
        let reactor = CounterReactor()
        let events = ConcurrentRecorder<String>()
        let trace = reactor.trace { events.append("\($0.kind.rawValue): \($0.value)") }
        reactor.send(.increase)
        trace.dispose()
        reactor.send(.increase)
        #expect(
            events.values == [
                "state: State(value: 0)", "action: increase", "mutation: increaseValue", "state: State(value: 1)",
            ])
    }

    @Test func globalTraceSeesEveryReactorUntilStopped() {
        let reactor = CounterReactor()
        let id = ObjectIdentifier(reactor)
        let events = ConcurrentRecorder<ReactorTraceEvent>()
        ReactorTrace.start { event in
            if event.reactorID == id { events.append(event) }
        }
        reactor.send(.decrease)
        ReactorTrace.stop()
        reactor.send(.decrease)
        #expect(events.values.map(\.kind) == [.state, .action, .mutation, .state])
        #expect(events.values.first?.reactorType == "CounterReactor")
        #expect(events.values.last?.description.hasSuffix("state: State(value: -1)") == true)
    }
}
