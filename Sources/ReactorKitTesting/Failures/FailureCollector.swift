import Foundation

/// Collects the failures reported while it is installed, instead of failing the test.
@_spi(Testing)
public final class FailureCollector: @unchecked Sendable {
    // @unchecked Sendable: `collected` is guarded by `lock` (an NSLock rather than a `Mutex`,
    // whose uninstrumented implementation ThreadSanitizer cannot see)
    private let lock = NSLock()
    private var collected: [TestFailure] = []

    /// Creates an empty collector.
    public init() {}

    /// The failures collected so far, in order.
    public var failures: [TestFailure] {
        lock.withLock { collected }
    }

    func append(_ failure: TestFailure) {
        lock.withLock { collected.append(failure) }
    }

    /// The collector that the harness reports to in the current task, if any.
    @TaskLocal static var current: FailureCollector?
}

/// Runs `body` and returns the failures the harness reported while it ran, instead of
/// failing the test: for tests of test helpers ("this step must fail with that message").
///
/// Stores, spies and ``expectNoDifference(_:_:_:fileID:filePath:line:column:)`` created or
/// called inside `body` report to the collector, even from other threads.
///
/// ```swift
/// let failures = withCapturedFailures {
///     let store = ReactorTestStore(CounterReactor())
///     store.send(.increase) { $0.value = 2 }
/// }
/// #expect(failures.map(\.message) == ["…"])
/// ```
@_spi(Testing)
public func withCapturedFailures(_ body: () throws -> Void) rethrows -> [TestFailure] {
    let collector = FailureCollector()
    try FailureCollector.$current.withValue(collector) {
        try body()
    }
    return collector.failures
}

/// The async form of ``withCapturedFailures(_:)``.
@_spi(Testing)
public func withCapturedFailures(
    isolation: isolated (any Actor)? = #isolation,
    _ body: () async throws -> Void
) async rethrows -> [TestFailure] {
    let collector = FailureCollector()
    try await FailureCollector.$current.withValue(collector) {
        try await body()
    }
    return collector.failures
}
