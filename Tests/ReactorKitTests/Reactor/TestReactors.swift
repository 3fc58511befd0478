import Dispatch
import Foundation
import ReactorKit
import Synchronization
import TestSupport

/// The counter from ReactorKit's README, with call counters for the pipeline's hooks.
final class CounterReactor: Reactor, @unchecked Sendable {
    enum Action: Equatable {
        case increase
        case decrease
    }

    enum Mutation: Equatable {
        case increaseValue
        case decreaseValue
    }

    struct State: Equatable {
        var value = 0
    }

    let initialState = State()
    let calls = CallLog()

    func mutate(action: Action) -> Observable<Mutation> {
        calls.record("mutate")
        switch action {
        case .increase: return .just(.increaseValue)
        case .decrease: return .just(.decreaseValue)
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        calls.record("reduce")
        var state = state
        switch mutation {
        case .increaseValue: state.value += 1
        case .decreaseValue: state.value -= 1
        }
        return state
    }

    func transform(action: Observable<Action>) -> Observable<Action> {
        calls.record("transform(action:)")
        return action
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        calls.record("transform(mutation:)")
        return mutation
    }

    func transform(state: Observable<State>) -> Observable<State> {
        calls.record("transform(state:)")
        return state
    }
}

/// A thread-safe log of named calls.
final class CallLog: Sendable {
    private let entries = Locked<[String]>([])

    func record(_ name: String) {
        entries.withLock { $0.append(name) }
    }

    func count(_ name: String) -> Int {
        entries.withLock { $0.filter { $0 == name }.count }
    }

    var all: [String] {
        entries.withLock { $0 }
    }
}
