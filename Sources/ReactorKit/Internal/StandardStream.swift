#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output or standard error, written unbuffered with POSIX `write`.
///
/// Does what `FileHandle.standardOutput.write(_:)` and `FileHandle.standardError.write(_:)`
/// did, without linking full Foundation (which on Linux slows every process's start).
struct StandardStream: Sendable {
    /// Standard output (file descriptor 1).
    static let output = StandardStream(fileDescriptor: 1)
    /// Standard error (file descriptor 2).
    static let error = StandardStream(fileDescriptor: 2)

    private let fileDescriptor: Int32

    private init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Writes `text` as UTF-8, all of it unless the descriptor fails (then the rest is dropped).
    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = posixWrite(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    return
                }
            }
        }
    }
}

/// POSIX `write`, named apart from ``StandardStream/write(_:)``.
private func posixWrite(_ fileDescriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fileDescriptor, buffer, count)
}
