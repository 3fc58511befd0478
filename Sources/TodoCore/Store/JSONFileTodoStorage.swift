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

/// The todo store on disk: one JSON file, crash-safe, shared safely by many processes.
///
/// ```swift
/// let storage = JSONFileTodoStorage(path: try TodoStoreLocation.resolve(environment: env))
/// let provider = TodoServiceProvider(storage: storage)
/// ```
///
/// Beside `todos.json` live `todos.json.lock` (the advisory lock), `todos.json.bak` (a copy
/// of the last snapshot) and, for large stores, `todos.json.journal` (the changes since the
/// snapshot). Every operation holds the lock, shared to read and exclusive to write, waiting
/// at most ``Options/lockTimeout`` seconds. A store file smaller than
/// ``Options/compactionThreshold`` is rewritten whole on every change (to a temporary file,
/// flushed, renamed over the old one); a larger one gets each change appended to the journal
/// and flushed, and is rewritten when the journal reaches ``Options/journalLimit``. A crash
/// at any instant leaves the old content or the new. A file that cannot be read (damaged,
/// or from a newer format) is never written over: every operation fails with a
/// ``TodoError`` naming the problem and the way to recover, and leaves it as it was.
/// A journal is applied only to the snapshot it belongs to (see `Docs/StoreFormat.md`), each of its
/// lines checked against its checksum; a backup that cannot be written is reported through
/// ``Options/warn``, and the next change rewrites the store to write it again.
/// When `path` is a symbolic link, the store is the file it names and all these files live
/// beside that one. A rewritten file keeps the permission bits of the one it replaces, and the
/// backup and journal are never more readable than the store file.
/// `Docs/StoreFormat.md` describes the files field by field.
public final class JSONFileTodoStorage: TodoStorageType, @unchecked Sendable {
    // @unchecked Sendable: `cache` and `lastSeen` are guarded by mutex; the rest is immutable

    /// How the store behaves.
    public struct Options: Sendable {
        /// Seconds to wait for another process's lock before failing with `storeLocked`.
        public var lockTimeout: Double
        /// Store files smaller than this many bytes are rewritten whole on every change; larger
        /// ones keep a journal.
        public var compactionThreshold: Int
        /// The journal is folded into the store file once it would grow past this many bytes.
        public var journalLimit: Int
        /// Simulated file-system failures, for tests.
        public var faults: StoreFaults
        /// Called with a sentence for the user when a write succeeded with a caveat (the backup
        /// could not be written and is older than the store); a front end shows it as a warning.
        public var warn: (@Sendable (String) -> Void)?

        /// Creates options; the defaults suit a personal todo list of any size.
        public init(
            lockTimeout: Double = 10, compactionThreshold: Int = 128 * 1024, journalLimit: Int = 256 * 1024,
            faults: StoreFaults = .none, warn: (@Sendable (String) -> Void)? = nil
        ) {
            self.lockTimeout = lockTimeout
            self.compactionThreshold = compactionThreshold
            self.journalLimit = journalLimit
            self.faults = faults
            self.warn = warn
        }
    }

    /// The store file, as given: it may be a symbolic link, whose target is then the store.
    public let path: String
    /// How the store behaves.
    public let options: Options
    /// The files of the store: beside the file `path` names, its symbolic links followed
    /// (again at each operation, as a link may change). Guarded by mutex.
    private var files: StoreFiles
    private let mutex = PosixMutex()
    private var cache: Cache?  // guarded by mutex
    private var lastSeen: (snapshot: FileIdentity?, journal: FileIdentity?)?  // guarded by mutex

    /// Opens (lazily: nothing is read before the first operation) the store at `path`.
    public init(path: String, options: Options = Options()) {
        self.path = path
        self.options = options
        files = StoreFiles(path: path)
    }

    /// The store file's path.
    public var location: String { path }

    /// Runs `body` with the stored todos, under the lock; see ``TodoStorageType/read(_:)``.
    public func read<Result>(_ body: (any TodoStoreContents) throws -> Result) throws -> Result {
        try mutex.withLock {
            try withContents(exclusive: false) { contents in try body(contents) }
        }
    }

    /// Runs `body` under the lock and writes the change it returns; see ``TodoStorageType/write(_:)``.
    public func write<Result>(
        _ body: (any TodoStoreContents) throws -> (change: TodoChange?, result: Result)
    ) throws -> Result {
        try write(body, then: { _ in })
    }

    /// Runs `body` under the lock, writes the change it returns, then runs `committed` before
    /// releasing the lock; see ``TodoStorageType/write(_:then:)``.
    public func write<Result>(
        _ body: (any TodoStoreContents) throws -> (change: TodoChange?, result: Result),
        then committed: (Result) throws -> Void
    ) throws -> Result {
        try mutex.withLock {
            /// Writes the change `body` works out on `contents`.
            func writeChange(on contents: FileContents) throws -> Result {
                let (change, result) = try body(contents)
                if let change { try commit(change, to: contents) }
                try committed(result)
                return result
            }
            try followLinks()
            try checkIsAFilePath()
            let hasFolder = try FileSystem.identity(of: FileSystem.folder(of: files.snapshot)) != nil
            guard try !hasFolder || FileSystem.identity(of: files.snapshot) == nil else {
                return try withContents(exclusive: true) { try writeChange(on: $0) }
            }
            // No store file (a missing file is an empty store): work the change out on an empty
            // store first, so that an operation that fails or changes nothing (`undo`, `done 1`)
            // leaves no folder and no lock file behind.
            let (firstChange, result) = try body(FileContents(files: files, state: .empty))
            guard let firstChange else {
                try committed(result)
                return result
            }
            return try withContents(exclusive: true) { contents in
                // Another process made the store meanwhile: work it out again on what is there.
                guard contents.snapshotIdentity == nil else { return try writeChange(on: contents) }
                try commit(firstChange, to: contents)  // still no store: the change stands
                try committed(result)
                return result
            }
        }
    }

    /// Whether another process changed the store since this object last used it (a `stat`, no reading).
    public func hasOutsideChanges() -> Bool {
        let files = mutex.withLock { self.files }
        let now = (try? FileSystem.identity(of: files.snapshot), try? FileSystem.identity(of: files.journal))
        return mutex.withLock {
            guard let lastSeen else { return false }
            return now.0 != lastSeen.snapshot || now.1 != lastSeen.journal
        }
    }

    // MARK: Reading

    /// Runs `body` under the lock with the store's contents; called with `mutex` held.
    private func withContents<Result>(
        exclusive: Bool, _ body: (FileContents) throws -> Result
    ) throws -> Result {
        try followLinks()
        try checkIsAFilePath()
        if exclusive { try FileSystem.createFolder(of: files.snapshot) }
        let lock: StoreLock?
        if !exclusive, try FileSystem.identity(of: FileSystem.folder(of: files.snapshot)) == nil {
            lock = nil  // no folder, so no store: nothing to lock
        } else {
            lock = try StoreLock.acquire(files.lock, exclusive: exclusive, timeout: options.lockTimeout, store: path)
        }
        defer { lock?.release() }
        let contents = try openContents()
        defer { contents.close() }
        let result = try body(contents)
        lastSeen = (try FileSystem.identity(of: files.snapshot), try FileSystem.identity(of: files.journal))
        if let state = contents.loadedState, let snapshot = contents.snapshotIdentity {
            cache = Cache(
                state: state, snapshot: snapshot, generation: contents.snapshotGeneration, journal: lastSeen?.journal,
                journalLength: contents.journalLength, journalHeader: contents.journalHeader)
        } else {
            cache = nil
        }
        return result
    }

    /// Points `files` at the file `path` names now, its symbolic links followed, so that every
    /// file of the store (lock, journal, backup, temporaries) is beside the real one and a
    /// write replaces that file rather than the link. Called with `mutex` held.
    private func followLinks() throws {
        let target = try FileSystem.followingLinks(path)
        guard target != files.snapshot else { return }
        files = StoreFiles(path: target)
        cache = nil
        lastSeen = nil
    }

    /// Reads what is needed to start an operation: the journal (small) and, unless the
    /// journal vouches for it, the whole snapshot.
    private func openContents() throws -> FileContents {
        guard let snapshot = try FileSystem.identity(of: files.snapshot) else {
            try checkNotAFolder()
            return FileContents(files: files, state: .empty)  // a missing file is an empty store
        }
        guard snapshot.isRegularFile else {
            throw TodoError.io(
                file: files.snapshot, operation: "read",
                reason: snapshot.isDirectory ? "it is a folder, not a file" : "it is not a regular file")
        }
        let journalIdentity = try FileSystem.identity(of: files.journal)
        if let cached = try refreshedCache(snapshot: snapshot, journal: journalIdentity) {
            return cached
        }
        let journal = try readJournal(journalIdentity)
        if let journal, journal.header.snapshot == snapshot.numbers,
            try leadingGeneration(before: journal.header.todosStart) == journal.header.generation
        {
            try checkBackup(recorded: journal.header)
            return try FileContents(
                files: files, snapshot: snapshot, journal: journal, recovery: recovery(journal: journal.header),
                journalRecovery: journalRecovery)
        }
        let (contents, bytes) = try loadSnapshot(snapshot, journal: journal)
        try checkBackup(recorded: journal?.header, snapshot: bytes)
        return contents
    }

    /// The cached state brought up to date from the journal's new lines, or `nil` when the
    /// cache does not apply any more.
    private func refreshedCache(snapshot: FileIdentity, journal: FileIdentity?) throws -> FileContents? {
        guard var cache, cache.snapshot == snapshot else { return nil }
        // The state goes to this operation's contents (or away) rather than being shared with
        // the cache: a change then updates its todos in place instead of copying them all.
        // `withContents` caches the state again when the operation ends.
        self.cache = nil
        switch (cache.journal, journal) {
        case (nil, nil):
            break
        case (let old?, let new?) where cache.journalHeader == nil:
            // A stale journal (of another generation) was ignored: still ignored while it is the
            // same file as it was; anything else is read afresh.
            guard old == new else { return nil }
        case (let old?, let new?)
        where old.device == new.device && old.inode == new.inode && new.size >= cache.journalLength:
            if new.size > cache.journalLength {
                guard let bytes = try FileSystem.read(files.journal) else { return nil }
                let (changes, length) = try Journal.decodeChanges(
                    bytes, from: cache.journalLength, firstLine: 0, checked: cache.journalHeader?.version != 1,
                    file: files.journal, recovery: journalRecovery)
                try cache.state.applyJournal(changes, file: files.journal, recovery: journalRecovery)
                cache.journalLength = length
            }
            cache.journal = new
        default:
            return nil
        }
        return FileContents(
            files: files, state: cache.state, snapshot: snapshot, generation: cache.generation,
            journalHeader: cache.journalHeader, journalLength: cache.journalLength)
    }

    /// The snapshot's generation, read from its first bytes (up to `limit`, where its todos
    /// start): the journal's header vouches for the rest of the file, not for this.
    private func leadingGeneration(before limit: Int) throws -> UUID? {
        let descriptor = open(files.snapshot, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystem.ioError(files.snapshot, "read") }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: min(max(limit, 0), 64 * 1024))
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, 0) }
        guard count >= 0 else { throw FileSystem.ioError(files.snapshot, "read") }
        return Snapshot.leadingGeneration(Array(bytes.prefix(count)))
    }

    private func readJournal(_ identity: FileIdentity?) throws -> Journal.Decoded? {
        guard identity != nil, let bytes = try FileSystem.read(files.journal) else { return nil }
        return try Journal.decode(bytes, file: files.journal, recovery: journalRecovery)
    }

    /// Reads and checks the whole snapshot, and applies the journal when it belongs to it.
    private func loadSnapshot(
        _ identity: FileIdentity, journal: Journal.Decoded?
    ) throws -> (FileContents, StoreFileBytes?) {
        guard let bytes = try StoreFileBytes.load(files.snapshot) else {
            return (FileContents(files: files, state: .empty), nil)
        }
        let decoded = try Snapshot.decode(bytes, file: files.snapshot, recovery: recovery(journal: journal?.header))
        var state = decoded.state
        var header: Journal.Header?
        var length = 0
        // A stale journal (a compaction wrote the snapshot, then stopped before replacing the
        // journal: what it holds is in the snapshot already) is ignored; see JournalGeneration.
        if let journal,
            try JournalGeneration.check(
                journal: journal.header.generation, snapshot: decoded.generation, replaces: decoded.replaces,
                file: files.journal, store: files.snapshot, recovery: journalRecovery) == .applies
        {
            try state.applyJournal(journal.changes, file: files.journal, recovery: journalRecovery)
            header = journal.header
            length = journal.validLength
        }
        let contents = FileContents(
            files: files, state: state, snapshot: identity, generation: decoded.generation, journalHeader: header,
            journalLength: length)
        return (contents, bytes)
    }

    /// Refuses a damaged backup, so that the next compaction does not write over it; checked
    /// when the journal does not vouch for it (small stores: every time).
    private func checkBackup(recorded header: Journal.Header?, snapshot: StoreFileBytes? = nil) throws {
        guard let identity = try FileSystem.identity(of: files.backup) else { return }
        if let header, header.backup == identity.numbers { return }
        guard identity.isRegularFile, let bytes = try StoreFileBytes.load(files.backup) else {
            throw TodoError.storeDamaged(
                file: files.backup, problem: "it is not a regular file", recovery: backupRecovery)
        }
        if let snapshot, bytes.equals(snapshot) { return }  // a copy of the snapshot, just read whole
        do {
            _ = try Snapshot.decode(bytes, file: files.backup, recovery: backupRecovery)
        } catch .storeTooNew {
            return  // a newer todo's backup: not damaged, and rewritten by the next compaction
        }
    }

    /// Refuses, before any file is made beside it, a store path that cannot name a store file:
    /// one ending in `/`, or naming something that is not a regular file (a folder, `/dev/null`).
    private func checkIsAFilePath() throws {
        if files.snapshot.hasSuffix("/") {
            throw TodoError.io(
                file: files.snapshot, operation: "use",
                reason:
                    "the path ends with '/', so it names a folder; give the store file's path, such as \(files.snapshot)todos.json"
            )
        }
        guard let identity = try FileSystem.identity(of: files.snapshot), !identity.isRegularFile else { return }
        throw TodoError.io(
            file: files.snapshot, operation: "read",
            reason: identity.isDirectory ? "it is a folder, not a file" : "it is not a regular file")
    }

    private func checkNotAFolder() throws {
        // A missing store file is an empty store, but a path whose folder is a file is an error.
        let folder = FileSystem.folder(of: files.snapshot)
        if let identity = try FileSystem.identity(of: folder), !identity.isDirectory {
            throw TodoError.io(file: files.snapshot, operation: "read", reason: "\(folder) is a file, not a folder")
        }
    }

    // MARK: Writing

    /// Writes `change`: appended to the journal when the store is large and its journal has
    /// room, else by rewriting the snapshot.
    private func commit(_ change: TodoChange, to contents: FileContents) throws {
        try change.checkLimits()
        let record = Journal.encode(change)
        if let header = contents.journalHeader, let snapshot = contents.snapshotIdentity,
            header.snapshot == snapshot.numbers, snapshot.size >= options.compactionThreshold,
            contents.journalLength + record.count <= options.journalLimit, header.version == Journal.version,
            try backupIsCurrent(header)
        {
            if let state = contents.loadedState, let (first, second) = state.uuidConflict(after: change) {
                throw Self.repeatedUUID(first, second, file: files.snapshot, change: change)
            }
            try append(record, at: contents.journalLength)
            contents.applyToLoadedState(change)
            contents.journalLength += record.count
            return
        }
        var state = try contents.fullState()
        state.apply(change)
        try checkUnique(state, after: change)
        let generation = UUID()
        let (snapshot, header, journalLength) = try compact(
            state, generation: generation, replacing: contents.snapshotGeneration,
            staleJournal: contents.journalHeader == nil)
        contents.replace(
            state: state, snapshot: snapshot, generation: generation, journalHeader: header,
            journalLength: journalLength)
    }

    /// Whether the backup is the copy of the snapshot that the compaction which wrote `header`
    /// made. When it is not (it could not be written, or was moved away), the next change
    /// rewrites the store instead of appending, so that the backup is written again and a
    /// journal never holds changes that its snapshot's backup lacks the generation for.
    private func backupIsCurrent(_ header: Journal.Header) throws -> Bool {
        guard !header.backup.isEmpty, let backup = try FileSystem.identity(of: files.backup) else { return false }
        return backup.numbers == header.backup
    }

    /// Refuses to write a state in which two todos have one uuid (this version refuses to read
    /// such a store): the change is not written.
    private func checkUnique(_ state: StoreState, after change: TodoChange) throws {
        guard let (first, second) = Snapshot.firstRepeatedUUID(in: state.todos) else { return }
        throw Self.repeatedUUID(state.todos[first], state.todos[second], file: files.snapshot, change: change)
    }

    private static func repeatedUUID(_ first: Todo, _ second: Todo, file: String, change: TodoChange) -> TodoError {
        .storeDamaged(
            file: file,
            problem: "todos \(first.id) and \(second.id) would have the same uuid "
                + "\(first.uuid.uuidString.lowercased()) after this change (\(change.kind.rawValue)), "
                + "which no store may hold",
            recovery: .advice("Nothing was written: the store is as it was"))
    }

    /// Appends one line to the journal, cutting off a line left unfinished by a crash first.
    private func append(_ record: [UInt8], at offset: Int) throws {
        let descriptor = open(files.journal, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystem.ioError(files.journal, "write") }
        defer { close(descriptor) }
        do throws(TodoError) {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw FileSystem.ioError(files.journal, "write") }
            if Int(info.st_size) != offset {
                guard ftruncate(descriptor, off_t(offset)) == 0 else {
                    throw FileSystem.ioError(files.journal, "write")
                }
            }
            guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
                throw FileSystem.ioError(files.journal, "write")
            }
            try FileSystem.writeAll(descriptor, record, path: files.journal, faults: options.faults)
            try options.faults.check(.sync, path: files.journal)
            guard fsync(descriptor) == 0 else { throw FileSystem.ioError(files.journal, "write") }
        } catch {
            _ = ftruncate(descriptor, off_t(offset))  // no half-written line stays behind
            throw error
        }
    }

    /// Writes `state` as a new snapshot of `generation` (replacing the snapshot of `previous`),
    /// then the backup, then its journal header (or removes the journal for a small store).
    /// `staleJournal`: the journal beside the store, if any, was found stale; it is removed
    /// first, as once the new snapshot is written it would belong to neither it nor the one it
    /// replaced, which is damage.
    private func compact(
        _ state: StoreState, generation: UUID, replacing previous: UUID?, staleJournal: Bool
    ) throws -> (FileIdentity?, Journal.Header?, Int) {
        if staleJournal, try FileSystem.identity(of: files.journal) != nil {
            guard unlink(files.journal) == 0 else { throw FileSystem.ioError(files.journal, "remove") }
            FileSystem.syncFolder(of: files.snapshot)
        }
        let encoded = Snapshot.encode(state, generation: generation, replaces: previous)
        try FileSystem.replace(
            files.snapshot, with: encoded.bytes, temporary: files.snapshotTemporary, faults: options.faults)
        // From here the new snapshot is the store: an old journal is stale (another generation).
        // The backup and the journal are no more readable than the store (a private list stays private).
        let storeMode = try FileSystem.permissions(of: files.snapshot)
        var backup: FileIdentity?
        do {
            try FileSystem.replace(
                files.backup, with: encoded.bytes, temporary: files.backupTemporary, limit: storeMode,
                faults: options.faults)
            backup = try FileSystem.identity(of: files.backup)
        } catch {
            // The old backup stays (the new one's temporary file is gone): an older good copy is
            // still a way back, where none would leave the recovery advice with nothing. The
            // journal's header records no backup, so the next change rewrites the store (and
            // tries the backup again) rather than appending.
            let reason = "\(error)"
            let kept = (try? FileSystem.identity(of: files.backup)) != nil
            options.warn?(
                "the backup \(files.backup) could not be written (\(reason)); "
                    + (kept
                        ? "it holds an older version of the store than \(files.snapshot), and is written again with the next change"
                        : "there is no backup until the next change writes one"))
        }
        let snapshot = try FileSystem.identity(of: files.snapshot)
        var written: (Journal.Header?, Int) = (nil, 0)
        if encoded.bytes.count >= options.compactionThreshold, let snapshot {
            let header = Journal.Header(
                generation: encoded.generation, snapshot: snapshot.numbers, backup: backup?.numbers ?? [],
                nextID: state.nextID, nextPosition: state.nextPosition, todosStart: encoded.todosStart,
                todosEnd: encoded.todosEnd)
            let bytes = Journal.encode(header)
            do {
                try FileSystem.replace(
                    files.journal, with: bytes, temporary: files.journalTemporary, limit: storeMode,
                    faults: options.faults)
                written = (header, bytes.count)
            } catch {
                unlink(files.journal)  // the next operation reads the whole snapshot instead
            }
        } else {
            unlink(files.journal)  // if it stays, it is stale: another generation, ignored
        }
        FileSystem.syncFolder(of: files.snapshot)
        return (snapshot, written.0, written.1)
    }

    // MARK: Recovery advice

    private var recovery: StoreRecovery {
        if (try? FileSystem.identity(of: files.backup)) != nil {
            return .restoreBackup(backup: files.backup, store: files.snapshot)
        }
        return .fixOrMoveAside(file: files.snapshot)
    }

    /// The way back for a damaged store file beside a journal with `header`: copying the
    /// backup back, unless the backup is not the one the journal's rewrite wrote (it could not be
    /// written) — then it is older, and the advice says what that loses, and that the journal
    /// must go too.
    private func recovery(journal header: Journal.Header?) -> StoreRecovery {
        guard let header, let backup = try? FileSystem.identity(of: files.backup), backup.numbers != header.backup
        else { return recovery }
        return .advice(
            "The backup \(files.backup) is older than the journal (it could not be written when the store was last "
                + "rewritten): going back to it loses the changes made since, those in the journal too. To do so, run: "
                + "cp '\(files.backup)' '\(files.snapshot)' && mv '\(files.journal)' '\(files.journal).damaged'")
    }

    private var journalRecovery: StoreRecovery {
        .moveJournalAside(journal: files.journal, store: files.snapshot)
    }

    private var backupRecovery: StoreRecovery {
        .moveBackupAside(backup: files.backup)
    }
}

/// The files of a store.
struct StoreFiles: Sendable {
    let snapshot: String
    let journal: String
    let backup: String
    let lock: String
    let snapshotTemporary: String
    let journalTemporary: String
    let backupTemporary: String

    init(path: String) {
        snapshot = path
        journal = path + ".journal"
        backup = path + ".bak"
        lock = path + ".lock"
        snapshotTemporary = path + ".tmp"
        journalTemporary = path + ".journal.tmp"
        backupTemporary = path + ".bak.tmp"
    }
}

/// What a long-lived storage keeps between operations.
private struct Cache {
    var state: StoreState
    var snapshot: FileIdentity
    var generation: UUID?
    var journal: FileIdentity?
    var journalLength: Int
    var journalHeader: Journal.Header?
}
