#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A vdir folder as the other side of a sync: one `.ics` file per todo, as vdirsyncer, khal and
/// todoman keep them (and Syncthing or Nextcloud desktop carry further).
///
/// An href is a file name; an etag is the file's modification time, size and inode, so that any
/// rewrite changes it. A file is written to a hidden temporary file beside it, flushed, then
/// linked (new) or renamed (replaced) into place: a reader never sees half a file; ``flush()``
/// makes the folder's entries durable before the engine records them. Files whose
/// names start with `.` or do not end in `.ics` are not todos and are left alone.
///
/// ```swift
/// let folder = try VdirTransport(url: "file:///home/me/.calendars/tasks")
/// let listing = try folder.list(since: nil)
/// ```
public final class VdirTransport: SyncTransport, @unchecked Sendable {
    // @unchecked Sendable: immutable
    /// The folder's path.
    public let folder: String

    /// The folder's path, for messages.
    public var name: String { folder }

    /// The vdir at `folder`, an absolute path.
    public init(folder: String) {
        self.folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }

    /// The vdir a `file:///absolute/folder` URL names (percent escapes decoded).
    ///
    /// - Throws: ``SyncError/settings(key:problem:fix:)`` for another URL.
    public convenience init(url: String) throws(SyncError) {
        let fix = "set sync.url to file:///absolute/path/to/folder"
        var rest = Substring(url)
        for prefix in ["file://localhost/", "file:///"] where rest.lowercased().hasPrefix(prefix) {
            rest = rest.dropFirst(prefix.count - 1)
            guard let path = Self.percentDecoded(rest), path.hasPrefix("/"), !path.contains("\0") else { break }
            self.init(folder: path)
            return
        }
        throw .settings(key: "sync.url", problem: "'\(url)' is not a folder of this machine", fix: fix)
    }

    // MARK: SyncTransport

    /// What the other side holds, or what changed since `token`; see ``SyncTransport/list(since:)``.
    public func list(since token: String?) throws(SyncError) -> RemoteListing {
        try checkFolder()
        guard let directory = opendir(folder) else { throw unreadable(folder, errno) }
        defer { closedir(directory) }
        var resources: [String: String?] = [:]
        while let entry = readdir(directory) {
            // The name in place, up to its NUL: an entry is only as long as its name, so copying
            // the whole `d_name` array would read past the last entry of readdir's buffer.
            let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
            let name = String(
                cString: UnsafeRawPointer(entry).advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            guard Self.isTodoFile(name) else { continue }
            // Only files (not a folder named x.ics); a file gone meanwhile is simply not listed.
            guard let etag = etag(of: name) else { continue }
            resources[name] = etag
        }
        return RemoteListing(resources: resources, isComplete: true)
    }

    /// The resources at `hrefs`; see ``SyncTransport/fetch(_:)``.
    public func fetch(_ hrefs: [String]) throws(SyncError) -> [RemoteResource] {
        try checkFolder()
        var resources: [RemoteResource] = []
        for href in hrefs {
            try checkName(href)
            let path = folder + "/" + href
            // The etag before and after the read: a file rewritten meanwhile is read again.
            for _ in 0..<5 {
                guard let before = etag(of: href) else { break }
                guard let bytes = FileManager.default.contents(atPath: path) else {
                    if access(path, F_OK) != 0 { break }
                    throw .io("cannot read \(path): \(String(cString: strerror(errno)))")
                }
                if etag(of: href) == before {
                    resources.append(RemoteResource(href: href, etag: before, bytes: Array(bytes)))
                    break
                }
            }
        }
        return resources
    }

    /// Creates the resource `name` unless one is there; see ``SyncTransport/create(name:bytes:)``.
    public func create(name: String, bytes: [UInt8]) throws(SyncError) -> (href: String, etag: String?) {
        try checkFolder()
        try checkName(name)
        let temporary = try writeTemporary(bytes, for: name)
        defer { unlink(temporary) }
        guard link(temporary, folder + "/" + name) == 0 else {
            if errno == EEXIST { throw .changedMeanwhile(name) }
            throw .io("cannot write \(folder)/\(name): \(String(cString: strerror(errno)))")
        }
        return (name, etag(of: name))
    }

    /// Replaces the resource at `href` if it is still `etag`; see ``SyncTransport/update(href:bytes:etag:)``.
    public func update(href: String, bytes: [UInt8], etag expected: String?) throws(SyncError) -> String? {
        try checkFolder()
        try checkName(href)
        guard let current = etag(of: href), expected == nil || current == expected else {
            throw .changedMeanwhile(href)
        }
        let temporary = try writeTemporary(bytes, for: href)
        guard rename(temporary, folder + "/" + href) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .io("cannot write \(folder)/\(href): \(reason)")
        }
        return etag(of: href)
    }

    /// Deletes the resource at `href` if it is still `etag`; see ``SyncTransport/delete(href:etag:)``.
    public func delete(href: String, etag expected: String?) throws(SyncError) {
        try checkFolder()
        try checkName(href)
        guard let current = etag(of: href) else { return }  // gone already
        guard expected == nil || current == expected else { throw .changedMeanwhile(href) }
        guard unlink(folder + "/" + href) == 0 || errno == ENOENT else {
            throw .io("cannot delete \(folder)/\(href): \(String(cString: strerror(errno)))")
        }
    }

    /// Flushes the folder's entries to disk, so that the files written, renamed and deleted so far
    /// survive a crash (each file's content is flushed as it is written).
    public func flush() throws(SyncError) {
        let descriptor = open(folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(folder, errno) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 || errno == EINVAL else {
            throw .io("cannot flush the folder \(folder): \(String(cString: strerror(errno)))")
        }
    }

    /// `text` with its `%XX` escapes decoded; `nil` for a bad escape or bytes that are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(hexDigit), let low = utf8.next().flatMap(hexDigit) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    // MARK: Files

    /// Whether a file name is a todo's: it ends in `.ics` and is not hidden.
    static func isTodoFile(_ name: String) -> Bool {
        name.hasSuffix(".ics") && !name.hasPrefix(".") && name.count > 4
    }

    /// The etag of the file `name`: its modification time, size and inode; `nil` when it is not
    /// a regular file.
    private func etag(of name: String) -> String? {
        var info = stat()
        guard stat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return "\(time.tv_sec).\(time.tv_nsec)-\(info.st_size)-\(info.st_ino)"
    }

    private func checkFolder() throws(SyncError) {
        var info = stat()
        guard stat(folder, &info) == 0 else {
            if errno == ENOENT {
                throw .unreachable(
                    "the folder \(folder) does not exist; create it (mkdir -p \(folder)) or fix sync.url")
            }
            throw unreadable(folder, errno)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw .unreachable("\(folder) is not a folder; set sync.url to file:///path/to/a/folder")
        }
    }

    /// An href of this folder is a plain file name.
    private func checkName(_ name: String) throws(SyncError) {
        guard !name.isEmpty, !name.contains("/"), name != ".", name != "..", !name.contains("\0") else {
            throw .invalidResponse(resource: name, reason: "not a file name of the folder")
        }
    }

    /// Writes `bytes` to a new hidden file beside `name`, flushed; its path.
    private func writeTemporary(_ bytes: [UInt8], for name: String) throws(SyncError) -> String {
        let path = folder + "/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io("cannot write in \(folder): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                unlink(path)
                throw .io("cannot write in \(folder): \(reason)")
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(path)
            throw .io("cannot write in \(folder): \(reason)")
        }
        return path
    }

    private func unreadable(_ path: String, _ code: Int32) -> SyncError {
        .unreachable("cannot read the folder \(path): \(String(cString: strerror(code)))")
    }
}
