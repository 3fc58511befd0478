import Foundation
@_spi(Testing) import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing

/// A store created after the reactor built its state stream (a reactor that reads
/// `self.state` in `init`, or one used before the store) observes it from then on, starting
/// from `currentState`, with every exhaustivity check (issue 12).
@Suite struct LateStoreTests {
    @Test func worksWithAReactorThatReadsItsStateInInit() {
        let bus = PublishSubject<Int>()
        let failures = withCapturedFailures {
            let reactor = EagerReactor(bus: bus)
            let store = ReactorTestStore(reactor)
            store.send(.increase) { $0.value = 1 }
            bus.onNext(10)
            store.receive(.add(10)) { $0.value = 11 }
            store.send(.waitThenAdd)
            reactor.pending.onNext(5)
            store.receive(.add(5)) { $0.value = 16 }
            store.finish()
        }
        #expect(failures == [])
    }

    @Test func startsFromTheCurrentState() {
        let reactor = Counter()
        reactor.action.onNext(.increase)
        let failures = withCapturedFailures {
            let store = ReactorTestStore(reactor)
            #expect(store.state.value == 1)
            store.send(.increase) { $0.value = 2 }
            store.finish()
        }
        #expect(failures == [])
    }

    @Test func stillFailsForWhatTheTestDoesNotAssert() {
        let bus = PublishSubject<Int>()
        var lines: [Int] = []
        let failures = withCapturedFailures {
            let store = ReactorTestStore(EagerReactor(bus: bus))
            lines.append(#line + 1)
            store.send(.increase)
            bus.onNext(2)
            lines.append(#line + 1)
            store.finish()
        }
        #expect(failures.map(\.line) == lines)
        #expect(
            failures.first?.message.hasPrefix("State changed after send(.increase), but the step asserts no change")
                == true)
        #expect(
            failures.last?.message
                == """
                The test ended with 1 mutation not received:
                  .add(2)
                Add `store.receive(…)` for it, or use `exhaustivity: .off` to skip what the test does not assert.
                """)
    }

    @Test func aStreamStartedBeforeTheStoreMustEndBeforeTheTest() {
        let reactor = EagerReactor()
        reactor.action.onNext(.waitThenAdd)
        var line = 0
        let failures = withCapturedFailures {
            let store = ReactorTestStore(reactor, timeout: .milliseconds(20))
            line = #line + 1
            store.finish()
        }
        #expect(failures.map(\.line) == [line])
        #expect(
            failures.map(\.message) == [
                """
                1 `mutate` stream for actions not sent through the store is still running at the end of the test.
                Let it finish before the test ends, or use `exhaustivity: .off` to skip what the test does not assert.
                """
            ])
    }

    @Test func aStreamStartedBeforeTheStoreIsReceivedAndAwaited() async {
        let reactor = EagerReactor()
        reactor.action.onNext(.waitThenAdd)
        #expect(reactor._runningMutateStreams == 1)
        let pending = reactor.pending
        let failures = await withCapturedFailures {
            let store = ReactorTestStore(reactor, timeout: .seconds(300))
            // A thread of its own: a task could wait for a busy cooperative pool longer than the
            // timeout while the other tests run.
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.02)
                pending.onNext(3)
            }
            await store.receive(.add(3)) { $0.value = 3 }
            await store.finish()
        }
        #expect(failures == [])
        #expect(reactor._runningMutateStreams == 0)
    }

    @Test func skippingRunningStreamsCoversThoseStartedBeforeTheStore() {
        let reactor = EagerReactor()
        reactor.action.onNext(.waitThenAdd)
        let failures = withCapturedFailures {
            let store = ReactorTestStore(reactor)
            store.send(.waitThenAdd)
            store.skipRunningMutateStreams()
            store.finish()
        }
        #expect(failures == [])
    }

    @Test func oneStoreAtATime() {
        let reactor = EagerReactor()
        var line = 0
        let failures = withCapturedFailures {
            let first = ReactorTestStore(reactor)
            line = #line + 1
            _ = ReactorTestStore(reactor)
            first.send(.increase) { $0.value = 1 }
        }
        #expect(failures.map(\.line) == [line])
        #expect(
            failures.map(\.message) == [
                """
                The store cannot observe this reactor: another `ReactorTestStore` observes it. Use one store per \
                reactor, or let the first store go before creating the next.
                """
            ])
        let next = withCapturedFailures {
            let store = ReactorTestStore(reactor)
            store.send(.increase) { $0.value = 2 }
        }
        #expect(next == [])
    }
}
