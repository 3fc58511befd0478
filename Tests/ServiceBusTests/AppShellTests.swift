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
                // the first action builds the reactor's state stream: its initial state, then
                // the current user replayed by the user bus
                "ItemListReactor state", "ItemListReactor mutation", "ItemListReactor state",
                // the action, the service's event (the shell subscribed to the bus first), its mutation
                "ItemListReactor action", "bus items", "ItemListReactor mutation", "ItemListReactor state",
                "added StatsReactor", "removed StatsReactor",
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
