import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing
import XCTest

/// Failures reach the framework that runs the test, at the failing step's line.
@Suite struct FailureReportingTests {
    @Test func swiftTestingRecordsAnIssueAtTheFailingStep() {
        let line = #line + 3
        withKnownIssue {
            let store = ReactorTestStore(Counter())
            store.send(.increase) { $0.value = 2 }
        } matching: { issue in
            issue.sourceLocation?.line == line && issue.sourceLocation?.fileID == #fileID
                && issue.comments.contains { $0.rawValue.hasPrefix("State after send(.increase) does not match") }
        }
    }

    @Test func aStoreReleasedAtTheEndOfATestStillReportsToIt() {
        let line = #line + 4
        withKnownIssue {
            let bus = PublishSubject<TaskEvent>()
            do {
                let store = ReactorTestStore(TaskList(events: bus))
                bus.onNext(.deleted(id: 1))
                _ = store
            }
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.hasPrefix("The test ended with 1 mutation not received") }
        }
    }

    @Test func expectNoDifferenceReportsADiff() {
        var line = 0
        let failures = withCapturedFailures {
            line = #line + 1
            expectNoDifference([1, 2, 3], [1, 3], "after sorting")
            expectNoDifference("same", "same")
        }
        #expect(
            failures.map(\.message) == [
                """
                after sorting: Values differ: (− expected, + actual)

                  [
                    [0]: 1
                −   [1]: 2
                    [1]: 3
                  ]
                """
            ])
        #expect(failures.first?.line == line)
    }
}

/// XCTest sees the harness's failures through `recordFailure`, at the failing step's line.
final class FailureReportingXCTests: XCTestCase {
    private var isCapturing = false
    private var recorded: [(description: String, line: Int)] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if isCapturing {
            recorded.append((description, lineNumber))
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }

    func testAFailingStepFailsTheXCTestAtItsLine() {
        let store = ReactorTestStore(Counter())
        isCapturing = true
        let line = #line + 1
        store.send(.increase) { $0.value = 2 }
        isCapturing = false
        XCTAssertEqual(recorded.count, 1)
        XCTAssertEqual(recorded.first?.line, line)
        XCTAssertTrue(recorded.first?.description.contains("State after send(.increase) does not match") == true)
    }
}

/// The store in XCTest's synchronous tests: virtual time, and blocking waits for real-time work.
final class ReactorTestStoreXCTests: XCTestCase {
    func testVirtualTimeSteps() {
        let scheduler = TestScheduler(initialClock: 0)
        let store = ReactorTestStore(ScheduledLoader(scheduler: scheduler), scheduler: scheduler)
        store.send(.load) { $0.isLoading = true }
        store.advance(by: .seconds(2))
        store.receive(.setItems(["a", "b"])) { $0.items = ["a", "b"] }
        store.run()
        store.receive(.setLoading(false)) { $0.isLoading = false }
        store.finish()
    }

    func testBlockingWaitsForRealTimeWork() {
        let store = ReactorTestStore(Loader(), timeout: .seconds(300))
        store.send(.load) { $0.isLoading = true }
        store.receive(where: { if case .setItems = $0 { true } else { false } }) { $0.items = ["a", "b"] }
        store.receive(where: { if case .setLoading(false) = $0 { true } else { false } }) { $0.isLoading = false }
        store.finish()
    }
}
