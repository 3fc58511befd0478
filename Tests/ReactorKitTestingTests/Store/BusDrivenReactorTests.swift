import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing

/// The store driving a reactor that merges an external event stream (a bus) in
/// `transform(mutation:)`: each event becomes a mutation to receive.
@Suite struct BusDrivenReactorTests {
    @Test func receivesTheMutationsOfBusEvents() {
        let bus = PublishSubject<TaskEvent>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(TaskList(events: bus))
            bus.onNext(.created(id: 1, title: "milk"))
            store.receive(.insert(id: 1, title: "milk")) { $0.titles[1] = "milk" }
            store.send(.select(1)) { $0.selection = 1 }
            bus.onNext(.deleted(id: 1))
            store.receive(.remove(id: 1)) {
                $0.titles[1] = nil
                $0.selection = nil
            }
            store.finish()
        }
        #expect(failures == [])
    }

    @Test func failsForABusEventNotReceived() {
        let bus = PublishSubject<TaskEvent>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(TaskList(events: bus))
            bus.onNext(.created(id: 1, title: "milk"))
            bus.onNext(.created(id: 2, title: "eggs"))
            store.receive(.insert(id: 1, title: "milk")) { $0.titles[1] = "milk" }
            store.send(.select(1)) { $0.selection = 1 }
            bus.onNext(.deleted(id: 1))
        }
        #expect(
            failures.map(\.message) == [
                """
                1 mutation was not received before send(.select(1)):
                  .insert(id: 2, title: "eggs")
                Add `store.receive(…)` for it before this `send`, or use `exhaustivity: .off` to skip what the test \
                does not assert.
                """,
                """
                The test ended with 1 mutation not received:
                  .remove(id: 1)
                Add `store.receive(…)` for it, or use `exhaustivity: .off` to skip what the test does not assert.
                """,
            ])
    }

    @Test func aWrongStateChangeShowsTheChangedDictionaryEntry() {
        let bus = PublishSubject<TaskEvent>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(TaskList(events: bus))
            bus.onNext(.created(id: 1, title: "milk"))
            store.receive(.insert(id: 1, title: "milk")) { $0.titles[1] = "milk" }
            bus.onNext(.created(id: 2, title: "eggs"))
            store.receive(.insert(id: 2, title: "eggs")) { $0.titles[2] = "bread" }
        }
        #expect(
            failures.map(\.message) == [
                """
                State after receive(.insert(id: 2, title: "eggs")) does not match the expectation: (− expected, + actual)

                  State(
                    titles: [
                      1: "milk"
                −     2: "bread"
                +     2: "eggs"
                    ]
                    selection: nil
                  )
                """
            ])
    }

    @Test func saysWhenTheStateStreamHasEnded() {
        struct BusFailure: Error {}
        let bus = PublishSubject<TaskEvent>()
        let failures = withCapturedFailures {
            let store = ReactorTestStore(TaskList(events: bus))
            bus.onError(BusFailure())
            store.receive(.remove(id: 1), timeout: .zero)
        }
        #expect(
            failures.map(\.message) == [
                """
                Expected to receive .remove(id: 1), but it did not arrive within 0 seconds.
                No `mutate` stream is running.
                The reactor's state stream has ended (an error from a stream merged in `transform(mutation:)` ends it).
                """
            ])
    }
}
