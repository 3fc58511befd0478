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

/// The contents of the file store during one operation.
///
/// Either fully loaded, or — when the journal vouches for the snapshot (the file is exactly
/// as this code wrote it) — lazy: a todo asked for by id is found by a binary search over the
/// snapshot's lines (one todo per line, sorted by id) and the journal's changes laid over it,
/// so that changing one todo in a large store reads a few kilobytes, not the whole file.
/// Anything that needs every todo loads the whole snapshot once.
final class FileContents: TodoStoreContents {
    private let files: StoreFiles
    private var state: StoreState?
    private(set) var snapshotIdentity: FileIdentity?
    /// The generation of the snapshot file as it is now (`nil`: none, or no file).
    private(set) var snapshotGeneration: UUID?
    private(set) var journalHeader: Journal.Header?
    var journalLength: Int

    // Lazy mode only.
    private var descriptor: Int32 = -1
    private var journalChanges: [TodoChange] = []
    private var overlay: [Int: Todo?] = [:]  // the journal's latest version of each todo it touched
    private var counters: (nextID: Int, nextPosition: Int) = (1, 0)
    private var recovery = StoreRecovery.advice("")
    private var journalRecovery = StoreRecovery.advice("")

    /// A store fully in memory (missing file: `.empty`).
    init(
        files: StoreFiles, state: StoreState, snapshot: FileIdentity? = nil, generation: UUID? = nil,
        journalHeader: Journal.Header? = nil, journalLength: Int = 0
    ) {
        self.files = files
        self.state = state
        self.snapshotIdentity = snapshot
        self.snapshotGeneration = generation
        self.journalHeader = journalHeader
        self.journalLength = journalLength
    }

    /// A store read lazily: the snapshot at `snapshot`, which `journal` vouches for (its
    /// generation checked to be the snapshot's).
    ///
    /// - Throws: ``TodoError/storeDamaged(file:problem:recovery:)`` naming the journal when two
    ///   todos it leaves in place have one uuid.
    init(
        files: StoreFiles, snapshot: FileIdentity, journal: Journal.Decoded, recovery: StoreRecovery,
        journalRecovery: StoreRecovery
    ) throws {
        self.files = files
        self.snapshotIdentity = snapshot
        self.snapshotGeneration = journal.header.generation
        self.journalHeader = journal.header
        self.journalLength = journal.validLength
        self.recovery = recovery
        self.journalRecovery = journalRecovery
        journalChanges = journal.changes
        var nextID = journal.header.nextID
        var nextPosition = journal.header.nextPosition
        for change in journal.changes {
            for id in change.deleted { overlay[id] = .some(nil) }
            for todo in change.put { overlay[todo.id] = todo }
            StoreState.advance(&nextID, &nextPosition, for: change)
        }
        // Two todos the journal leaves with one uuid (the snapshot's own are checked when it is
        // read whole, and the journal's records are checked against their checksums).
        let live = overlay.values.compactMap { $0 }.sorted { $0.id < $1.id }
        if let (first, second) = Snapshot.firstRepeatedUUID(in: live) {
            throw StoreState.repeatedUUID(live[first], live[second], file: files.journal, recovery: journalRecovery)
        }
        counters = (nextID, nextPosition)
        descriptor = open(files.snapshot, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystem.ioError(files.snapshot, "read") }
    }

    func close() {
        if descriptor >= 0 {
            _ = closeDescriptor(descriptor)
            descriptor = -1
        }
    }

    /// The whole state, when it has been loaded.
    var loadedState: StoreState? { state }

    // MARK: TodoStoreContents

    func todo(id: Int) throws -> Todo? {
        if let state { return state.todo(id: id) }
        if let overlaid = overlay[id] { return overlaid }
        guard let header = journalHeader, id < header.nextID else { return nil }
        return try findInSnapshot(id: id, header: header)
    }

    func allTodos() throws -> [Todo] {
        try fullState().ordered()
    }

    func nextID() throws -> Int {
        if let state { return state.nextID }
        return counters.nextID
    }

    func nextPosition() throws -> Int {
        if let state { return state.nextPosition }
        return counters.nextPosition
    }

    func history() throws -> [TodoChange] {
        try fullState().history
    }

    // MARK: Loading

    /// The whole state, loading the snapshot (and laying the journal over it) if needed.
    func fullState() throws -> StoreState {
        if let state { return state }
        guard let bytes = try StoreFileBytes.load(files.snapshot) else { return .empty }
        var loaded = try Snapshot.decode(bytes, file: files.snapshot, recovery: recovery).state
        try loaded.applyJournal(journalChanges, file: files.journal, recovery: journalRecovery)
        state = loaded
        journalChanges = []
        overlay = [:]
        return loaded
    }

    func applyToLoadedState(_ change: TodoChange) {
        state?.apply(change)
    }

    func replace(
        state: StoreState, snapshot: FileIdentity?, generation: UUID, journalHeader: Journal.Header?,
        journalLength: Int
    ) {
        self.state = state
        self.snapshotIdentity = snapshot
        self.snapshotGeneration = generation
        self.journalHeader = journalHeader
        self.journalLength = journalLength
    }

    // MARK: Binary search

    /// Finds the line of todo `id` between the header's `todosStart` and `todosEnd` by
    /// bisecting byte offsets: each probe reads the first whole line after an offset.
    private func findInSnapshot(id: Int, header: Journal.Header) throws -> Todo? {
        var low = header.todosStart  // always the start of a line
        var high = header.todosEnd  // always the start of a line (or the end)
        while low < high {
            let middle = low + (high - low) / 2
            var lineStart = middle == low ? low : try nextLineStart(after: middle - 1, limit: high)
            if lineStart >= high { lineStart = low }
            let line = try readLine(at: lineStart, limit: high)
            guard let lineID = FileContents.leadingID(line) else {
                throw damaged("a line of the todos (at byte \(lineStart)) does not start with its id")
            }
            if lineID == id { return try decode(line, at: lineStart) }
            if lineID < id {
                low = lineStart + line.count + 1
            } else {
                high = lineStart
            }
        }
        return nil
    }

    /// The offset of the first line that starts after `offset`.
    private func nextLineStart(after offset: Int, limit: Int) throws -> Int {
        var position = offset
        var chunk = [UInt8](repeating: 0, count: 4096)
        while position < limit {
            let count = try readChunk(&chunk, at: position, limit: limit)
            if let newline = chunk[0..<count].firstIndex(of: 0x0A) { return position + newline + 1 }
            position += count
        }
        return limit
    }

    /// The line starting at `offset`, without its line break.
    private func readLine(at offset: Int, limit: Int) throws -> [UInt8] {
        var line: [UInt8] = []
        var position = offset
        var chunk = [UInt8](repeating: 0, count: 4096)
        while position < limit {
            let count = try readChunk(&chunk, at: position, limit: limit)
            if let newline = chunk[0..<count].firstIndex(of: 0x0A) {
                line.append(contentsOf: chunk[0..<newline])
                return line
            }
            line.append(contentsOf: chunk[0..<count])
            position += count
        }
        return line
    }

    private func readChunk(_ chunk: inout [UInt8], at offset: Int, limit: Int) throws -> Int {
        let wanted = min(chunk.count, limit - offset)
        let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, wanted, off_t(offset)) }
        guard count > 0 else {
            if count < 0 { throw FileSystem.ioError(files.snapshot, "read") }
            throw damaged("the file ends before its todos do")
        }
        return count
    }

    /// The id at the start of a line written as `{"id":N,…`.
    private static func leadingID(_ line: [UInt8]) -> Int? {
        let prefix = Array(#"{"id":"#.utf8)
        guard line.count > prefix.count, line[0..<prefix.count].elementsEqual(prefix) else { return nil }
        var value = 0
        var index = prefix.count
        while index < line.count, line[index] &- UInt8(ascii: "0") < 10 {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(Int(line[index] &- UInt8(ascii: "0")))
            guard !overflow, !carry else { return nil }  // longer than any id
            value = sum
            index += 1
        }
        return index > prefix.count ? value : nil
    }

    private func decode(_ line: [UInt8], at offset: Int) throws -> Todo {
        let result: Result<Todo, JSONError> = line.withUnsafeBytes { buffer in
            var reader = JSONReader(buffer)
            return Result { () throws(JSONError) in try Todo.read(from: &reader, defaultPosition: 0, strict: true) }
        }
        switch result {
        case .success(let todo): return todo
        case .failure(let error): throw damaged("\(error.message) at byte \(offset + error.offset)")
        }
    }

    private func damaged(_ problem: String) -> TodoError {
        .storeDamaged(file: files.snapshot, problem: problem, recovery: recovery)
    }
}

@inline(__always)
private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}
