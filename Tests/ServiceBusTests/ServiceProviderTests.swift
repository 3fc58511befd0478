import Dispatch
import ServiceBus
import Synchronization
import Testing

/// A fake item service: no storage, scripted results, a record of calls.
final class FakeItemService: ItemServiceType, @unchecked Sendable {
    let events = EventBus<ItemEvent>()
    private(set) var addedTitles: [String] = []

    func add(_ title: String) -> Observable<Item> {
        addedTitles.append(title)
        let item = Item(id: 41 + addedTitles.count, title: title)
        events.send(.added(item))
        return .just(item)
    }

    func setDone(_ id: Int) -> Observable<Item> {
        .error(SampleError.unknownItem(id))
    }
}

@Suite struct ServiceProviderTests {
    @Test func servicesAreCreatedOnceEvenUnderConcurrentFirstUse() {
        let slot = ServiceSlot<ItemServiceType>()
        let provider = AppServiceProvider()
        let creations = Atomic<Int>(0)
        let seen = Locked<Set<ObjectIdentifier>>([])
        DispatchQueue.concurrentPerform(iterations: 50) { _ in
            let service = slot {
                creations.add(1, ordering: .relaxed)
                return ItemService(provider: provider)
            }
            seen.withLock { _ = $0.insert(ObjectIdentifier(service)) }
        }
        #expect(creations.load(ordering: .relaxed) == 1)
        #expect(seen.withLock { $0.count } == 1)
        #expect(slot.isCreated)
    }

    @Test func aServiceReachesOtherServicesThroughItsProvider() {
        let provider = AppServiceProvider()
        let service = ItemService(provider: provider)
        #expect(service.provider === provider)
        #expect(provider.itemService === provider.itemService)
    }

    @Test func aReactorIsTestedAgainstAFakeServiceWithoutTouchingFiles() {
        let provider = AppServiceProvider()
        let fake = FakeItemService()
        provider.itemSlot.replace(with: fake)
        let reactor = ItemListReactor(provider: provider)
        reactor.send(.add("from a fake"))
        #expect(fake.addedTitles == ["from a fake"])
        #expect(reactor.currentState.items == [Item(id: 42, title: "from a fake")])
        reactor.send(.setDone(7))  // the fake fails: only that action's stream ends
        reactor.send(.add("still working"))
        #expect(reactor.currentState.items.map(\.title) == ["from a fake", "still working"])
    }
}
