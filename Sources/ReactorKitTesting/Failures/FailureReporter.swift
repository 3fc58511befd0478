#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// Sends failures to whichever framework runs the test: Swift Testing when the failing step
/// runs in a Swift Testing test, XCTest otherwise (or the installed ``FailureCollector``).
///
/// Created where the store or spy is created, inside the test: it remembers the collector and
/// the framework in use then, so failures noticed later on another thread (an unexpected
/// call to a spy from a background queue, a store's `deinit`) still reach the test.
struct FailureReporter: Sendable {
    private enum Framework {
        case swiftTesting
        case other
    }

    private let collector: FailureCollector?
    private let framework: Framework

    init() {
        collector = FailureCollector.current
        #if canImport(Testing)
            framework = Test.current != nil ? .swiftTesting : .other
        #else
            framework = .other
        #endif
    }

    /// Reports `message` as a failure of the step at `location`.
    func report(_ message: String, at location: FailureLocation) {
        if let collector = FailureCollector.current ?? collector {
            collector.append(
                TestFailure(
                    message: message, fileID: "\(location.fileID)", filePath: "\(location.filePath)",
                    line: Int(location.line), column: Int(location.column)))
            return
        }
        #if canImport(Testing)
            if Test.current != nil || framework == .swiftTesting {
                // Off the test's task (another thread), Swift Testing still reports the issue.
                Issue.record(
                    Comment(rawValue: message),
                    sourceLocation: SourceLocation(
                        fileID: "\(location.fileID)", filePath: "\(location.filePath)", line: Int(location.line),
                        column: Int(location.column)))
                return
            }
        #endif
        #if canImport(XCTest)
            XCTFail(message, file: location.filePath, line: location.line)
        #else
            print("\(location.shortDescription): error: \(message)")
        #endif
    }
}
