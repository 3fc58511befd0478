#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The journal beside a large store file (`todos.json.journal`): the changes made since the
/// snapshot was written, one JSON object per line, appended and flushed one at a time.
///
/// ```text
/// {"journal":2,"generation":"…","snapshot":[2049,1234,20480000,…],"nextId":100001,…,"check":"…"}
/// {"kind":"markedDone","put":[{"id":3,…}],"delete":[],"before":[{"id":3,…}],"check":"…"}
/// ```
///
/// The first line ties the journal to one snapshot: its generation, and the identity of the
/// file as written (device, inode, size, modification and change times). Whether a journal of
/// another generation is stale (left by a compaction cut short) or damage is
/// ``JournalGeneration``'s rule. Every line ends with its checksum (``Journal/sealed(_:)``). A
/// last line without its line break is an append cut short by a crash: it was never
/// reported as done, and is ignored (and cut off by the next write).
enum Journal {
    /// The format written: 2 ends every line with its checksum (``Journal/sealed(_:)``); a
    /// version 1 journal (none) is still read, and replaced by the next change's rewrite.
    static let version = 2

    struct Header: Equatable {
        /// The journal's format: 1 or 2 (lines with checksums).
        var version = Journal.version
        var generation: UUID
        /// The snapshot file's identity numbers (``FileIdentity/numbers``).
        var snapshot: [Int]
        /// The backup file's identity numbers, empty when there is none.
        var backup: [Int]
        var nextID: Int
        var nextPosition: Int
        /// Where the todo lines of the snapshot are.
        var todosStart: Int
        var todosEnd: Int
    }

    struct Decoded {
        var header: Header
        var changes: [TodoChange]
        /// The length up to the end of the last complete line.
        var validLength: Int
    }

    static func encode(_ header: Header) -> [UInt8] {
        var json = JSONWriter()
        json.beginObject()
        json.key("journal")
        json.int(version)
        json.key("generation")
        json.uuid(header.generation)
        json.key("snapshot")
        json.beginArray()
        for number in header.snapshot {
            json.element()
            json.int(number)
        }
        json.endArray()
        json.key("backup")
        json.beginArray()
        for number in header.backup {
            json.element()
            json.int(number)
        }
        json.endArray()
        json.key("nextId")
        json.int(header.nextID)
        json.key("nextPosition")
        json.int(header.nextPosition)
        json.key("todosStart")
        json.int(header.todosStart)
        json.key("todosEnd")
        json.int(header.todosEnd)
        json.endObject()
        return sealed(json.bytes) + [0x0A]
    }

    static func encode(_ change: TodoChange) -> [UInt8] {
        var json = JSONWriter(capacity: 512)
        change.write(to: &json)
        return sealed(json.bytes) + [0x0A]
    }

    /// Reads a journal.
    ///
    /// - Throws: ``TodoError/storeDamaged(file:problem:recovery:)`` naming the line.
    static func decode(_ bytes: [UInt8], file: String, recovery: StoreRecovery) throws(TodoError) -> Decoded {
        func damaged(_ problem: String) -> TodoError {
            .storeDamaged(file: file, problem: problem, recovery: recovery)
        }
        guard let headerEnd = bytes.firstIndex(of: 0x0A) else {
            throw damaged(bytes.isEmpty ? "the journal is empty (zero bytes)" : "the journal's first line is cut short")
        }
        let (object, seal) = bytes.withUnsafeBytes { unsealed(UnsafeRawBufferPointer(rebasing: $0[0..<headerEnd])) }
        if seal == .invalid { throw damaged("line 1 (the header): its checksum does not match (a damaged byte)") }
        let parsed: Result<Header, JSONError> = object.withUnsafeBytes { buffer in
            Result { () throws(JSONError) in try decodeHeader(buffer) }
        }
        let header: Header
        switch parsed {
        case .success(let value): header = value
        case .failure(let error): throw damaged("line 1 (the header): \(error.message)")
        }
        if (seal == .valid) != (header.version >= 2) {
            throw damaged(
                "line 1 (the header): a version \(header.version) journal "
                    + (seal == .valid ? "has no checksums" : "ends each line with its checksum"))
        }
        let (changes, validLength) = try decodeChanges(
            bytes, from: headerEnd + 1, firstLine: 2, checked: header.version >= 2, file: file, recovery: recovery)
        return Decoded(header: header, changes: changes, validLength: validLength)
    }

    /// Reads the complete lines of `bytes` from `offset` as changes; returns them and the
    /// offset after the last complete line. `checked`: each line ends with its checksum
    /// (version 2), which must match.
    static func decodeChanges(
        _ bytes: [UInt8], from offset: Int, firstLine: Int, checked: Bool, file: String, recovery: StoreRecovery
    ) throws(TodoError) -> ([TodoChange], Int) {
        var changes: [TodoChange] = []
        var lineStart = offset
        var lineNumber = firstLine
        let result: TodoError? = bytes.withUnsafeBytes { buffer in
            while lineStart < buffer.count {
                guard let newline = buffer[lineStart...].firstIndex(of: 0x0A) else { break }  // a torn append
                if newline > lineStart {
                    let line = UnsafeRawBufferPointer(rebasing: buffer[lineStart..<newline])
                    let (object, seal) = checked ? unsealed(line) : ([], Seal.none)
                    if checked && seal != .valid {
                        return .storeDamaged(
                            file: file,
                            problem: "line \(lineNumber): "
                                + (seal == .none
                                    ? "it has no checksum" : "its checksum does not match (a damaged byte)"),
                            recovery: recovery)
                    }
                    let read: Result<TodoChange, JSONError> =
                        checked ? object.withUnsafeBytes { readChange($0) } : readChange(line)
                    do throws(JSONError) {
                        changes.append(try read.get())
                    } catch {
                        return .storeDamaged(
                            file: file, problem: "line \(lineNumber): \(error.message) (column \(error.offset + 1))",
                            recovery: recovery)
                    }
                }
                lineStart = newline + 1
                lineNumber += 1
            }
            return nil
        }
        if let result { throw result }
        return (changes, lineStart)
    }

    private static func readChange(_ line: UnsafeRawBufferPointer) -> Result<TodoChange, JSONError> {
        var reader = JSONReader(line)
        return Result { () throws(JSONError) in
            let change = try TodoChange.read(from: &reader)
            try reader.expectEnd()
            return change
        }
    }

    private static func decodeHeader(_ buffer: UnsafeRawBufferPointer) throws(JSONError) -> Header {
        var reader = JSONReader(buffer)
        var object = try reader.beginObject()
        var version: Int?
        var generation: UUID?
        var snapshot: [Int]?
        var backup: [Int] = []
        var nextID: Int?
        var nextPosition: Int?
        var todosStart: Int?
        var todosEnd: Int?
        var keys = ObjectKeys(of: "the header")
        while let key = try reader.nextKey(in: &object) {
            if key.equals("journal") {
                try keys.insert(0, key, reader)
                version = try reader.readInt()
            } else if key.equals("generation") {
                try keys.insert(1, key, reader)
                reader.skipSpaces()
                guard let raw = try reader.rawStringBytes(), let value = Todo.parseUUID(raw) else {
                    throw reader.error("'generation' must be a UUID")
                }
                generation = value
            } else if key.equals("snapshot") {
                try keys.insert(2, key, reader)
                var numbers: [Int] = []
                var array = try reader.beginArray()
                while try reader.nextElement(in: &array) { numbers.append(try reader.readInt()) }
                snapshot = numbers
            } else if key.equals("backup") {
                try keys.insert(3, key, reader)
                var array = try reader.beginArray()
                while try reader.nextElement(in: &array) { backup.append(try reader.readInt()) }
            } else if key.equals("nextId") {
                try keys.insert(4, key, reader)
                nextID = try reader.readInt()
            } else if key.equals("nextPosition") {
                try keys.insert(5, key, reader)
                nextPosition = try reader.readInt()
            } else if key.equals("todosStart") {
                try keys.insert(6, key, reader)
                todosStart = try reader.readInt()
            } else if key.equals("todosEnd") {
                try keys.insert(7, key, reader)
                todosEnd = try reader.readInt()
            } else {
                throw keys.unknown(key, reader)
            }
        }
        try reader.expectEnd()
        guard let version else { throw JSONError(offset: 0, message: "not a journal header") }
        guard version == 1 || version == Journal.version else {
            throw JSONError(offset: 0, message: "journal version \(version) is not one this todo understands")
        }
        guard let generation, let snapshot, let nextID, let nextPosition, let todosStart, let todosEnd,
            todosStart >= 0, todosEnd >= todosStart
        else { throw JSONError(offset: 0, message: "the header lacks a field") }
        guard StoreState.nextIDs.contains(nextID), StoreState.nextPositions.contains(nextPosition) else {
            throw JSONError(offset: 0, message: "the header's 'nextId' or 'nextPosition' is out of range")
        }
        return Header(
            version: version, generation: generation, snapshot: snapshot, backup: backup, nextID: nextID,
            nextPosition: nextPosition,
            todosStart: todosStart, todosEnd: todosEnd)
    }
}
