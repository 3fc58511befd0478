import Dispatch
import ServiceBus
import Testing

@Suite struct ReactorBusTests {
    @Test func hundredReactorsOnOneBusConverge() {
        let provider = AppServiceProvider()
        let lists = (0..<100).map { _ in ItemListReactor(provider: provider) }
        let stats = (0..<100).map { _ in StatsReactor(provider: provider) }
        for reactor in lists { _ = reactor.state }
        for reactor in stats { _ = reactor.state }
        lists[0].send(.add("milk"))
        lists[7].send(.add("bread"))
        lists[99].send(.setDone(1))
        let expected = [Item(id: 1, title: "milk", isDone: true), Item(id: 2, title: "bread")]
        #expect(lists.allSatisfy { $0.currentState.items == expected })
        #expect(stats.allSatisfy { $0.currentState == StatsReactor.State(total: 2, done: 1) })
    }

    @Test func globalStateIsReplayedToLateReactors() {
        let provider = AppServiceProvider()
        provider.currentUser.send("ada")
        let reactor = ItemListReactor(provider: provider)
        #expect(reactor.currentState.user == nil)  // not built yet
        _ = reactor.state
        #expect(reactor.currentState.user == "ada")
        provider.currentUser.send("grace")
        #expect(reactor.currentState.user == "grace")
    }

    @Test func orderingHoldsWhenAReactorsSubscriberCausesMoreMessages() {
        // A state subscriber reacts to an added item by finishing it: the `.added` event
        // reaches every reactor before the `.updated` one.
        let provider = AppServiceProvider()
        let list = ItemListReactor(provider: provider)
        let stats = StatsReactor(provider: provider)
        var statsHistory: [StatsReactor.State] = []
        let watch = stats.state.subscribe(onNext: { statsHistory.append($0) })
        let auto = list.state.subscribe(onNext: { state in
            if let item = state.items.first(where: { !$0.isDone }) { list.send(.setDone(item.id)) }
        })
        list.send(.add("tea"))
        #expect(statsHistory == [.init(total: 0, done: 0), .init(total: 1, done: 0), .init(total: 1, done: 1)])
        #expect(list.currentState.items == [Item(id: 1, title: "tea", isDone: true)])
        watch.dispose()
        auto.dispose()
    }

    @Test func releasedReactorStopsReceivingAndIsFreed() {
        let provider = AppServiceProvider()
        let events = provider.itemService.events
        weak var weakReactor: ItemListReactor?
        do {
            let reactor = ItemListReactor(provider: provider)
            weakReactor = reactor
            reactor.send(.add("x"))
            #expect(events.hasSubscribers)
        }
        #expect(weakReactor == nil)
        #expect(!events.hasSubscribers)
        #expect(!provider.currentUser.hasSubscribers)
    }

    @Test func noCycleBetweenBusReactorAndProvider() {
        weak var weakProvider: AppServiceProvider?
        weak var weakService: AnyObject?
        weak var weakReactor: ItemListReactor?
        do {
            let provider = AppServiceProvider()
            weakProvider = provider
            weakService = provider.itemService
            let reactor = ItemListReactor(provider: provider)
            weakReactor = reactor
            reactor.send(.add("y"))
            #expect(reactor.currentState.items.count == 1)
        }
        #expect(weakReactor == nil)
        #expect(weakProvider == nil)
        #expect(weakService == nil)
    }

    @Test func messagesFromManyThreadsReachEveryReactorOnce() {
        let provider = AppServiceProvider()
        let stats = (0..<20).map { _ in StatsReactor(provider: provider) }
        for reactor in stats { _ = reactor.state }
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<100 { _ = provider.itemService.add("item").subscribe() }
        }
        #expect(stats.allSatisfy { $0.currentState.total == 800 })
    }
}
