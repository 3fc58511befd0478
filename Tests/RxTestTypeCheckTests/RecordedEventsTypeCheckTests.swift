import ReactorKit
import ReactorKitTesting
import XCTest

// RxSwift 6.9's own tests whose `Recorded.events(…)` calls, with arithmetic in their elements,
// the compiler gave up on ("unable to type-check this expression in reasonable time") while
// `Recorded` had a third `events` overload (variadic arrays): testMapCompose_Range,
// testMapCompose_Error, testMapCompose_Dispose, test_ReduceWithSeed_Range and
// test_ReduceWithSeedAndResult_Range. With RxTest's two overloads they take milliseconds.
//
// Copied as RxSwift writes them (Tests/RxSwiftTests/Observable+MapTests.swift,
// Observable+ReduceTests.swift, Observable+ScanTests.swift), with their neighbours that use the
// same calls. This target is compiled with `-warn-long-expression-type-checking=250` and
// `-warnings-as-errors` (Package.swift): an expression slower than 250 ms to type-check fails
// the build.

private struct TestError: Error {}
private let testError = TestError()

final class RecordedEventsTypeCheckTests: XCTestCase {
    func testMap_Range() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4), .completed(300),
        ])
        let res = scheduler.start { xs.map { $0 * 2 } }
        let correctMessages = Recorded.events(
            .next(210, 0 * 2),
            .next(220, 1 * 2),
            .next(230, 2 * 2),
            .next(240, 4 * 2),
            .completed(300)
        )
        XCTAssertEqual(res.events, correctMessages)
    }

    func testMap_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4), .error(300, testError),
        ])
        let res = scheduler.start { xs.map { $0 * 2 } }
        let correctMessages = Recorded.events(
            .next(210, 0 * 2),
            .next(220, 1 * 2),
            .next(230, 2 * 2),
            .next(240, 4 * 2),
            .error(300, testError)
        )
        XCTAssertEqual(res.events, correctMessages)
    }

    func testMapCompose_Range() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4), .completed(300),
        ])
        let res = scheduler.start { xs.map { $0 * 10 }.map { $0 + 1 } }
        let correctMessages = Recorded.events(
            .next(210, 0 * 10 + 1),
            .next(220, 1 * 10 + 1),
            .next(230, 2 * 10 + 1),
            .next(240, 4 * 10 + 1),
            .completed(300)
        )
        XCTAssertEqual(res.events, correctMessages)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testMapCompose_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4), .error(300, testError),
        ])
        let res = scheduler.start { xs.map { $0 * 10 }.map { $0 + 1 } }
        let correctMessages = Recorded.events(
            .next(210, 0 * 10 + 1),
            .next(220, 1 * 10 + 1),
            .next(230, 2 * 10 + 1),
            .next(240, 4 * 10 + 1),
            .error(300, testError)
        )
        XCTAssertEqual(res.events, correctMessages)
    }

    func testMapCompose_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4), .error(300, testError),
        ])
        let res = scheduler.start(disposed: 290) { xs.map { $0 * 10 }.map { $0 + 1 } }
        let correctMessages = Recorded.events(
            .next(210, 0 * 10 + 1),
            .next(220, 1 * 10 + 1),
            .next(230, 2 * 10 + 1),
            .next(240, 4 * 10 + 1)
        )
        XCTAssertEqual(res.events, correctMessages)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 290)])
    }

    func testMapCompose_Selector1Throws() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 4), .error(300, testError),
        ])
        let res = scheduler.start {
            xs
                .map { x throws -> Int in if x < 2 { return x * 10 } else { throw testError } }
                .map { $0 + 1 }
        }
        let correctMessages = Recorded.events(
            .next(210, 0 * 10 + 1),
            .next(220, 1 * 10 + 1),
            .error(230, testError)
        )
        XCTAssertEqual(res.events, correctMessages)
    }

    func test_ReduceWithSeed_Return() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 24), .completed(250)])
        let res = scheduler.start { xs.reduce(42, accumulator: +) }
        let correctMessages = Recorded.events(
            .next(250, 42 + 24),
            .completed(250)
        )
        XCTAssertEqual(res.events, correctMessages)
    }

    func test_ReduceWithSeed_Range() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(260),
        ])
        let res = scheduler.start { xs.reduce(42, accumulator: +) }
        let correctMessages = Recorded.events(
            .next(260, 42 + 0 + 1 + 2 + 3 + 4),
            .completed(260)
        )
        XCTAssertEqual(res.events, correctMessages)
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 260)])
    }

    func test_ReduceWithSeedAndResult_Return() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 24), .completed(250)])
        let res = scheduler.start { xs.reduce(42, accumulator: +, mapResult: { $0 * 5 }) }
        let correctMessages = Recorded.events(
            .next(250, (42 + 24) * 5),
            .completed(250)
        )
        XCTAssertEqual(res.events, correctMessages)
    }

    func test_ReduceWithSeedAndResult_Range() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 0), .next(220, 1), .next(230, 2), .next(240, 3), .next(250, 4), .completed(260),
        ])
        let res = scheduler.start { xs.reduce(42, accumulator: +, mapResult: { $0 * 5 }) }
        let correctMessages = Recorded.events(
            .next(260, (42 + 0 + 1 + 2 + 3 + 4) * 5),
            .completed(260)
        )
        XCTAssertEqual(res.events, correctMessages)
    }

    func testScan_Seed_SomeData() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .next(230, 4), .next(240, 5), .completed(250),
        ])
        let seed = 42
        let res = scheduler.start { xs.scan(seed) { $0 + $1 } }
        let messages = Recorded.events(
            .next(210, seed + 2),
            .next(220, seed + 2 + 3),
            .next(230, seed + 2 + 3 + 4),
            .next(240, seed + 2 + 3 + 4 + 5),
            .completed(250)
        )
        XCTAssertEqual(res.events, messages)
    }

    /// RxTest's array form, the other of its two overloads.
    func testTheArrayForm() {
        let events = Recorded.events([.next(210, 0 * 10 + 1), .next(220, 1 * 10 + 1), .completed(300)])
        XCTAssertEqual(events, [.next(210, 1), .next(220, 11), .completed(300)])
    }
}
