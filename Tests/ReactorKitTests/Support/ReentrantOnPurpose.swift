import Testing

@testable import ReactorKit

/// Keeps the "Reentrancy anomaly" warnings that a test provokes on purpose out of the test log
/// (debug builds print one whenever a subject is fed from inside its own observer, as
/// RxSwift's do; RxSwift's own tests of re-entrancy print them too).
///
/// ```swift
/// @Test(.reentrantOnPurpose) func reentrantElementFromTheObserver() { … }
/// ```
struct ReentrantOnPurpose: TestTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await DebugOutput.$capture.withValue({ _ in }) {
            try await function()
        }
    }
}

extension Trait where Self == ReentrantOnPurpose {
    /// The test feeds a subject from inside its own observer on purpose.
    static var reentrantOnPurpose: Self { Self() }
}
