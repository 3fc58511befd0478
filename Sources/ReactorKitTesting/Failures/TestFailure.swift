/// A failure the harness reported: what went wrong, and the test step it points at.
///
/// Captured by ``withCapturedFailures(_:)``; in a normal run each failure is recorded as a
/// Swift Testing issue or an XCTest failure instead.
@_spi(Testing)
public struct TestFailure: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong and how to fix the test.
    public let message: String
    /// The `#fileID` of the failing step, such as `MyTests/CounterTests.swift`.
    public let fileID: String
    /// The `#filePath` of the failing step.
    public let filePath: String
    /// The line of the failing step.
    public let line: Int
    /// The column of the failing step.
    public let column: Int

    /// The file name and line, then the message.
    public var description: String {
        "\(fileID.split(separator: "/").last ?? ""):\(line): \(message)"
    }
}
