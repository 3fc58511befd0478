import Foundation
import ReactorKit

/// A counter with an alert, whose actions and mutations are `Equatable`.
final class Counter: Reactor {
    enum Action: Equatable {
        case increase
        case decrease
        case increaseTwice
        case noop
        case alert(String)
    }

    enum Mutation: Equatable {
        case add(Int)
        case setAlert(String)
    }

    struct State: Equatable {
        var value = 0
        @Pulse var alert: String?
    }

    let initialState = State()

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .increase: return .just(.add(1))
        case .decrease: return .just(.add(-1))
        case .increaseTwice: return .from([.add(1), .add(1)])
        case .noop: return .empty()
        case .alert(let message): return .just(.setAlert(message))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .add(let amount): state.value += amount
        case .setAlert(let message): state.alert = message
        }
        return state
    }
}

/// Loads items with real-time async work; nothing in it is `Equatable`.
final class Loader: Reactor, @unchecked Sendable {
    enum Action {
        case load
        case hang
    }

    enum Mutation {
        case setLoading(Bool)
        case setItems([String])
    }

    struct State {
        var isLoading = false
        var items: [String] = []
    }

    let initialState = State()
    /// Completes `.hang`'s stream when it sends.
    let release = PublishSubject<Void>()

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
        case .hang:
            return Observable.concat([
                .just(.setLoading(true)), release.take(1).flatMap { Observable<Mutation>.empty() },
            ])
        }
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

/// Loads items after a delay on an injected scheduler, for virtual-time tests.
final class ScheduledLoader: Reactor {
    enum Action: Equatable {
        case load
        case wait
    }

    enum Mutation: Equatable {
        case setLoading(Bool)
        case setItems([String])
        case setPage(Page)
    }

    struct Page: Equatable {
        var number: Int
        var items: [String]
    }

    struct State: Equatable {
        var isLoading = false
        var items: [String] = []
        var page: Page?
    }

    let initialState = State()
    private let timer: SchedulerType

    init(scheduler: SchedulerType) {
        timer = scheduler
    }

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .load:
            return Observable.concat([
                .just(.setLoading(true)),
                Observable.just(.setItems(["a", "b"])).delay(.seconds(2), scheduler: timer),
                .just(.setLoading(false)),
            ])
        case .wait:
            return Observable<Int>.timer(.seconds(10), scheduler: timer)
                .map { _ in .setPage(Page(number: 2, items: ["c"])) }
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .setLoading(let isLoading): state.isLoading = isLoading
        case .setItems(let items): state.items = items
        case .setPage(let page): state.page = page
        }
        return state
    }
}

/// Events on a bus shared by reactors (a stand-in for `ServiceBus`).
enum TaskEvent: Equatable {
    case created(id: Int, title: String)
    case deleted(id: Int)
}

/// A task list that follows the events of a bus, merged in `transform(mutation:)`.
final class TaskList: Reactor {
    enum Action: Equatable {
        case select(Int?)
    }

    enum Mutation: Equatable {
        case select(Int?)
        case insert(id: Int, title: String)
        case remove(id: Int)
    }

    struct State: Equatable {
        var titles: [Int: String] = [:]
        var selection: Int?
    }

    let initialState = State()
    private let events: Observable<TaskEvent>

    init(events: Observable<TaskEvent>) {
        self.events = events
    }

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .select(let id): return .just(.select(id))
        }
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        let fromBus = events.map { event -> Mutation in
            switch event {
            case .created(let id, let title): return .insert(id: id, title: title)
            case .deleted(let id): return .remove(id: id)
            }
        }
        return Observable.merge(mutation, fromBus)
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .select(let id): state.selection = id
        case .insert(let id, let title): state.titles[id] = title
        case .remove(let id):
            state.titles[id] = nil
            if state.selection == id { state.selection = nil }
        }
        return state
    }
}

/// Builds its state stream in `init` (`_ = self.state`), as 13 of Drrrible's 18 reactors do,
/// merges a bus in `transform(mutation:)`, and has work that waits on `pending`.
final class EagerReactor: Reactor {
    enum Action: Equatable {
        case increase
        case waitThenAdd
    }

    enum Mutation: Equatable {
        case add(Int)
    }

    struct State: Equatable {
        var value = 0
    }

    let initialState = State()
    let bus: PublishSubject<Int>
    /// Ends `.waitThenAdd`'s stream with the amount it sends.
    let pending = PublishSubject<Int>()

    init(bus: PublishSubject<Int> = PublishSubject()) {
        self.bus = bus
        _ = self.state
    }

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .increase: return .just(.add(1))
        case .waitThenAdd: return pending.take(1).map(Mutation.add)
        }
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        .merge(mutation, bus.map(Mutation.add))
    }

    func reduce(state: State, mutation: Mutation) -> State {
        switch mutation {
        case .add(let amount): return State(value: state.value + amount)
        }
    }
}
