import TodoCore

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

/// Where a ``SyncState`` is kept: a file beside the store, or memory (tests, previews).
public protocol SyncStateStore: AnyObject, Sendable {
    /// The state for `url`: an empty one when there is none, or when it is for another URL.
    ///
    /// - Throws: ``SyncError/io(_:)`` when the file cannot be read or is damaged.
    func load(url: String) throws(SyncError) -> SyncState
    /// Replaces the state.
    ///
    /// - Throws: ``SyncError/io(_:)`` when it cannot be written (the old one stays).
    func save(_ state: SyncState) throws(SyncError)
}

/// The sync state in a file: `todos.json.sync` beside `todos.json`, replaced whole and
/// atomically (a temporary file, flushed, renamed over it), in a line format read and written in
/// one pass (version 2; version 1, JSON, is still read).
///
/// ```swift
/// let state = SyncStateFile(path: SyncStateFile.path(besideStore: storage.location))
/// ```
public final class SyncStateFile: SyncStateStore, @unchecked Sendable {
    // @unchecked Sendable: `cached` is guarded by `lock`; the rest is immutable
    /// The file's path.
    public let path: String
    private let lock = PosixMutex()
    /// The state last read or written, and the file's identity then: read again only when the
    /// file changed (another process synced), as decoding a large state costs milliseconds.
    private var cached: (identity: [Int], state: SyncState)?

    /// The state file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The file's device, inode, size and modification time, or `nil` when it is not there.
    private func identity() -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let time = info.st_mtimespec
        #else
            let time = info.st_mtim
        #endif
        return [Int(info.st_dev), Int(info.st_ino), Int(info.st_size), time.tv_sec, time.tv_nsec]
    }

    /// The state file's path for the store at `store`: `<store>.sync`.
    public static func path(besideStore store: String) -> String { store + ".sync" }

    /// Reads the state; see ``SyncStateStore/load(url:)``.
    public func load(url: String) throws(SyncError) -> SyncState {
        if let identity = identity(), let cached = lock.withLock({ cached }), cached.identity == identity {
            return cached.state.url == url ? cached.state : SyncState(url: url)
        }
        let before = identity()
        guard let data = FileManager.default.contents(atPath: path) else {
            if access(path, F_OK) != 0 && errno == ENOENT { return SyncState(url: url) }
            throw .io("cannot read the sync state \(path): \(String(cString: strerror(errno)))")
        }
        guard let state = Self.decode(Array(data)) else {
            throw .io(
                "the sync state \(path) is damaged; move it away (mv \(path) \(path).damaged) and sync again: "
                    + "the next sync compares every todo, and loses none")
        }
        if let before, identity() == before { lock.withLock { cached = (before, state) } }
        return state.url == url ? state : SyncState(url: url)
    }

    /// The state in a file's bytes: version 2 (``SyncStateFormat``), or version 1 (JSON, written
    /// before), or `nil` when they are damaged.
    private static func decode(_ bytes: [UInt8]) -> SyncState? {
        if bytes.first == UInt8(ascii: "{") {
            guard var state = try? JSONDecoder().decode(SyncState.self, from: Data(bytes)), state.version == 1 else {
                return nil
            }
            state.version = SyncState.currentVersion
            return state
        }
        return SyncStateFormat.decode(bytes)
    }

    /// Writes the state; see ``SyncStateStore/save(_:)``.
    public func save(_ state: SyncState) throws(SyncError) {
        let data = SyncStateFormat.encode(state)
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        do throws(TodoError) {
            // Private like the store's backup: the state holds every todo's text.
            try FileSystem.replace(
                path, with: data, temporary: path + ".\(getpid()).tmp", limit: 0o600, faults: .none)
        } catch {
            throw .io("cannot write the sync state: \(error.description)")
        }
        FileSystem.syncFolder(of: path)
        let saved = identity()
        lock.withLock { cached = saved.map { ($0, state) } }
    }
}

/// The sync state in memory.
public final class InMemorySyncStateStore: SyncStateStore, @unchecked Sendable {
    // @unchecked Sendable: `state` is guarded by `lock`
    private let lock = PosixMutex()
    private var state: SyncState?

    /// An empty store.
    public init() {}

    /// The state; see ``SyncStateStore/load(url:)``.
    public func load(url: String) throws(SyncError) -> SyncState {
        lock.withLock { state.flatMap { $0.url == url ? $0 : nil } ?? SyncState(url: url) }
    }

    /// Keeps the state; see ``SyncStateStore/save(_:)``.
    public func save(_ state: SyncState) throws(SyncError) {
        lock.withLock { self.state = state }
    }
}
