#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What identifies one version of a file: if all of it is unchanged, so is the content (the
/// change time cannot be set by users; every write and rename moves it).
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int
    var modified: Int64  // nanoseconds since 1970, wrapping (see init)
    var changed: Int64  // nanoseconds since 1970, wrapping (see init)
    var isRegularFile: Bool
    var isDirectory: Bool

    /// The five numbers written in a journal header.
    var numbers: [Int] {
        [Int(truncatingIfNeeded: device), Int(truncatingIfNeeded: inode), size, Int(modified), Int(changed)]
    }

    /// Whether `numbers` (from a journal header) describe this version.
    func matches(_ numbers: [Int]) -> Bool {
        numbers == self.numbers
    }
}

/// Thin, throwing wrappers over the POSIX calls the store makes; every failure becomes a
/// ``TodoError/io(file:operation:reason:)`` naming the file.
package enum FileSystem {
    /// The identity of the file at `path`, or `nil` when nothing is there.
    static func identity(of path: String) throws(TodoError) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw ioError(path, "read")
        }
        return FileIdentity(info)
    }

    /// The identity of an open file.
    static func identity(of descriptor: Int32, path: String) throws(TodoError) -> FileIdentity {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ioError(path, "read") }
        return FileIdentity(info)
    }

    /// The whole content of the file at `path`, or `nil` when there is no such file.
    static func read(_ path: String) throws(TodoError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw ioError(path, "read")
        }
        defer { close(descriptor) }
        return try readAll(descriptor, path: path)
    }

    /// Reads an open file from `offset` to its end.
    static func readAll(_ descriptor: Int32, path: String, from offset: Int = 0) throws(TodoError) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw ioError(path, "read") }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw TodoError.io(file: path, operation: "read", reason: "it is a folder, not a file")
        }
        var capacity = max(Int(info.st_size) - offset, 0) + 1
        var result: [UInt8] = []
        var position = offset
        while true {
            var chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < capacity {
                    let got = pread(descriptor, buffer.baseAddress! + count, capacity - count, off_t(position + count))
                    if got < 0 {
                        if errno == EINTR { continue }
                        count = -1 - count  // flag the error, keep the count
                        return
                    }
                    if got == 0 { break }
                    count += got
                }
            }
            if chunk.count < 0 { throw ioError(path, "read") }
            let filled = chunk.count
            position += filled
            if result.isEmpty {
                result = chunk
            } else {
                result.append(contentsOf: chunk)
            }
            chunk = []
            if filled < capacity { return result }
            capacity = max(capacity, 65_536)  // the file grew while being read
        }
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder: written, flushed
    /// to disk, then renamed over `path`. The folder itself is not flushed (see ``syncFolder(of:)``).
    ///
    /// The new file gets the permission bits of the file it replaces; when there is none, those
    /// of `limit` (else the default, `0o644` less the umask). With a `limit`, the new file is
    /// never more permissive than it: a backup or journal is no more readable than its store.
    package static func replace(
        _ path: String, with bytes: [UInt8], temporary: String, limit: mode_t? = nil, faults: StoreFaults
    ) throws(TodoError) {
        var mode = try permissions(of: path) ?? limit
        if let known = mode, let limit { mode = known & limit }
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode == nil ? 0o644 : 0o600)
        guard descriptor >= 0 else { throw ioError(path, "write") }
        var closed = false
        defer { if !closed { close(descriptor) } }
        do throws(TodoError) {
            // Before any byte is written, so that the content is never more readable than the old file's.
            if let mode { guard fchmod(descriptor, mode) == 0 else { throw ioError(path, "write") } }
            try writeAll(descriptor, bytes, path: path, faults: faults)
            try faults.check(.sync, path: path)
            guard fsync(descriptor) == 0 else { throw ioError(path, "write") }
        } catch {
            close(descriptor)
            closed = true
            unlink(temporary)
            throw error
        }
        closed = true
        guard close(descriptor) == 0 else {
            unlink(temporary)
            throw ioError(path, "write")
        }
        do throws(TodoError) {
            try faults.check(.rename, path: path)
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, path) == 0 else {
            let error = ioError(path, "write")
            unlink(temporary)
            throw error
        }
    }

    /// The permission bits (`0o7777`) of the file at `path`, or `nil` when nothing is there.
    static func permissions(of path: String) throws(TodoError) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw ioError(path, "read")
        }
        return info.st_mode & 0o7777
    }

    /// The most symbolic links followed from one path, as the kernel does (`ELOOP`).
    static let symbolicLinkLimit = 40

    /// `path` with its symbolic links followed to the file they name, when its last part is one
    /// (or a chain of them): the file a write must replace, and whose folder holds the files
    /// beside it. A link's relative target is relative to the link's folder. A dangling link
    /// gives the missing file it names; a path that is not a link is returned as it is.
    ///
    /// - Throws: ``TodoError/io(file:operation:reason:)`` for a loop (more than
    ///   ``symbolicLinkLimit`` links).
    static func followingLinks(_ path: String) throws(TodoError) -> String {
        var current = path
        for _ in 0...symbolicLinkLimit {
            var info = stat()
            // Anything but a link (or an error, reported by whatever uses the path) ends the chain.
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else {
                if errno == EINVAL || errno == ENOENT { return current }  // replaced meanwhile
                throw ioError(current, "read the link")
            }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard !target.isEmpty else { return current }
            if target.hasPrefix("/") {
                current = target
            } else {
                let directory = folder(of: current)
                current = directory == "." ? target : directory == "/" ? "/" + target : directory + "/" + target
            }
        }
        throw TodoError.io(
            file: path, operation: "read",
            reason: "it is a loop of symbolic links (more than \(symbolicLinkLimit) followed)")
    }

    /// Writes all of `bytes` at the descriptor's position.
    static func writeAll(
        _ descriptor: Int32, _ bytes: [UInt8], path: String, faults: StoreFaults
    ) throws(TodoError) {
        try faults.check(.write, path: path)
        let failed: Bool = bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                written += count
            }
            return false
        }
        if failed { throw ioError(path, "write") }
    }

    /// Flushes the folder holding `path`, so that renames in it survive a power cut.
    package static func syncFolder(of path: String) {
        let descriptor = open(folder(of: path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Creates the folder holding `path`, and its parents, when missing.
    static func createFolder(of path: String) throws(TodoError) {
        let directory = folder(of: path)
        guard !directory.isEmpty, directory != "/" else { return }
        if let existing = try identity(of: directory) {
            guard existing.isDirectory else {
                throw TodoError.io(file: path, operation: "create", reason: "\(directory) is not a folder")
            }
            return
        }
        try createFolder(of: directory)
        guard mkdir(directory, 0o755) == 0 || errno == EEXIST else { throw ioError(directory, "create the folder") }
    }

    /// The folder part of `path` (`.` for a bare file name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// A ``TodoError/io(file:operation:reason:)`` from `errno`.
    static func ioError(_ path: String, _ operation: String) -> TodoError {
        let code = errno
        let reason: String
        switch code {
        case ENOTDIR: reason = "a part of the path is a file, not a folder"
        case EISDIR: reason = "it is a folder, not a file"
        case EACCES, EPERM: reason = "permission denied"
        case EROFS: reason = "the file system is read-only"
        case ENOSPC: reason = "no space left on the device"
        case EDQUOT: reason = "the disk quota is exhausted"
        default: reason = String(cString: strerror(code)).lowercased()
        }
        return .io(file: path, operation: operation, reason: reason)
    }
}

extension FileIdentity {
    init(_ info: stat) {
        // Nanoseconds since 1970 wrap past 2262-04-11 (and before 1677): the numbers only
        // identify a version of the file, so wrapping keeps them distinct without trapping.
        #if canImport(Darwin)
            let modified = FileIdentity.nanoseconds(info.st_mtimespec)
            let changed = FileIdentity.nanoseconds(info.st_ctimespec)
        #else
            let modified = FileIdentity.nanoseconds(info.st_mtim)
            let changed = FileIdentity.nanoseconds(info.st_ctim)
        #endif
        self.init(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            size: Int(info.st_size), modified: modified, changed: changed,
            isRegularFile: (info.st_mode & S_IFMT) == S_IFREG, isDirectory: (info.st_mode & S_IFMT) == S_IFDIR)
    }

    /// A file time as nanoseconds since 1970, wrapping rather than trapping out of range.
    static func nanoseconds(_ time: timespec) -> Int64 {
        Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
    }
}

/// The content of a store file, read into memory or — for a large one — mapped from the page
/// cache (no copy, and no zeroed pages to fault in). The store's lock keeps other writers
/// from changing the file meanwhile; they replace it by renaming, never in place.
final class StoreFileBytes {
    /// The bytes; valid while this object lives.
    let buffer: UnsafeRawBufferPointer
    private let mapped: Bool

    /// Whether the bytes are a mapping of the file (rather than a copy in memory).
    var isMapped: Bool { mapped }

    /// Files at least this large are mapped rather than read.
    static let mappingThreshold = 1 << 20

    /// The content of `path`, or `nil` when there is no such file.
    static func load(_ path: String) throws(TodoError) -> StoreFileBytes? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileSystem.ioError(path, "read")
        }
        defer { close(descriptor) }
        let identity = try FileSystem.identity(of: descriptor, path: path)
        if identity.isDirectory {
            throw TodoError.io(file: path, operation: "read", reason: "it is a folder, not a file")
        }
        if identity.size >= mappingThreshold {
            #if os(Linux)
                let flags = MAP_PRIVATE | MAP_POPULATE
            #else
                let flags = MAP_PRIVATE
            #endif
            if let address = mmap(nil, identity.size, PROT_READ, flags, descriptor, 0), address != MAP_FAILED {
                return StoreFileBytes(
                    buffer: UnsafeRawBufferPointer(start: address, count: identity.size), mapped: true)
            }
        }
        let bytes = try FileSystem.readAll(descriptor, path: path)
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        bytes.withUnsafeBytes { source in
            if !source.isEmpty { copy.baseAddress!.copyMemory(from: source.baseAddress!, byteCount: source.count) }
        }
        return StoreFileBytes(
            buffer: UnsafeRawBufferPointer(start: copy.baseAddress, count: bytes.count), mapped: false)
    }

    private init(buffer: UnsafeRawBufferPointer, mapped: Bool) {
        self.buffer = buffer
        self.mapped = mapped
    }

    deinit {
        guard let base = buffer.baseAddress else { return }
        if mapped {
            munmap(UnsafeMutableRawPointer(mutating: base), buffer.count)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }

    /// Whether the content equals `other` byte for byte.
    func equals(_ other: StoreFileBytes) -> Bool {
        buffer.count == other.buffer.count
            && (buffer.isEmpty || memcmp(buffer.baseAddress!, other.buffer.baseAddress!, buffer.count) == 0)
    }
}
