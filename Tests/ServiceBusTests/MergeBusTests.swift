import ServiceBus
import Testing

// The call sites the docs show for following a bus, compiled: `merge(_:for:_:)` with a trailing
// closure of several statements (one branch returning `nil`), `merge(streamsFrom:for:_:)` with a
// trailing closure too, and `merge(_:_:)`. Before `streamsFrom:`, a trailing closure after
// `merge(bus, for: self)` could also be taken as the stream form's: a mistake in its body was
// then reported against `Observable<Mutation>` ("'nil' is not compatible with closure result
// type 'Observable<…>'"), and a closure returning streams compiled as the stream form unseen;
// and with the bus a generic `ObservableConvertibleType`, a mistake in a closure following an
// `EventBus` was reported as "conflicting arguments to generic parameter 'Bus'". (What the
// compiler says is checked by hand: `swiftc -typecheck` on a file that makes those mistakes now
// says "type 'Mutation?' has no member 'just'" and "cannot convert value of type 'String' to
// expected argument type 'Int'".)

/// Follows the item events one mutation per message, and the current user without the reactor.
private final class OneMutationReactor: Reactor {
    typealias Action = Never
    enum Mutation: Equatable { case add(Item), remove(Int), setUser(String?) }
    struct State: Equatable {
        var items: [Item] = []
        var user: String?
    }

    let initialState = State()
    let provider: AppServiceProviderType

    init(provider: AppServiceProviderType) {
        self.provider = provider
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        mutation
            .merge(provider.itemService.events, for: self) { reactor, event in
                switch event {
                case .added(let item):
                    return .add(item)
                case .deleted(let id):
                    let known = reactor.currentState.items.contains { $0.id == id }
                    return known ? .remove(id) : nil
                case .updated:
                    return nil
                }
            }
            .merge(provider.currentUser) { user in .setUser(user) }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .add(let item): state.items.append(item)
        case .remove(let id): state.items.removeAll { $0.id == id }
        case .setUser(let user): state.user = user
        }
        return state
    }
}

/// Follows the item events with a stream of mutations per message.
private final class StreamsReactor: Reactor {
    typealias Action = Never
    enum Mutation: Equatable { case add(Item), count }
    struct State: Equatable {
        var items: [Item] = []
        var counted = 0
    }

    let initialState = State()
    let provider: AppServiceProviderType

    init(provider: AppServiceProviderType) {
        self.provider = provider
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        mutation.merge(streamsFrom: provider.itemService.events, for: self) { reactor, event in
            guard case .added(let item) = event else { return .empty() }
            return reactor.currentState.counted < 2 ? .of(.add(item), .count) : .just(.add(item))
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .add(let item): state.items.append(item)
        case .count: state.counted += 1
        }
        return state
    }
}

@Suite struct MergeBusTests {
    @Test func aTrailingClosureAfterForIsOneMutationPerMessage() {
        let provider = AppServiceProvider()
        let reactor = OneMutationReactor(provider: provider)
        _ = reactor.state
        let events = provider.itemService.events
        events.send(.added(Item(id: 1, title: "milk")))
        events.send(.deleted(9))  // not listed: nil, no mutation
        events.send(.updated(Item(id: 1, title: "milk", isDone: true)))
        provider.currentUser.send("ada")
        #expect(reactor.currentState == .init(items: [Item(id: 1, title: "milk")], user: "ada"))
        events.send(.deleted(1))
        #expect(reactor.currentState.items.isEmpty)
    }

    @Test func streamsFromRunsEachMessagesStreamInOrder() {
        let provider = AppServiceProvider()
        let reactor = StreamsReactor(provider: provider)
        var history: [StreamsReactor.State] = []
        let subscription = reactor.state.subscribe(onNext: { history.append($0) })
        let events = provider.itemService.events
        events.send(.added(Item(id: 1, title: "milk")))
        events.send(.deleted(1))  // .empty(): nothing
        events.send(.added(Item(id: 2, title: "tea")))
        events.send(.added(Item(id: 3, title: "jam")))
        let milk = Item(id: 1, title: "milk")
        let tea = Item(id: 2, title: "tea")
        #expect(
            history == [
                .init(), .init(items: [milk]), .init(items: [milk], counted: 1), .init(items: [milk, tea], counted: 1),
                .init(items: [milk, tea], counted: 2),
                .init(items: [milk, tea, Item(id: 3, title: "jam")], counted: 2),
            ])
        subscription.dispose()
    }
}
