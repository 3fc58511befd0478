import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing

/// The store driving a reactor whose work runs on a `TestScheduler`.
@Suite struct ScheduledReactorTests {
    private func makeStore(
        exhaustivity: Exhaustivity = .on,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ReactorTestStore<ScheduledLoader> {
        let scheduler = TestScheduler(initialClock: 0)
        return ReactorTestStore(
            ScheduledLoader(scheduler: scheduler), scheduler: scheduler, exhaustivity: exhaustivity, fileID: fileID,
            filePath: filePath, line: line, column: column)
    }

    @Test func receivesEachMutationAsVirtualTimeMoves() {
        let failures = withCapturedFailures {
            let store = makeStore()
            store.send(.load) { $0.isLoading = true }
            store.advance(by: .seconds(2))
            let items = store.receive(case: ScheduledLoader.Mutation.setItems) { $0.items = ["a", "b"] }
            #expect(items == ["a", "b"])
            store.advance(by: .seconds(1))  // `delay` sends the completion one tick later
            store.receive(.setLoading(false)) { $0.isLoading = false }
            store.send(.wait)
            store.advance(to: 13)
            store.receive(where: { if case .setPage = $0 { true } else { false } }) {
                $0.page = ScheduledLoader.Page(number: 2, items: ["c"])
            }
            store.finish()
        }
        #expect(failures == [])
    }

    @Test func runRunsEverythingScheduled() {
        let failures = withCapturedFailures {
            let store = makeStore()
            store.send(.load) { $0.isLoading = true }
            store.run()
            #expect(store.scheduler?.clock == 3)
            #expect(store.receivedMutations == [.setItems(["a", "b"]), .setLoading(false)])
            store.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
            store.receive(.setLoading(false)) { $0.isLoading = false }
        }
        #expect(failures == [])
    }

    @Test func receiveNeverMovesVirtualTime() {
        var line = 0
        let failures = withCapturedFailures {
            let store = makeStore()
            store.send(.load) { $0.isLoading = true }
            line = #line + 1
            store.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
            store.skipRunningMutateStreams()
        }
        #expect(
            failures.map(\.message) == [
                """
                Expected to receive .setItems(["a", "b"]), but it has not been received. The test scheduler is at 0 \
                and moves only when the test moves it: call `store.advance(by:)`, `store.advance(to:)` or \
                `store.run()` before this `receive`.
                1 `mutate` stream is still running.
                """
            ])
        #expect(failures.first?.line == line)
    }

    @Test func failsOnAMutationReceivedOutOfOrder() {
        let failures = withCapturedFailures {
            let store = makeStore()
            store.send(.load) { $0.isLoading = true }
            store.run()
            store.receive(.setLoading(false)) { $0.isLoading = false }
            store.receive(.setLoading(false)) { $0.isLoading = false }
        }
        #expect(
            failures.map(\.message) == [
                """
                Received an unexpected mutation: (− expected, + received)

                − .setLoading(false)
                + .setItems(["a", "b"])

                Receive the mutations in the order they arrive, or use `exhaustivity: .off` to skip what the test \
                does not assert.
                """
            ])
    }

    @Test func nonMatchingPredicatesCasesAndExtractionsFail() {
        let failures = withCapturedFailures {
            let store = makeStore()
            store.send(.load) { $0.isLoading = true }
            store.run()
            store.receive(where: { _ in false })
            store.receive(case: ScheduledLoader.Mutation.setPage)
            store.send(.load) { $0.isLoading = true }
            store.run()
            store.receive(extracting: { (mutation: ScheduledLoader.Mutation) -> Int? in nil })
            store.skipReceivedMutations()
        }
        let hint = "Receive the mutations in the order they arrive, or use `exhaustivity: .off` to skip what the test "
        #expect(
            failures.map(\.message) == [
                """
                Received .setItems(["a", "b"]), which does not match the predicate of this receive(where:).
                \(hint)does not assert.
                """,
                """
                Received .setLoading(false), which does not match the case of this receive(case:).
                \(hint)does not assert.
                """,
                """
                Received .setItems(["a", "b"]), which does not match the `extracting` closure of this receive(extracting:).
                \(hint)does not assert.
                """,
            ])
    }

    @Test func failsWhenMutationsWereNotReceivedBeforeTheNextSend() {
        let failures = withCapturedFailures {
            let store = makeStore()
            store.send(.load) { $0.isLoading = true }
            store.run()
            store.send(.wait)
            store.advance(by: .seconds(10))
            store.receive(.setPage(ScheduledLoader.Page(number: 2, items: ["c"]))) {
                // The state after the skipped mutations is the starting point.
                $0.page = ScheduledLoader.Page(number: 2, items: ["c"])
            }
        }
        #expect(
            failures.map(\.message) == [
                """
                2 mutations were not received before send(.wait):
                  .setItems(["a", "b"])
                  .setLoading(false)
                Add `store.receive(…)` for each of them before this `send`, or use `exhaustivity: .off` to skip what \
                the test does not assert.
                """
            ])
    }

    @Test func finishFailsForMutationsNotReceived() {
        var line = 0
        let failures = withCapturedFailures {
            let store = makeStore()
            store.send(.load) { $0.isLoading = true }
            store.run()
            line = #line + 1
            store.finish()
        }
        #expect(
            failures.map(\.message) == [
                """
                The test ended with 2 mutations not received:
                  .setItems(["a", "b"])
                  .setLoading(false)
                Add `store.receive(…)` for each of them, or use `exhaustivity: .off` to skip what the test does not \
                assert.
                """
            ])
        #expect(failures.first?.line == line)
    }

    @Test func releasingTheStoreChecksLikeFinishAtTheLineThatCreatedIt() {
        var line = 0
        let failures = withCapturedFailures {
            line = #line + 1
            let store = makeStore()
            store.send(.load) { $0.isLoading = true }
            store.advance(by: .seconds(2))
        }
        #expect(
            failures.map(\.message) == [
                """
                The test ended with 1 mutation not received:
                  .setItems(["a", "b"])
                Add `store.receive(…)` for it, or use `exhaustivity: .off` to skip what the test does not assert.
                """,
                """
                A `mutate` stream started by send(.load) is still running at the end of the test.
                Let it finish before the test ends: receive what it emits (advance the test scheduler with \
                `store.advance(by:)` if it waits on virtual time), complete what it waits for, or use \
                `exhaustivity: .off` to skip what the test does not assert.
                """,
            ])
        #expect(failures.first?.line == line)
    }

    @Test func aStreamStillRunningFailsAtTheSendThatStartedIt() {
        var sendLine = 0
        let failures = withCapturedFailures {
            let store = makeStore()
            sendLine = #line + 1
            store.send(.wait)
            store.advance(by: .seconds(5))
            store.finish()
        }
        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("A `mutate` stream started by send(.wait) is still running") == true)
        #expect(failures.first?.line == sendLine)
    }

    @Test func skippingAcceptsWhatTheTestDoesNotAssert() {
        let failures = withCapturedFailures {
            let store = makeStore()
            store.send(.load) { $0.isLoading = true }
            store.advance(by: .seconds(2))
            store.skipReceivedMutations()
            #expect(store.state.items == ["a", "b"])
            store.skipRunningMutateStreams()
            store.finish()
        }
        #expect(failures == [])
    }
}
