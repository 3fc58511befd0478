import Foundation
import ReactorKit

/// What a blocking operator has received so far, and the wait for the sequence's end: the
/// sequence may answer on any thread.
final class BlockingGate<Element>: @unchecked Sendable {
    // @unchecked Sendable: every mutable field is guarded by condition
    private let condition = NSCondition()
    private var elements: [Element] = []  // guarded by condition
    private var error: (any Error)?  // guarded by condition
    private var isDone = false  // guarded by condition
    private var isWaitingOnMainThread = false  // guarded by condition

    /// Whether the operator still takes events.
    var isRunning: Bool {
        condition.withLock { !isDone }
    }

    /// Adds an element; returns how many there are now.
    func append(_ element: Element) -> Int {
        condition.withLock {
            elements.append(element)
            return elements.count
        }
    }

    /// Ends the wait, with `error` when the sequence (or the predicate) failed.
    func finish(error: (any Error)?) {
        let wakeMainThread = condition.withLock { () -> Bool in
            guard !isDone else { return false }
            isDone = true
            self.error = error
            condition.broadcast()
            return isWaitingOnMainThread
        }
        if wakeMainThread && !Thread.isMainThread {
            // Wakes the main run loop, which sleeps until its next source fires.
            DispatchQueue.main.async {}
        }
    }

    /// Blocks until ``finish(error:)`` or `timeout` (seconds) passes, running the main run
    /// loop meanwhile on the main thread; returns what arrived, failed with `RxError.timeout`
    /// when the time ran out.
    func wait(timeout: TimeInterval?) -> MaterializedSequenceResult<Element> {
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        if Thread.isMainThread {
            condition.withLock { isWaitingOnMainThread = true }
            while !condition.withLock({ isDone }) && deadline.map({ Date() < $0 }) ?? true {
                // Runs the main queue's work (`MainScheduler`) and returns after each batch.
                let slice = Date(timeIntervalSinceNow: 0.05)
                _ = RunLoop.main.run(mode: .default, before: deadline.map { min($0, slice) } ?? slice)
            }
        }
        condition.lock()
        defer { condition.unlock() }
        while !isDone {
            if let deadline {
                guard condition.wait(until: deadline) else { break }
            } else {
                condition.wait()  // (a `Date.distantFuture` deadline overflows on Linux)
            }
        }
        if !isDone {
            isDone = true
            error = RxError.timeout
        }
        if let error {
            return .failed(elements: elements, error: error)
        }
        return .completed(elements: elements)
    }
}
