/// Where debug builds' diagnostics go: standard error, or a capturing closure in tests.
///
/// The library's warnings (an unhandled error, a re-entrant send into a subject) are written
/// here. Tests capture them for one task with ``capture``, which Swift Testing's parallel
/// tests cannot do with a global hook:
///
/// ```swift
/// let lines = Locked<[String]>([])
/// DebugOutput.$capture.withValue({ text in lines.withLock { $0.append(text) } }) {
///     subject.onNext(1)
/// }
/// ```
enum DebugOutput {
    /// Receives the diagnostics written on this task instead of standard error.
    @TaskLocal static var capture: (@Sendable (String) -> Void)?

    /// Writes `text` to the capturing closure, or to standard error.
    static func write(_ text: String) {
        if let capture {
            capture(text)
        } else {
            StandardStream.error.write(text)
        }
    }
}
