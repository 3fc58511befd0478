import Observation
import ReactorKit
import Synchronization
import Testing

/// ReactorKit 3.x's `@ObservableState` and `@ObservableStateIgnored`: a state written with them
/// compiles unchanged, conforms to `ObservableState`, and works with `ObservedReactor`.
@Suite struct ObservableStateMacroTests {
    final class CounterReactor: Reactor {
        enum Action {
            case increase
            case setScratch(String)
        }
        typealias Mutation = Action

        @ObservableState
        struct State: Equatable {
            var count = 0
            @ObservableStateIgnored var scratch = ""
        }

        let initialState = State()

        func reduce(state: State, mutation: Action) -> State {
            var state = state
            switch mutation {
            case .increase: state.count += 1
            case .setScratch(let text): state.scratch = text
            }
            return state
        }
    }

    /// A state that conforms already: the macro adds nothing (no redundant conformance).
    @ObservableState
    struct AlreadyObservable: ObservableState {
        var value = 1
    }

    static func isObservableState<S: ObservableState>(_: S.Type) -> Bool { true }

    @Test func theMacroAddsTheConformance() {
        #expect(Self.isObservableState(CounterReactor.State.self))
        #expect(Self.isObservableState(AlreadyObservable.self))
        #expect(CounterReactor.State() == CounterReactor.State(count: 0, scratch: ""))  // members as written
    }

    @Test func observedReactorTracksTheState() {
        let counter = ObservedReactor(CounterReactor())
        let changes = Atomic(0)
        withObservationTracking {
            _ = counter.count
        } onChange: {
            changes.add(1, ordering: .relaxed)
        }
        counter.send(.increase)
        #expect(changes.load(ordering: .relaxed) == 1)
        #expect(counter.count == 1)
        counter.send(.setScratch("draft"))
        #expect(counter.scratch == "draft")
    }
}
