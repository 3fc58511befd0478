import Foundation

/// Runs `body` on a thread of its own and returns its result.
///
/// Swift Testing runs tests on Swift concurrency's cooperative pool, which has one thread per
/// core: a test that blocks for long (waiting for processes, sleeping, a `concurrentPerform`)
/// would starve the tests that need the pool for async work. Expectations belong after the
/// `await`, in the test's task: `#expect` on another thread is not attributed to the test.
public func onOwnThread<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
