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
protocol Output: AnyObject {
    /// Appends `text` to standard output.
    func out(_ text: String)
    /// Appends UTF-8 `bytes` to standard output (large outputs: no conversion).
    func out(bytes: [UInt8])
    /// Appends `text` to standard error (written at once).
    func err(_ text: String)
    /// Writes what is pending on standard output.
    func flush()
}

/// The process's standard output and error, written with `write(2)`.
final class StandardOutput: Output {
    private var pending: [UInt8] = []

    init() {
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
            StandardOutput.write(bytes, to: 1)
        }
    }

    func err(_ text: String) {
        flush()
        StandardOutput.write(Array(text.utf8), to: 2)
    }

    func flush() {
        guard !pending.isEmpty else { return }
        StandardOutput.write(pending, to: 1)
        pending.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` to `descriptor`; gives up quietly on a closed pipe.
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
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
                    return
                }
                offset += count
            }
        }
    }
}

/// Output kept in memory, for tests.
final class CapturedOutput: Output {
    private(set) var standardOutput = ""
    private(set) var standardError = ""

    func out(_ text: String) { standardOutput += text }
    func out(bytes: [UInt8]) { standardOutput += String(decoding: bytes, as: UTF8.self) }
    func err(_ text: String) { standardError += text }
    func flush() {}
}
