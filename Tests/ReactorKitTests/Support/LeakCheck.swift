import Foundation
import ReactorKit
import TestSupport
import Testing

/// Runs `body` and expects every reactive resource it created to be freed afterwards.
///
/// Uses a ``ResourceScope`` rather than the global `Resources.total`, because Swift Testing
/// runs tests in parallel. Resources freed asynchronously (on a dispatch queue) are waited
/// for, up to ``Patience/limit`` (a loaded machine only makes them come later).
func expectNoLeaks(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) rethrows {
    #if DEBUG
        let scope = ResourceScope()
        try scope.track(body)
        _ = Patience.waitUntil { scope.liveCount == 0 }
        #expect(scope.liveCount == 0, "leaked resources", sourceLocation: sourceLocation)
    #else
        try body()
    #endif
}

/// An error with a fixed description, for tests.
struct TestError: Error, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String = "test error") {
        self.description = description
    }
}

let testError = TestError("error")
let testError1 = TestError("error1")
let testError2 = TestError("error2")
