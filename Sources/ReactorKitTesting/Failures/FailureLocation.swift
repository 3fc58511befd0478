/// The source location of a test step, as the caller's `#fileID`, `#filePath`, `#line` and
/// `#column`.
struct FailureLocation: Sendable, Equatable {
    let fileID: StaticString
    let filePath: StaticString
    let line: UInt
    let column: UInt

    /// The file name and line, as `CounterTests.swift:12`.
    var shortDescription: String {
        "\("\(fileID)".split(separator: "/").last ?? ""):\(line)"
    }

    static func == (lhs: FailureLocation, rhs: FailureLocation) -> Bool {
        lhs.line == rhs.line && lhs.column == rhs.column && "\(lhs.fileID)" == "\(rhs.fileID)"
            && "\(lhs.filePath)" == "\(rhs.filePath)"
    }
}
