#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing a script a test then runs.
///
/// A file open for writing cannot be run ("text file busy"), and a descriptor opened without
/// close-on-exec is inherited by every process another test thread starts meanwhile, which may
/// keep it open for as long as it runs (Foundation's file writing does not ask for close-on-exec).
/// These scripts are written through a close-on-exec descriptor to a temporary name, then renamed.
public enum ExecutableFile {
    /// Writes `text` to `path` with the mode `mode` (executable by default).
    ///
    /// - Throws: ``ChildProcessError`` when the file cannot be written.
    public static func write(_ text: String, to path: String, mode: mode_t = 0o755) throws {
        let temporary = path + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw ChildProcessError(message: "cannot write \(path): errno \(errno)") }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { writeBytes(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                close(descriptor)
                unlink(temporary)
                throw ChildProcessError(message: "cannot write \(path): errno \(errno)")
            }
            written += count
        }
        close(descriptor)
        _ = chmod(temporary, mode)  // open applied the umask to `mode`
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw ChildProcessError(message: "cannot write \(path): errno \(errno)")
        }
    }
}

/// `write(2)` (a name ``ExecutableFile/write(_:to:mode:)`` hides).
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
