import ReactorKit
@_spi(Testing) import ReactorKitTesting
import ServiceBus
import Testing

/// The exhaustive harness on a reactor of the sample app: bus messages become mutations to
/// receive, and what the services publish on their buses must be asserted.
@Suite struct HarnessTests {
    @Test func aReactorAndItsServiceEventsUnderTheHarness() {
        let provider = AppServiceProvider()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(ItemListReactor(provider: provider))
            // The current-user bus replays its latest message when the pipeline is built.
            store.receive(.setUser(nil))
            let events = store.track(provider.itemService.events, name: "itemService.events")
            let milk = Item(id: 1, title: "milk")
            store.send(.add("milk")) { $0.items = [milk] }
            store.expectPublished([.added(milk)], on: events)
            store.send(.setDone(1)) { $0.items[0].isDone = true }
            store.expectPublished([.updated(Item(id: 1, title: "milk", isDone: true))], on: events)
            provider.currentUser.send("ana")
            store.receive(.setUser("ana")) { $0.user = "ana" }
            store.finish()
        }
        #expect(failures == [])
    }

    @Test func anUnassertedServiceEventFailsTheTest() {
        let provider = AppServiceProvider()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(ItemListReactor(provider: provider))
            store.receive(.setUser(nil))
            _ = store.track(provider.itemService.events, name: "itemService.events")
            store.send(.add("milk")) { $0.items = [Item(id: 1, title: "milk")] }
        }
        #expect(
            failures.map(\.message) == [
                """
                1 message published on itemService.events was not asserted by the end of the test:
                  .added(Item(id: 1, title: "milk", isDone: false))
                Assert it with `store.expectPublished([…], on: …)`, or use `exhaustivity: .off` to skip what the \
                test does not assert.
                """
            ])
    }

    @Test func aFakeServiceStandsInForTheRealOne() {
        let provider = AppServiceProvider()
        let fake = FakeItemService()
        provider.itemSlot.replace(with: fake)
        let failures = withCapturedFailures {
            let store = ReactorTestStore(ItemListReactor(provider: provider))
            store.receive(.setUser(nil))
            fake.events.send(.deleted(7))
            store.receive(.remove(7))
            store.finish()
        }
        #expect(failures == [])
    }
}
