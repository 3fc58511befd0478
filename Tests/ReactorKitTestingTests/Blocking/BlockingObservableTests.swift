import Dispatch
import Foundation
import ReactorKit
import ReactorKitTesting
import Testing
import XCTest

// RxBlocking's API, with RxSwift's own tests (Tests/RxBlockingTests/Observable+BlockingTest.swift)
// ported: Swift Testing runs them off the main thread; the XCTest class below runs on the main
// thread, where a blocking operator keeps the main queue (`MainScheduler`) running.

private struct TestError: Error, Equatable {}
private let testError = TestError()

/// Whether `error` is `RxError.timeout`, `.noElements` or `.moreThanOneElement`, as `expected`.
private func isRxError(_ error: any Error, _ expected: String) -> Bool {
    guard let error = error as? RxError else { return false }
    switch error {
    case .timeout: return expected == "timeout"
    case .noElements: return expected == "noElements"
    case .moreThanOneElement: return expected == "moreThanOneElement"
    default: return false
    }
}

@Suite struct BlockingObservableTests {
    // MARK: toArray

    @Test func toArray() throws {
        #expect(try Observable<Int>.empty().toBlocking().toArray() == [])
        #expect(try Observable.just(42).toBlocking().toArray() == [42])
        #expect(try Observable.of(42, 43, 44, 45).toBlocking().toArray() == [42, 43, 44, 45])
        #expect(throws: testError) { try Observable<Int>.error(testError).toBlocking().toArray() }
    }

    @Test func toArrayWithARealScheduler() throws {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let array = try Observable<Int64>.interval(.milliseconds(1), scheduler: scheduler)
            .take(10)
            .toBlocking()
            .toArray()
        #expect(array == Array(0..<10))
    }

    @Test func independentBlockingCalls() throws {
        for _ in 0..<10 {
            let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
            func operation() -> Observable<Int> { Observable.of(1, 2).subscribe(on: scheduler) }
            #expect(try operation().toBlocking().toArray() == [1, 2])
            #expect(try operation().toBlocking().first() == 1)
            #expect(try operation().toBlocking().last() == 2)
            #expect(try Observable.just(1).subscribe(on: scheduler).toBlocking().single() == 1)
        }
    }

    @Test func everyOperatorTimesOut() {
        let never = Observable<Int>.never().toBlocking(timeout: 0.01)
        #expect { try never.toArray() } throws: { isRxError($0, "timeout") }
        #expect { try never.first() } throws: { isRxError($0, "timeout") }
        #expect { try never.last() } throws: { isRxError($0, "timeout") }
        #expect { try never.single() } throws: { isRxError($0, "timeout") }
        #expect { try never.single { _ in true } } throws: { isRxError($0, "timeout") }
        guard case .failed(let elements, let error) = never.materialize() else {
            Issue.record("materialize should fail with RxError.timeout")
            return
        }
        #expect(elements == [])
        #expect(isRxError(error, "timeout"))
    }

    @Test func aTimeoutKeepsTheElementsSentBeforeIt() {
        let sequence = Observable.concat(Observable.just(1), Observable.never())
        guard case .failed(let elements, let error) = sequence.toBlocking(timeout: 0.05).materialize() else {
            Issue.record("materialize should time out")
            return
        }
        #expect(elements == [1])
        #expect(isRxError(error, "timeout"))
    }

    // MARK: first and last

    @Test func first() throws {
        #expect(try Observable<Int>.empty().toBlocking().first() == nil)
        #expect(try Observable.just(42).toBlocking().first() == 42)
        #expect(try Observable.of(42, 43, 44, 45).toBlocking().first() == 42)
        #expect(throws: testError) { try Observable<Int>.error(testError).toBlocking().first() }
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let element = try Observable<Int64>.interval(.milliseconds(1), scheduler: scheduler).take(10).toBlocking()
            .first()
        #expect(element == 0)
    }

    @Test func firstStopsTheSubscriptionAfterOneElement() throws {
        var disposed = false
        let sequence = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            return Disposables.create { disposed = true }
        }
        #expect(try sequence.toBlocking().first() == 1)
        #expect(disposed)
    }

    @Test func last() throws {
        #expect(try Observable<Int>.empty().toBlocking().last() == nil)
        #expect(try Observable.just(42).toBlocking().last() == 42)
        #expect(try Observable.of(42, 43, 44, 45).toBlocking().last() == 45)
        #expect(throws: testError) { try Observable<Int>.error(testError).toBlocking().last() }
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let element = try Observable<Int64>.interval(.milliseconds(1), scheduler: scheduler).take(10).toBlocking()
            .last()
        #expect(element == 9)
    }

    // MARK: single

    @Test func single() throws {
        #expect { try Observable<Int>.empty().toBlocking().single() } throws: { isRxError($0, "noElements") }
        #expect(try Observable.just(42).toBlocking().single() == 42)
        #expect { try Observable.of(42, 43).toBlocking().single() } throws: { isRxError($0, "moreThanOneElement") }
        #expect { try Observable.of(42, 43, 44, 45).toBlocking().single() } throws: {
            isRxError($0, "moreThanOneElement")
        }
        #expect(throws: testError) { try Observable<Int>.error(testError).toBlocking().single() }
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let element = try Observable<Int64>.interval(.milliseconds(1), scheduler: scheduler).take(1).toBlocking()
            .single()
        #expect(element == 0)
    }

    @Test func singleWithAPredicate() throws {
        #expect { try Observable<Int>.empty().toBlocking().single { _ in true } } throws: {
            isRxError($0, "noElements")
        }
        #expect(try Observable.just(42).toBlocking().single { _ in true } == 42)
        #expect(throws: testError) { try Observable<Int>.error(testError).toBlocking().single { _ in true } }

        var tested: [Int] = []
        #expect(
            try Observable.of(42, 43, 44, 45).toBlocking().single {
                tested.append($0)
                return $0 == 44
            } == 44)
        #expect(tested == [42, 43, 44, 45])

        tested = []
        #expect {
            try Observable.of(42, 43, 44, 45).toBlocking().single {
                tested.append($0)
                return $0 >= 43
            }
        } throws: { isRxError($0, "moreThanOneElement") }
        #expect(tested == [42, 43, 44])  // stops at the second match

        tested = []
        #expect {
            try Observable.of(42, 43, 44, 45).toBlocking().single {
                tested.append($0)
                return $0 > 50
            }
        } throws: { isRxError($0, "noElements") }
        #expect(tested == [42, 43, 44, 45])

        tested = []
        #expect(throws: testError) {
            try Observable.of(42, 43, 44, 45, scheduler: CurrentThreadScheduler.instance).toBlocking().single {
                tested.append($0)
                if $0 < 43 { return false }
                throw testError
            }
        }
        #expect(tested == [42, 43])

        let scheduler = ConcurrentDispatchQueueScheduler(qos: .default)
        let element = try Observable<Int64>.interval(.milliseconds(1), scheduler: scheduler).take(4).toBlocking()
            .single { $0 == 3 }
        #expect(element == 3)
    }

    // MARK: materialize

    @Test func materialize() {
        guard case .completed(let none) = Observable<Int>.empty().toBlocking().materialize() else {
            Issue.record("expected .completed")
            return
        }
        #expect(none == [])
        guard case .completed(let some) = Observable.of(42, 43, 44, 45).toBlocking().materialize() else {
            Issue.record("expected .completed")
            return
        }
        #expect(some == [42, 43, 44, 45])
        guard case .failed(let before, let error) = Observable<Int>.error(testError).toBlocking().materialize() else {
            Issue.record("expected .failed")
            return
        }
        #expect(before == [])
        #expect(error as? TestError == testError)
        let sequence = Observable.concat(Observable.of(42, 43, 44, 45), Observable<Int>.error(testError))
        guard case .failed(let elements, let failure) = sequence.toBlocking().materialize() else {
            Issue.record("expected .failed")
            return
        }
        #expect(elements == [42, 43, 44, 45])
        #expect(failure as? TestError == testError)
    }

    // MARK: Traits

    @Test func traits() throws {
        #expect(try Single.just(1).toBlocking().single() == 1)
        #expect(throws: testError) { try Single<Int>.error(testError).toBlocking().single() }
        #expect(try Maybe.just(2).toBlocking().first() == 2)
        #expect(try Maybe<Int>.empty().toBlocking().first() == nil)
        #expect(try Completable.empty().toBlocking().toArray().isEmpty)
        #expect(throws: testError) { try Completable.error(testError).toBlocking().toArray() }
        #expect(try Infallible.of(1, 2, 3).toBlocking().toArray() == [1, 2, 3])
        let delayed = Single.just(4).delay(.milliseconds(5), scheduler: ConcurrentDispatchQueueScheduler(qos: .default))
        #expect(try delayed.toBlocking(timeout: 5).single() == 4)
    }

    @Test func reentrantWorkOnTheCurrentThreadRunsBeforeTheResult() throws {
        // Subscribed in a `CurrentThreadScheduler` trampoline, as RxBlocking does: what the
        // sequence schedules on the current thread runs before the operator returns.
        let sequence = Observable.of(1, 2, 3, scheduler: CurrentThreadScheduler.instance)
            .flatMap { Observable.of($0, $0 * 10, scheduler: CurrentThreadScheduler.instance) }
        #expect(try sequence.toBlocking().toArray().sorted() == [1, 2, 3, 10, 20, 30])
    }
}

/// On the main thread (XCTest runs its tests there), a blocking operator runs the main run loop
/// while it waits, so what `MainScheduler` schedules still happens.
final class BlockingOnTheMainThreadTests: XCTestCase {
    func testObservingOnTheMainSchedulerDoesNotDeadlock() throws {
        XCTAssertTrue(Thread.isMainThread)
        let worker = ConcurrentDispatchQueueScheduler(qos: .default)
        let values = try Observable.of(1, 2, 3)
            .subscribe(on: worker)
            .observe(on: MainScheduler.instance)
            .toBlocking(timeout: 5)
            .toArray()
        XCTAssertEqual(values, [1, 2, 3])
    }

    func testMainSchedulerWorkAfterADelay() throws {
        let value = try Observable.just(7)
            .delay(.milliseconds(10), scheduler: MainScheduler.instance)
            .toBlocking(timeout: 5)
            .single()
        XCTAssertEqual(value, 7)
    }

    func testTimeoutOnTheMainThread() {
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.05).first()) { error in
            XCTAssertTrue(isRxError(error, "timeout"))
        }
    }
}
