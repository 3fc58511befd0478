import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing

@Suite struct ReactorTestStoreTests {
    @Test func passesWhenEveryStateChangeIsAsserted() {
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Counter())
            store.send(.increase) { $0.value = 1 }
            store.send(.increaseTwice) { $0.value = 3 }
            store.send(.decrease) { $0.value -= 1 }
            store.send(.noop)
            store.send(.alert("saved")) { $0.alert = "saved" }
            #expect(store.state.value == 2)
            #expect(store.state.alert == "saved")
            store.finish()
        }
        #expect(failures == [])
    }

    @Test func failsWithAFieldByFieldDiffWhenTheClosureIsWrong() {
        var line = 0
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Counter())
            line = #line + 1
            store.send(.increase) { $0.value = 2 }
        }
        #expect(
            failures.map(\.message) == [
                """
                State after send(.increase) does not match the expectation: (− expected, + actual)

                  State(
                −   value: 2
                +   value: 1
                    alert: @Pulse(value: nil, valueUpdatedCount: 0)
                  )
                """
            ])
        #expect(failures.first?.line == line)
        #expect(failures.first?.fileID == #fileID)
    }

    @Test func failsWhenAStateChangeIsNotAsserted() {
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Counter())
            store.send(.increase)
        }
        #expect(
            failures.map(\.message) == [
                """
                State changed after send(.increase), but the step asserts no change: (− expected, + actual)

                  State(
                −   value: 0
                +   value: 1
                    alert: @Pulse(value: nil, valueUpdatedCount: 0)
                  )

                Assert it with a closure, e.g. `store.send(.increase) { $0.value = 1 }`.
                """
            ])
    }

    @Test func failsWhenAClosureIsGivenForAStepThatChangesNothing() {
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Counter())
            store.send(.noop) { $0.value = 0 }
        }
        #expect(
            failures.map(\.message) == [
                """
                Expected the state to change after send(.noop), but it did not, and the closure changed nothing. \
                Remove the closure when a step changes no state.
                """
            ])
    }

    @Test func pulsesAreComparedByValueAndUpdateCount() {
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Counter())
            store.send(.alert("hi")) { $0.alert = "hi" }
            store.send(.alert("hi"))  // the same value, pulsed again
        }
        #expect(
            failures.map(\.message) == [
                """
                State changed after send(.alert("hi")), but the step asserts no change: (− expected, + actual)

                  State(
                    value: 0
                    alert: @Pulse(
                      value: "hi"
                −     valueUpdatedCount: 1
                +     valueUpdatedCount: 2
                    )
                  )

                Assert it with a closure, e.g. `store.send(.alert("hi")) { $0.alert = "hi" }`.
                """
            ])
    }

    @Test func reportsAClosureThatThrows() {
        struct Oops: Error, CustomStringConvertible {
            var description: String { "oops" }
        }
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Counter())
            store.send(.increase) { _ in throw Oops() }
        }
        #expect(failures.map(\.message) == ["The closure of send(.increase) threw an error: oops"])
    }

    @Test func failsForAStubbedReactor() {
        let reactor = Counter()
        reactor.isStubEnabled = true
        let failures = withCapturedFailures {
            _ = ReactorTestStore(reactor)
        }
        #expect(
            failures.map(\.message) == [
                """
                The reactor is stubbed (`isStubEnabled`): its `mutate` and `reduce` do not run, so the store has \
                nothing to test. Test the reactor without its stub, and views with it.
                """
            ])
    }

    @Test func advancingWithoutATestSchedulerFails() {
        let failures = withCapturedFailures {
            let store = ReactorTestStore(Counter())
            store.advance(by: .seconds(1))
            store.advance(to: 10)
            store.run()
        }
        #expect(
            failures.map(\.message)
                == ["advance(by:)", "advance(to:)", "run()"].map {
                    """
                    \($0) needs a test scheduler: create the store with `ReactorTestStore(reactor, scheduler: scheduler)` \
                    and give the reactor the same scheduler.
                    """
                })
    }

    @Test func theStoreDoesNotKeepTheReactorAliveAfterItGoes() {
        weak var released: Counter?
        let failures = withCapturedFailures {
            let reactor = Counter()
            released = reactor
            let store = ReactorTestStore(reactor)
            store.send(.increase) { $0.value = 1 }
        }
        #expect(failures == [])
        #expect(released == nil)
    }
}
