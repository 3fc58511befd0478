import ReactorKit
import ReactorKitTesting
import Testing

@Suite struct EventTests {
    @Test func accessors() {
        let next = Event<Int>.next(1)
        let error = Event<Int>.error(testError)
        let completed = Event<Int>.completed
        #expect(next.element == 1 && !next.isStopEvent && next.error == nil && !next.isCompleted)
        #expect(error.element == nil && error.isStopEvent && error.error != nil && !error.isCompleted)
        #expect(completed.element == nil && completed.isStopEvent && completed.isCompleted)
    }

    @Test func mapTransformsOnlyElementsAndCatchesThrows() {
        #expect(Event.next(2).map { $0 * 3 } == .next(6))
        #expect(Event<Int>.completed.map { $0 * 3 } == .completed)
        #expect(Event<Int>.error(testError).map { $0 * 3 } == .error(testError))
        #expect(Event.next(2).map { _ -> Int in throw testError } == .error(testError))
    }

    @Test func debugDescription() {
        #expect(Event.next(1).debugDescription == "next(1)")
        #expect(Event<Int>.completed.debugDescription == "completed")
        #expect(Event<Int>.error(testError).debugDescription == "error(error)")
    }

    @Test func errorsCompareByDescription() {
        #expect(Event<Int>.error(TestError("a")) == .error(TestError("a")))
        #expect(Event<Int>.error(TestError("a")) != .error(TestError("b")))
        #expect(Event<Int>.next(1) != .completed)
    }
}
