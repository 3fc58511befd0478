#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The store file: one JSON document holding every todo (see `Docs/StoreFormat.md`).
///
/// As written here, one todo per line, sorted by id, so that a todo can be found by a binary
/// search over the file's lines without reading all of it:
///
/// ```text
/// {"version":3,"generation":"…","replaces":"…","nextId":4,"nextPosition":4096,"todos":[
/// {"id":1,…,"position":1024},
/// {"id":3,…,"position":3072}
/// ],"history":[
/// {"kind":"deleted","put":[],"delete":[],"before":[{"id":2,…}]},
/// {"kind":"created","put":[],"delete":[],"before":[],"created":[3]}
/// ]}
/// ```
///
/// A todo's keys whose values are the defaults are left out (`forStore`); the history holds
/// the changes' compact form (``TodoChange/undoRecord``).
///
/// Readers accept any JSON with the same fields (a file edited by hand), in any layout, but
/// nothing this code would not write: a key it does not know or given twice, an id, uuid or
/// counter out of range or repeated, is damage (a damaged byte in a key name would otherwise
/// drop the field, and the next write would make the loss permanent).
enum Snapshot {
    /// The format version this code writes, and the newest it reads: 2 added the fields of
    /// issue 18 (`project`, `wait`, `scheduled`, `depends`, `annotations`, `startedAt`), 3 the
    /// `replaces` key (and journals whose lines carry checksums). Versions 1 and 2 are read as
    /// they are and written as version 3 by the next change; an older `todo` meeting version 3
    /// says it is too new for it rather than taking the new key for damage.
    static let version = 3

    /// A snapshot's bytes and where its todo lines are.
    struct Encoded {
        var bytes: [UInt8]
        /// The generation written in it.
        var generation: UUID
        /// The offset of the first todo line.
        var todosStart: Int
        /// The offset just after the last todo line (its new line included).
        var todosEnd: Int
    }

    /// A snapshot as read.
    struct Decoded {
        var state: StoreState
        /// `nil` for a file written by hand without one.
        var generation: UUID?
        /// The generation of the snapshot this one replaced, which tells a stale journal from a
        /// damaged one (``JournalGeneration``).
        var replaces: Predecessor = .unrecorded
    }

    /// What a snapshot says about the snapshot it replaced.
    enum Predecessor: Equatable {
        /// No `replaces` key: a file written by hand, or by a `todo` before the key existed.
        case unrecorded
        /// `"replaces":null`: it replaced no snapshot of ours (a new store, a file without a generation).
        case none
        /// It replaced the snapshot of this generation.
        case generation(UUID)
    }

    /// Encodes `state` as a snapshot of `generation` that replaces the snapshot of `replaces`.
    static func encode(_ state: StoreState, generation: UUID, replaces: UUID? = nil) -> Encoded {
        var json = JSONWriter(capacity: 128 + state.todos.count * 300)
        json.beginObject()
        json.key("version")
        json.int(version)
        json.key("generation")
        json.uuid(generation)
        json.key("replaces")
        if let replaces { json.uuid(replaces) } else { json.null() }
        json.key("nextId")
        json.int(state.nextID)
        json.key("nextPosition")
        json.int(state.nextPosition)
        json.key("todos")
        json.beginArray()
        json.newline()
        let todosStart = json.bytes.count
        for (index, todo) in state.todos.enumerated() {
            todo.writeForStore(to: &json)
            if index < state.todos.count - 1 { json.element() }
            json.newline()
        }
        let todosEnd = json.bytes.count
        json.endArray()
        json.key("history")
        json.beginArray()
        json.newline()
        for (index, change) in state.history.enumerated() {
            change.write(to: &json)
            if index < state.history.count - 1 { json.element() }
            json.newline()
        }
        json.endArray()
        json.endObject()
        json.newline()
        return Encoded(bytes: json.bytes, generation: generation, todosStart: todosStart, todosEnd: todosEnd)
    }

    /// The `generation` of a snapshot from its bytes before the todos (its first line, as written
    /// here); `nil` when they hold none.
    static func leadingGeneration(_ bytes: [UInt8]) -> UUID? {
        bytes.withUnsafeBytes { buffer -> UUID? in
            var reader = JSONReader(buffer)
            guard reader.peek() == UInt8(ascii: "{"), var object = try? reader.beginObject() else { return nil }
            while let key = try? reader.nextKey(in: &object) {
                if key.equals("todos") { return nil }
                if key.equals("generation") {
                    reader.skipSpaces()
                    guard let raw = try? reader.rawStringBytes() else { return nil }
                    return Todo.parseUUID(raw)
                }
                guard (try? reader.skipValue()) != nil else { return nil }
            }
            return nil
        }
    }

    /// Reads a whole snapshot, checking everything.
    ///
    /// - Throws: ``TodoError/storeDamaged(file:problem:recovery:)`` or
    ///   ``TodoError/storeTooNew(file:version:supported:)``; `recovery` is the store's.
    static func decode(_ bytes: [UInt8], file: String, recovery: StoreRecovery) throws(TodoError) -> Decoded {
        let result: Result<Decoded, TodoError> = bytes.withUnsafeBytes { buffer in
            Result { () throws(TodoError) in try decode(buffer, file: file, recovery: recovery) }
        }
        return try result.get()
    }

    /// Reads a whole snapshot from the file's bytes (read or mapped), checking everything.
    static func decode(_ bytes: StoreFileBytes, file: String, recovery: StoreRecovery) throws(TodoError) -> Decoded {
        try decode(bytes.buffer, file: file, recovery: recovery, isMapped: bytes.isMapped)
    }

    /// `isMapped`: the bytes are a mapping of the file, whose pages the decoding of a large
    /// todo array gives back as it goes (they are read again from the file if looked at later).
    private static func decode(
        _ buffer: UnsafeRawBufferPointer, file: String, recovery: StoreRecovery, isMapped: Bool = false
    ) throws(TodoError)
        -> Decoded
    {
        func damaged(_ problem: String) -> TodoError {
            .storeDamaged(file: file, problem: problem, recovery: recovery)
        }
        guard !buffer.isEmpty else {
            throw damaged("the file is empty (zero bytes), but a store always holds a JSON object")
        }
        let result: Result<Decoded, TodoError> = {
            var start = 0
            if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }  // a BOM
            do throws(JSONError) {
                if let version = try declaredVersion(buffer, from: start), version > Snapshot.version {
                    return .failure(.storeTooNew(file: file, version: version, supported: Snapshot.version))
                }
                var reader = JSONReader(buffer, at: start)
                return .success(try decodeDocument(&reader, isMapped: isMapped))
            } catch {
                let (line, column) = JSONError.lineAndColumn(of: error.offset, in: buffer)
                return .failure(damaged("\(error.message) at line \(line), column \(column)"))
            }
        }()
        return try result.get()
    }

    /// The `version` of the document: found at once when it comes first (as written here),
    /// else by skipping through the top-level object. `nil` when the document has none or is
    /// not an object.
    private static func declaredVersion(_ buffer: UnsafeRawBufferPointer, from start: Int) throws(JSONError) -> Int? {
        var reader = JSONReader(buffer, at: start)
        guard reader.peek() == UInt8(ascii: "{") else { return nil }
        var object = try reader.beginObject()
        while let key = try reader.nextKey(in: &object) {
            if key.equals("version") {
                reader.skipSpaces()
                return try? reader.readInt()
            }
            try reader.skipValue()
        }
        return nil
    }

    private static func decodeDocument(_ reader: inout JSONReader, isMapped: Bool) throws(JSONError) -> Decoded {
        let documentStart = reader.index
        guard reader.peek() == UInt8(ascii: "{") else {
            let found: String
            switch reader.peek() {
            case UInt8(ascii: "["): found = "an array"
            case UInt8(ascii: "\""): found = "a string"
            case nil: found = "nothing"
            default: found = "something else"
            }
            throw JSONError(
                offset: documentStart,
                message: "the top level is \(found), not an object with \"version\" and \"todos\"")
        }
        var object = try reader.beginObject()
        var keys = ObjectKeys(of: "the top-level object")
        var version: Int?
        var generation: UUID?
        var replaces = Predecessor.unrecorded
        var nextID = 1
        var nextPosition = StoreState.positionGap
        var todos: [Todo]?
        var history: [TodoChange] = []
        var todoOffsets: [Int] = []
        while let key = try reader.nextKey(in: &object) {
            reader.skipSpaces()
            let valueStart = reader.index
            if key.equals("version") {
                try keys.insert(0, key, reader)
                let value = try reader.readInt()
                guard value >= 1 else {
                    throw JSONError(offset: valueStart, message: "version \(value) is not a store version")
                }
                version = value
            } else if key.equals("generation") {
                try keys.insert(1, key, reader)
                if try !reader.readNull() {
                    reader.skipSpaces()
                    guard let raw = try? reader.rawStringBytes(), let value = Todo.parseUUID(raw) else {
                        throw JSONError(offset: valueStart, message: "'generation' must be a UUID")
                    }
                    generation = value
                }
            } else if key.equals("replaces") {
                try keys.insert(6, key, reader)
                replaces = .none
                if try !reader.readNull() {
                    reader.skipSpaces()
                    guard let raw = try? reader.rawStringBytes(), let value = Todo.parseUUID(raw) else {
                        throw JSONError(offset: valueStart, message: "'replaces' must be a UUID or null")
                    }
                    replaces = .generation(value)
                }
            } else if key.equals("nextId") {
                try keys.insert(2, key, reader)
                nextID = try reader.readInt()
                guard StoreState.nextIDs.contains(nextID) else {
                    throw JSONError(
                        offset: valueStart, message: "'nextId' must be between 1 and \(StoreState.nextIDs.upperBound)")
                }
            } else if key.equals("nextPosition") {
                try keys.insert(3, key, reader)
                nextPosition = try reader.readInt()
                guard StoreState.nextPositions.contains(nextPosition) else {
                    throw JSONError(
                        offset: valueStart,
                        message: "'nextPosition' must be between \(StoreState.nextPositions.lowerBound) and "
                            + "\(StoreState.nextPositions.upperBound)")
                }
            } else if key.equals("todos") {
                try keys.insert(4, key, reader)
                guard reader.peek() == UInt8(ascii: "[") else {
                    throw JSONError(offset: valueStart, message: "\"todos\" must be an array")
                }
                if let lines = TodoLines.decodeInParallel(reader.bytes, at: reader.index, releasingPages: isMapped) {
                    todos = lines.todos
                    todoOffsets = lines.offsets
                    reader = JSONReader(reader.bytes, at: lines.end)
                    continue
                }
                var list: [Todo] = []
                list.reserveCapacity(reader.bytes.count / 160)
                var array = try reader.beginArray()
                var fallbackPosition = 0
                while try reader.nextElement(in: &array) {
                    reader.skipSpaces()
                    todoOffsets.append(reader.index)
                    fallbackPosition += StoreState.positionGap
                    list.append(try Todo.read(from: &reader, defaultPosition: fallbackPosition, strict: true))
                }
                todos = list
            } else if key.equals("history") {
                try keys.insert(5, key, reader)
                var array = try reader.beginArray()
                while try reader.nextElement(in: &array) {
                    history.append(try TodoChange.read(from: &reader))
                }
            } else {
                throw keys.unknown(key, reader)
            }
        }
        try reader.expectEnd()
        guard let version else {
            throw JSONError(offset: documentStart, message: "the top-level object has no \"version\"")
        }
        if replaces != .unrecorded && version < 3 {
            throw JSONError(
                offset: documentStart,
                message:
                    "the top-level object of a version \(version) store has the key \"replaces\", which came with version 3"
            )
        }
        guard var todos else {
            throw JSONError(offset: documentStart, message: "the top-level object has no \"todos\" array")
        }
        if !isSortedByID(todos) {
            let order = todos.indices.sorted { todos[$0].id < todos[$1].id }
            todos = order.map { todos[$0] }
            todoOffsets = order.map { todoOffsets[$0] }
        }
        for index in todos.indices.dropFirst() where todos[index].id == todos[index - 1].id {
            throw JSONError(
                offset: max(todoOffsets[index - 1], todoOffsets[index]),
                message: "todo id \(todos[index].id) appears twice (ids must be unique)")
        }
        if let (first, second) = firstRepeatedUUID(in: todos) {
            throw JSONError(
                offset: max(todoOffsets[first], todoOffsets[second]),
                message: "todos \(todos[first].id) and \(todos[second].id) have the same uuid "
                    + "\(todos[first].uuid.uuidString.lowercased()) (uuids must be unique)")
        }
        let state = StoreState(
            todos: todos, nextID: nextID, nextPosition: nextPosition,
            history: Array(history.suffix(TodoStorageHistory.limit)))
        return Decoded(state: state, generation: generation, replaces: replaces)
    }

    /// The indices of two todos with the same uuid, if there are such: an open-addressing table
    /// of the uuids' 128 bits (a general `Set<UUID>` costs several times as much over 100,000
    /// todos, and each read of the store does this).
    static func firstRepeatedUUID(in todos: [Todo]) -> (Int, Int)? {
        guard todos.count > 1 else { return nil }
        var capacity = 16
        while capacity < todos.count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        var keys = [(UInt64, UInt64)](repeating: (0, 0), count: capacity)
        var slots = [Int32](repeating: -1, count: capacity)  // the todo's index, or -1 for an empty slot
        for index in todos.indices {
            let bytes = todos[index].uuid.uuid
            let high = withUnsafeBytes(of: bytes) { $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self) }
            let low = withUnsafeBytes(of: bytes) { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
            // Every bit of both halves reaches the slot's bits: uuids that differ only in their
            // last byte (made by a counter) spread as well as random ones (a multiplication alone
            // carries differences upward only, and such uuids all probed one cluster: 100,000 took
            // 0.4 s to check instead of a few milliseconds).
            let mixed = Self.finalized(high ^ Self.finalized(low))
            var slot = Int(truncatingIfNeeded: mixed) & mask
            while slots[slot] >= 0 {
                if keys[slot] == (high, low) { return (Int(slots[slot]), index) }
                slot = (slot + 1) & mask
            }
            keys[slot] = (high, low)
            slots[slot] = Int32(truncatingIfNeeded: index)
        }
        return nil
    }

    /// MurmurHash3's 64-bit finalizer: each input bit flips about half of the output bits.
    private static func finalized(_ value: UInt64) -> UInt64 {
        var value = value
        value ^= value >> 33
        value &*= 0xFF51_AFD7_ED55_8CCD
        value ^= value >> 33
        value &*= 0xC4CE_B9FE_1A85_EC53
        value ^= value >> 33
        return value
    }

    private static func isSortedByID(_ todos: [Todo]) -> Bool {
        for index in todos.indices.dropFirst() where todos[index - 1].id >= todos[index].id { return false }
        return true
    }
}
