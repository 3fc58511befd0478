import ServiceBus
import Testing

@Suite struct AppShellTests {
    @Test func makesKeepsAndReleasesReactors() {
        let shell = AppShell(provider: AppServiceProvider())
        weak var weakList: ItemListReactor?
        do {
            let list = shell.make { ItemListReactor(provider: $0) }
            weakList = list
            #expect(shell.reactors.count == 1)
        }
        #expect(weakList != nil)  // the shell keeps it
        shell.release(weakList!)
        #expect(weakList == nil)
        #expect(shell.reactors.isEmpty)
    }

    @Test func aKeptReactorHearsTheBusBeforeAnythingReadsItsState() {
        let provider = AppServiceProvider()
        let shell = AppShell(provider: provider)
        let stats = shell.make { StatsReactor(provider: $0) }
        provider.itemService.events.send(.added(Item(id: 1, title: "milk")))
        #expect(stats.currentState == StatsReactor.State(total: 1, done: 0))

        let list = ItemListReactor(provider: provider)
        provider.currentUser.send("ada")
        shell.keep(list)
        #expect(list.currentState.user == "ada")  // the message bus's latest message, at once
        provider.itemService.events.send(.added(Item(id: 2, title: "bread")))
        #expect(list.currentState.items == [Item(id: 2, title: "bread")])
        #expect(stats.currentState == StatsReactor.State(total: 2, done: 0))
        shell.tearDown()
    }

    @Test func aReactorUsedWithoutAShellStaysLazy() {
        let provider = AppServiceProvider()
        let stats = StatsReactor(provider: provider)
        provider.itemService.events.send(.added(Item(id: 1, title: "milk")))
        #expect(!provider.itemService.events.hasSubscribers)
        #expect(stats.currentState == StatsReactor.State(total: 0, done: 0))
        _ = stats.state
        provider.itemService.events.send(.added(Item(id: 2, title: "bread")))
        #expect(stats.currentState == StatsReactor.State(total: 1, done: 0))
    }

    @Test func aStubbedReactorKeptByTheShellStaysStubbed() {
        let provider = AppServiceProvider()
        let shell = AppShell(provider: provider)
        let list = ItemListReactor(provider: provider)
        list.isStubEnabled = true
        shell.keep(list)
        #expect(!provider.itemService.events.hasSubscribers)
        list.send(.add("milk"))
        #expect(list.stub.actions.count == 1)
        shell.tearDown()
    }

    @Test func oneTraceStreamReportsReactorsAndBuses() {
        let provider = AppServiceProvider()
        let shell = AppShell(provider: provider)
        shell.observe(provider.itemService.events, name: "items")
        let list = shell.make { ItemListReactor(provider: $0) }
        var lines: [String] = []
        let subscription = shell.events.subscribe(onNext: { event in
            switch event {
            case .reactor(let trace): lines.append("\(trace.reactorType) \(trace.kind.rawValue)")
            case .message(let bus, _): lines.append("bus \(bus)")
            case .added(let type, _): lines.append("added \(type)")
            case .removed(let type, _): lines.append("removed \(type)")
            }
        })
        list.send(.add("x"))
        let stats = shell.make { StatsReactor(provider: $0) }
        shell.release(stats)
        #expect(
            lines == [
                // the stream was built by `make`, before anyone watched: the action, its
                // mutation (the reactor followed the bus before the shell's trace did), the state
                "ItemListReactor action", "ItemListReactor mutation", "ItemListReactor state", "bus items",
                // a reactor made while the shell is watched: its stream is built, its initial state
                "added StatsReactor", "StatsReactor state", "removed StatsReactor",
            ])
        subscription.dispose()
        lines.removeAll()
        list.send(.add("y"))
        #expect(lines.isEmpty)  // tracing stops with the last observer
    }

    @Test func tearDownReleasesEverythingAndCompletesTheEvents() {
        weak var weakProvider: AppServiceProvider?
        weak var weakList: ItemListReactor?
        weak var weakStats: StatsReactor?
        var completed = false
        do {
            let provider = AppServiceProvider()
            weakProvider = provider
            let shell = AppShell(provider: provider)
            shell.observe(provider.currentUser, name: "user")
            weakList = shell.make { ItemListReactor(provider: $0) }
            weakStats = shell.make { StatsReactor(provider: $0) }
            _ = weakList?.state
            _ = weakStats?.state
            let subscription = shell.events.subscribe(onCompleted: { completed = true })
            shell.tearDown()
            #expect(shell.isTornDown)
            #expect(shell.reactors.isEmpty)
            #expect(!provider.currentUser.hasSubscribers)
            subscription.dispose()
        }
        #expect(completed)
        #expect(weakList == nil)
        #expect(weakStats == nil)
        #expect(weakProvider == nil)
    }
}
