import TodoCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a file to import and writing an export, with errors as ``TodoError/io(file:operation:reason:)``.
enum FileIO {
    /// The whole content of `path`.
    static func read(_ path: String) throws(TodoError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw error(path, "read") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw error(path, "read") }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw .io(file: path, operation: "read", reason: "it is a folder, not a file")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw error(path, "read")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Writes `bytes` to `path` whole: to a temporary file beside it, flushed, then renamed.
    static func write(_ bytes: [UInt8], to path: String) throws(TodoError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw error(path, "write") }
        var failed = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = writeBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += count
            }
            return false
        }
        if !failed { failed = fsync(descriptor) != 0 }
        let writeError = error(path, "write")
        close(descriptor)
        if failed || rename(temporary, path) != 0 {
            let renameError = failed ? writeError : error(path, "write")
            unlink(temporary)
            throw renameError
        }
    }

    private static func error(_ path: String, _ operation: String) -> TodoError {
        .io(file: path, operation: operation, reason: reason(errno))
    }

    /// What the `errno` value `code` means, in the words of the other I/O errors.
    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or folder"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case EISDIR: return "it is a folder, not a file"
        case EACCES, EPERM: return "permission denied"
        case EROFS: return "the file system is read-only"
        case ENOSPC: return "no space left on the device"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}

@inline(__always)
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

@inline(__always)
private func writeBytes(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
