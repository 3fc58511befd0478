import ReactorKit
@_spi(Testing) import ReactorKitTesting
import Testing
import XCTest

/// RxTest's `XCTAssertEqual` overloads and `XCTAssertRecordedElements`, called from Swift
/// Testing (their failures are captured) and from XCTest.
@Suite struct XCTestAssertionsTests {
    private struct Failure: Error, CustomStringConvertible {
        var description: String { "failure" }
    }

    @Test func equalEventsPass() {
        let failures = withCapturedFailures {
            XCTAssertEqual([Event.next(1), .completed], [Event.next(1), .completed])
            XCTAssertEqual([Recorded.next(210, 1), .error(220, Failure())], [.next(210, 1), .error(220, Failure())])
            XCTAssertEqual([Recorded<Event<Int?>>.next(210, nil)], [.next(210, nil)])
            XCTAssertEqual([SingleEvent<Int>.success(1), .failure(Failure())], [.success(1), .failure(Failure())])
            XCTAssertEqual([MaybeEvent<Int>.success(1), .completed], [.success(1), .completed])
            XCTAssertEqual([CompletableEvent.completed, .error(Failure())], [.completed, .error(Failure())])
            XCTAssertRecordedElements([.next(210, 1), .next(220, 2)], [1, 2])
        }
        #expect(failures.isEmpty)
    }

    @Test func differentEventsFailWithTheDifferences() {
        let line = #line + 2
        let failures = withCapturedFailures {
            XCTAssertEqual([Recorded.next(210, 1), .completed(230)], [.next(210, 2), .completed(230)])
        }
        #expect(failures.count == 1)
        #expect(failures.first?.line == line)
        #expect(failures.first?.message.contains("lhs[0]:\n    next(1) @ 210") == true)
        #expect(failures.first?.message.contains("rhs[0]:\n    next(2) @ 210") == true)
    }

    @Test func differentTraitEventsFail() {
        let failures = withCapturedFailures {
            XCTAssertEqual([SingleEvent<Int>.success(1)], [.failure(Failure())])
            XCTAssertEqual([MaybeEvent<Int>.completed], [])
            XCTAssertEqual([CompletableEvent.completed], [.error(Failure())])
        }
        #expect(failures.count == 3)
        #expect(failures.first?.message.contains("success(1)") == true)
    }

    @Test func recordedElementsRejectAStopEvent() {
        let failures = withCapturedFailures {
            XCTAssertRecordedElements([.next(210, 1), .completed(220)], [1])
        }
        #expect(failures.map(\.message) == ["A non-next stop event has been emitted: completed @ 220"])
    }

    @Test func recordedElementsIgnoreTimesButNotValues() {
        let failures = withCapturedFailures {
            XCTAssertRecordedElements([.next(210, 1), .next(300, 2)], [1, 2])
            XCTAssertRecordedElements([.next(210, 1)], [1, 2])
        }
        #expect(failures.count == 1)
    }

    @Test func singleEventArraysCompareWithEquals() {
        let events: [SingleEvent<Int>] = [.success(1), .failure(Failure())]
        #expect(events == [.success(1), .failure(Failure())])
        #expect(events != [.success(1)])
    }
}

/// The same assertions from an XCTest test case, as RxTest users call them.
final class RxTestAssertionsXCTestCase: XCTestCase {
    func testRecordedEventsFromATestScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let res = scheduler.start { xs.map { $0 * 10 } }
        XCTAssertEqual(res.events, [.next(210, 10), .next(220, 20), .completed(230)])
        XCTAssertRecordedElements(Array(res.events.dropLast()), [10, 20])
    }

    func testTraitEvents() {
        var events: [SingleEvent<Int>] = []
        _ = Single.just(1).subscribe { events.append($0) }
        XCTAssertEqual(events, [.success(1)])
    }
}
