import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing

/// `exhaustivity: .off`: only what the test asserts is checked.
@Suite struct NonExhaustiveStoreTests {
    @Test func skipsWhatTheTestDoesNotAssert() {
        let failures = withCapturedFailures {
            let scheduler = TestScheduler(initialClock: 0)
            let store = ReactorTestStore(
                ScheduledLoader(scheduler: scheduler), scheduler: scheduler, exhaustivity: .off)
            store.send(.load)  // no closure: nothing asserted
            store.run()
            store.receive(.setLoading(false))  // skips .setItems
            store.send(.load)
            store.advance(by: .seconds(2))
            store.send(.wait)  // skips .setItems, leaves streams running
        }
        #expect(failures == [])
    }

    @Test func finishNeitherWaitsNorChecks() async {
        let loader = Loader()
        let failures = await withCapturedFailures {
            // Were finish to wait for the stream that hangs, it would take the store's whole
            // timeout: returning in under half of it is not waiting, on any machine.
            let store = ReactorTestStore(loader, exhaustivity: .off, timeout: .seconds(600))
            store.send(.hang)
            let start = ContinuousClock.now
            await store.finish()
            #expect(ContinuousClock.now - start < .seconds(300))
        }
        #expect(failures == [])
        loader.release.onNext(())
    }

    @Test func closuresCheckOnlyTheFieldsTheyAssign() {
        let bus = PublishSubject<TaskEvent>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(TaskList(events: bus), exhaustivity: .off)
            bus.onNext(.created(id: 1, title: "milk"))
            bus.onNext(.created(id: 2, title: "eggs"))
            store.send(.select(2)) { $0.selection = 2 }  // titles not asserted
            #expect(store.state.titles == [1: "milk", 2: "eggs"])
            store.send(.select(1)) { $0.selection = 2 }
        }
        #expect(
            failures.map(\.message) == [
                """
                State after send(.select(1)) does not match the expectation: (− expected, + actual)

                  State(
                    titles: [1: "milk", 2: "eggs"]
                −   selection: 2
                +   selection: 1
                  )

                With `exhaustivity: .off` the closure is applied to the actual state and checks only what it \
                assigns: assign absolute values (`$0.count = 2`), not relative ones (`$0.count += 1`).
                """
            ])
    }

    @Test func aReceiveThatMatchesNothingListsWhatArrived() {
        let bus = PublishSubject<TaskEvent>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(TaskList(events: bus), exhaustivity: .off)
            bus.onNext(.created(id: 1, title: "milk"))
            bus.onNext(.deleted(id: 1))
            store.receive(.insert(id: 2, title: "eggs"), timeout: .milliseconds(10))
        }
        #expect(
            failures.map(\.message) == [
                """
                Expected to receive .insert(id: 2, title: "eggs"), but it did not arrive within 10 ms.
                None of the 2 mutations received matches:
                  .insert(id: 1, title: "milk")
                  .remove(id: 1)
                No `mutate` stream is running.
                """
            ])
    }

    @Test func exhaustivityCanChangeDuringATest() {
        let bus = PublishSubject<TaskEvent>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(TaskList(events: bus), exhaustivity: .off)
            bus.onNext(.created(id: 1, title: "milk"))  // setup, not asserted
            store.skipReceivedMutations()
            store.exhaustivity = .on
            store.send(.select(1)) { $0.selection = 1 }
            bus.onNext(.deleted(id: 1))
        }
        #expect(failures.count == 1)
        #expect(
            failures.first?.message.hasPrefix("The test ended with 1 mutation not received:\n  .remove(id: 1)") == true)
    }
}
