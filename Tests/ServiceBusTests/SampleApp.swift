import Foundation
import ServiceBus
import Synchronization

// A small task app, built the way the ServiceProvider convention describes: services behind
// protocols, created lazily by one provider, reached by reactors through it.

struct Item: Equatable, Sendable {
    let id: Int
    var title: String
    var isDone = false
}

enum ItemEvent: Equatable, Sendable {
    case added(Item)
    case updated(Item)
    case deleted(Int)
}

protocol ItemServiceType: AnyObject {
    var events: EventBus<ItemEvent> { get }
    func add(_ title: String) -> Observable<Item>
    func setDone(_ id: Int) -> Observable<Item>
}

protocol AppServiceProviderType: AnyObject {
    var itemService: ItemServiceType { get }
    var currentUser: MessageBus<String?> { get }
}

final class AppServiceProvider: AppServiceProviderType, @unchecked Sendable {
    // @unchecked Sendable: its slots and bus are thread-safe
    let itemSlot = ServiceSlot<ItemServiceType>()
    let currentUser = MessageBus<String?>(initial: nil)
    var itemService: ItemServiceType { itemSlot { ItemService(provider: self) } }
}

/// An in-memory item service that publishes every change.
final class ItemService: BaseService<AppServiceProviderType>, ItemServiceType {
    let events = EventBus<ItemEvent>()
    private let items = Locked<[Int: Item]>([:])
    private let nextID = Atomic<Int>(1)

    func add(_ title: String) -> Observable<Item> {
        Observable.deferred { [self] in
            let item = Item(id: nextID.add(1, ordering: .relaxed).oldValue, title: title)
            items.withLock { $0[item.id] = item }
            events.send(.added(item))
            return .just(item)
        }
    }

    func setDone(_ id: Int) -> Observable<Item> {
        Observable.deferred { [self] in
            guard var item = items.withLock({ $0[id] }) else { return .error(SampleError.unknownItem(id)) }
            item.isDone = true
            items.withLock { $0[id] = item }
            events.send(.updated(item))
            return .just(item)
        }
    }
}

enum SampleError: Error, Equatable {
    case unknownItem(Int)
}

/// Lists items; follows the item events, whoever caused them.
final class ItemListReactor: Reactor {
    enum Action { case add(String), setDone(Int) }
    enum Mutation: Equatable { case upsert(Item), remove(Int), setUser(String?) }
    struct State: Equatable {
        var items: [Item] = []
        var user: String?
    }

    let initialState = State()
    let provider: AppServiceProviderType

    init(provider: AppServiceProviderType) {
        self.provider = provider
    }

    func mutate(action: Action) -> Observable<Mutation> {
        switch action {
        case .add(let title): return provider.itemService.add(title).flatMap { _ in Observable<Mutation>.empty() }
        case .setDone(let id): return provider.itemService.setDone(id).flatMap { _ in Observable<Mutation>.empty() }
        }
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        mutation
            .merge(provider.itemService.events, for: self) { _, event in
                switch event {
                case .added(let item), .updated(let item): return .upsert(item)
                case .deleted(let id): return .remove(id)
                }
            }
            .merge(provider.currentUser) { user in .setUser(user) }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .upsert(let item):
            if let index = state.items.firstIndex(where: { $0.id == item.id }) {
                state.items[index] = item
            } else {
                state.items.append(item)
            }
        case .remove(let id):
            state.items.removeAll { $0.id == id }
        case .setUser(let user):
            state.user = user
        }
        return state
    }
}

/// Counts items and finished items from the same events.
final class StatsReactor: Reactor {
    typealias Action = Never
    enum Mutation { case added, finished }
    struct State: Equatable {
        var total = 0
        var done = 0
    }

    let initialState = State()
    let provider: AppServiceProviderType

    init(provider: AppServiceProviderType) {
        self.provider = provider
    }

    func transform(mutation: Observable<Mutation>) -> Observable<Mutation> {
        mutation.merge(provider.itemService.events, for: self) { _, event in
            switch event {
            case .added: return .added
            case .updated(let item): return item.isDone ? .finished : nil
            case .deleted: return nil
            }
        }
    }

    func reduce(state: State, mutation: Mutation) -> State {
        var state = state
        switch mutation {
        case .added: state.total += 1
        case .finished: state.done += 1
        }
        return state
    }
}
