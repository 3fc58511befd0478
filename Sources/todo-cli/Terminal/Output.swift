#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes: results to standard output, errors and prompts to standard error.
///
/// Text is collected and written in large blocks (a 100,000-line listing is a few `write`
/// calls); ``flush()`` sends what is pending. Tests use ``CapturedOutput``.
///
/// Everything written to standard error is shown safely (``String/shownOnLines``): an error
/// message echoing what the user typed (`todo $'li\e[2Jst'`), a path or a title cannot act on
/// the terminal. Only ``errControl(_:)`` writes escapes there.
protocol Output: AnyObject {
    /// Appends `text` to standard output.
    func out(_ text: String)
    /// Appends UTF-8 `bytes` to standard output (large outputs: no conversion).
    func out(bytes: [UInt8])
    /// Appends `text` to standard error (written at once), every control character but line
    /// breaks and tabs shown as `�`.
    func err(_ text: String)
    /// Appends `sequence` to standard error unchanged: terminal control of our own (a status
    /// line's `\r ESC[2K`), never text from the user or the store.
    func errControl(_ sequence: String)
    /// Writes what is pending on standard output.
    func flush()
}

/// The process's standard output and error, written with `write(2)`.
///
/// A closed pipe (`EPIPE`: `todo list | head -1`) ends the output quietly. Any other failed
/// write to standard output (a full disk, a closed descriptor) is kept in ``failure``: nothing
/// more is written there, and `main` reports it and exits with 74.
final class StandardOutput: Output {
    private var pending: [UInt8] = []
    /// Whether standard output is gone (a closed pipe or a failed write): nothing more is sent.
    private var stopped = false
    /// The `errno` of the first failed write to standard output other than `EPIPE`.
    private(set) var failure: Int32?
    /// The columns each line written by ``err(_:)`` is wrapped to (between words when it can),
    /// or `nil` to keep lines whole (``Terminal/errorLineWidth``).
    let errorWidth: Int?

    init(errorWidth: Int? = nil) {
        self.errorWidth = errorWidth
        pending.reserveCapacity(1 << 16)
    }

    deinit {
        flush()
    }

    func out(_ text: String) {
        pending.append(contentsOf: text.utf8)
        if pending.count >= 1 << 16 { flush() }
    }

    func out(bytes: [UInt8]) {
        if bytes.count < 1 << 16 {
            pending.append(contentsOf: bytes)
            if pending.count >= 1 << 16 { flush() }
        } else {
            flush()
            send(bytes)
        }
    }

    func err(_ text: String) {
        let shown = text.shownOnLines
        guard let errorWidth else { return errControl(shown) }
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            DisplayWidth.of(line) <= errorWidth
                ? String(line) : TextWrap.lines(String(line), width: errorWidth).joined(separator: "\n")
        }
        errControl(lines.joined(separator: "\n"))
    }

    func errControl(_ sequence: String) {
        flush()
        StandardOutput.write(Array(sequence.utf8), to: 2)
    }

    func flush() {
        guard !pending.isEmpty else { return }
        send(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes `bytes` to standard output, unless it is gone; notes a failure.
    private func send(_ bytes: [UInt8]) {
        guard !stopped else { return }
        if let code = StandardOutput.write(bytes, to: 1) {
            stopped = true
            if code != EPIPE { failure = code }
        }
    }

    /// Writes all of `bytes` to `descriptor`; returns the `errno` of a failed write (nil when
    /// everything was written).
    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                #if canImport(Darwin)
                    let count = Darwin.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #elseif canImport(Musl)
                    let count = Musl.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #else
                    let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                #endif
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                if count == 0 { return EIO }  // never for a non-empty write; no endless loop
                offset += count
            }
            return nil
        }
    }
}

/// Output kept in memory, for tests.
final class CapturedOutput: Output {
    private(set) var standardOutput = ""
    private(set) var standardError = ""

    func out(_ text: String) { standardOutput += text }
    func out(bytes: [UInt8]) { standardOutput += String(decoding: bytes, as: UTF8.self) }
    func err(_ text: String) { standardError += text.shownOnLines }
    func errControl(_ sequence: String) { standardError += sequence }
    func flush() {}
}
