#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The JSON object of a todo: what `--json`, the export and the store write, with every key
/// always present and absent values as `null` (or `[]`):
///
/// ```json
/// {"id":3,"uuid":"…","title":"Buy milk","note":null,"isDone":false,"priority":"high",
///  "due":"2030-01-07","tags":["shop"],"createdAt":"2030-01-01T09:00:00Z",
///  "updatedAt":"2030-01-01T09:00:00Z","completedAt":null,"recurrence":null,"project":"Home",
///  "wait":null,"scheduled":null,"depends":[],"annotations":[],"startedAt":null,
///  "status":"pending","isBlocked":false,"isBlocking":false,"urgency":8.8}
/// ```
///
/// The last four are derived (``TodoFacts``), never stored. The store writes the stored keys in
/// a compact form, with `"position"`; readers accept the keys in any order, refuse a key given
/// twice, and refuse (the store) or skip (an import) a key that is not one of these.
extension Todo {
    /// Appends the todo's JSON object, every key present (the `--json` and export form), with
    /// the derived `facts`.
    func write(to json: inout JSONWriter, facts: TodoFacts) {
        write(to: &json, includingPosition: false, forStore: false, facts: facts)
    }

    /// Appends the todo's object as the store writes it: with `position`, leaving out the keys
    /// whose value is the default (null, false, empty, `updatedAt` equal to `createdAt`), which
    /// readers take as absent.
    func writeForStore(to json: inout JSONWriter) {
        write(to: &json, includingPosition: true, forStore: true, facts: nil)
    }

    private func write(to json: inout JSONWriter, includingPosition: Bool, forStore: Bool, facts: TodoFacts?) {
        json.beginObject()
        json.key("id")
        json.int(id)
        json.key("uuid")
        json.uuid(uuid)
        json.key("title")
        json.string(title)
        if !forStore || note != nil {
            json.key("note")
            json.string(note)
        }
        if !forStore || isDone {
            json.key("isDone")
            json.bool(isDone)
        }
        if !forStore || priority != .none {
            json.key("priority")
            json.string(priority.jsonName)
        }
        if !forStore || due != nil {
            json.key("due")
            if let due { json.day(due) } else { json.null() }
        }
        if !forStore || !tags.isEmpty {
            json.key("tags")
            json.beginArray()
            for tag in tags.count > 1 ? tags.sorted() : Array(tags) {
                json.element()
                json.string(tag)
            }
            json.endArray()
        }
        json.key("createdAt")
        json.timestamp(createdAt)
        if !forStore || updatedAt != createdAt {
            json.key("updatedAt")
            json.timestamp(updatedAt)
        }
        if !forStore || completedAt != nil {
            json.key("completedAt")
            if let completedAt { json.timestamp(completedAt) } else { json.null() }
        }
        if !forStore || recurrence != nil {
            json.key("recurrence")
            if let recurrence { json.string(recurrence.description) } else { json.null() }
        }
        if !forStore || project != nil {
            json.key("project")
            json.string(project)
        }
        if !forStore || wait != nil {
            json.key("wait")
            if let wait { json.day(wait) } else { json.null() }
        }
        if !forStore || scheduled != nil {
            json.key("scheduled")
            if let scheduled { json.day(scheduled) } else { json.null() }
        }
        if !forStore || !depends.isEmpty {
            json.key("depends")
            json.beginArray()
            for id in depends {
                json.element()
                json.int(id)
            }
            json.endArray()
        }
        if !forStore || !annotations.isEmpty {
            json.key("annotations")
            json.beginArray()
            for annotation in annotations {
                json.element()
                json.beginObject()
                json.key("at")
                json.timestamp(annotation.at)
                json.key("text")
                json.string(annotation.text)
                json.endObject()
            }
            json.endArray()
        }
        if !forStore || startedAt != nil {
            json.key("startedAt")
            if let startedAt { json.timestamp(startedAt) } else { json.null() }
        }
        if forStore, let iCalendarLines {
            json.key("icalendar")
            json.string(iCalendarLines)
        }
        if let facts {
            json.key("status")
            json.string(facts.status.rawValue)
            json.key("isBlocked")
            json.bool(facts.isBlocked)
            json.key("isBlocking")
            json.bool(facts.isBlocking)
            json.key("urgency")
            json.urgency(facts.urgency)
        }
        if includingPosition {
            json.key("position")
            json.int(position)
        }
        json.endObject()
    }

    /// The todo's JSON object (the `--json` form) with its derived `facts`.
    public func jsonObject(facts: TodoFacts) -> String {
        var json = JSONWriter()
        write(to: &json, facts: facts)
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// Reads a todo object. `id`, `uuid`, `title` and `createdAt` are required; the rest
    /// default (`updatedAt` to `createdAt`, `position` to `defaultPosition`). A key given twice
    /// is an error.
    ///
    /// - Parameter strict: Whether a key that is not one of a todo's is an error (in the
    ///   store, which never writes one, it is damage) rather than skipped (in an import).
    static func read(from reader: inout JSONReader, defaultPosition: Int, strict: Bool) throws(JSONError) -> Todo {
        if let todo = readStoreLayout(from: &reader) { return todo }
        let start = reader.index
        var object = try reader.beginObject()
        var keys = ObjectKeys(of: "a todo")
        var id: Int?
        var uuid: UUID?
        var title: String?
        var note: String?
        var isDone = false
        var priority = Priority.none
        var due: CalendarDay?
        var tags: Set<String> = []
        var createdAt: Date?
        var updatedAt: Date?
        var completedAt: Date?
        var position: Int?
        var recurrence: Recurrence?
        var project: String?
        var wait: CalendarDay?
        var scheduled: CalendarDay?
        var depends: [Int] = []
        var annotations: [Annotation] = []
        var startedAt: Date?
        var iCalendarLines: String?
        while let key = try reader.nextKey(in: &object) {
            let valueStart = reader.index
            func invalid(_ message: String) -> JSONError { JSONError(offset: valueStart, message: message) }
            switch key.raw?.count ?? -1 {
            case 2 where key.equals("id"):
                try keys.insert(0, key, reader)
                let value = try reader.readInt()
                guard value > 0 else { throw invalid("a todo's id must be a positive integer") }
                guard value <= Todo.maximumID else {
                    throw invalid("a todo's id must be at most \(Todo.maximumID), the largest id todo uses")
                }
                id = value
            case 3 where key.equals("due"):
                try keys.insert(1, key, reader)
                if try !reader.readNull() {
                    reader.skipSpaces()
                    guard let raw = try? reader.rawStringBytes(), let day = CalendarDay(raw: raw) else {
                        throw invalid("a todo's due date must be a day of the calendar (YYYY-MM-DD)")
                    }
                    due = day
                }
            case 4 where key.equals("uuid"):
                try keys.insert(2, key, reader)
                reader.skipSpaces()
                guard let raw = try? reader.rawStringBytes(), let value = Todo.parseUUID(raw) else {
                    throw invalid("a todo's uuid must be a UUID string")
                }
                uuid = value
            case 4 where key.equals("note"):
                try keys.insert(3, key, reader)
                note = try reader.readOptionalString()
            case 4 where key.equals("tags"):
                try keys.insert(4, key, reader)
                if try !reader.readNull() {
                    var array = try reader.beginArray()
                    while try reader.nextElement(in: &array) {
                        let tag = try reader.readString()
                        guard Todo.isValidStoredTag(tag) else { throw invalid("'\(tag)' is not a tag") }
                        tags.insert(tag)
                    }
                }
            case 5 where key.equals("title"):
                try keys.insert(5, key, reader)
                reader.skipSpaces()
                let value: String
                if reader.peek() == UInt8(ascii: "\""), let raw = try reader.rawStringBytes() {
                    value = try reader.string(from: raw)
                    // Not blank and not padded: checked on the bytes when they are ASCII at both ends.
                    let first = raw.first ?? 0x20
                    let last = raw.last ?? 0x20
                    let trimmed =
                        first < 0x80 && last < 0x80
                        ? !Todo.isASCIISpace(first) && !Todo.isASCIISpace(last)
                        : (try? Todo.validTitle(value)) == value
                    guard trimmed else {
                        throw invalid("a todo's title must be a string that is not blank, without surrounding spaces")
                    }
                } else {
                    value = try reader.readString()
                    guard (try? Todo.validTitle(value)) == value else {
                        throw invalid("a todo's title must be a string that is not blank, without surrounding spaces")
                    }
                }
                title = value
            case 6 where key.equals("isDone"):
                try keys.insert(6, key, reader)
                isDone = try reader.readBool()
            case 8 where key.equals("priority"):
                try keys.insert(7, key, reader)
                if try !reader.readNull() {
                    reader.skipSpaces()
                    if let raw = try? reader.rawStringBytes(), let value = Priority(raw: raw) {
                        priority = value
                    } else {
                        throw invalid("a todo's priority must be \"high\", \"medium\", \"low\" or null")
                    }
                }
            case 8 where key.equals("position"):
                try keys.insert(8, key, reader)
                let value = try reader.readInt()
                guard StoreState.positions.contains(value) else {
                    throw invalid(
                        "a todo's position must be between \(-StoreState.positionLimit) and \(StoreState.positionLimit)"
                    )
                }
                position = value
            case 9 where key.equals("createdAt"):
                try keys.insert(9, key, reader)
                createdAt = try Todo.readDate(&reader)
            case 9 where key.equals("updatedAt"):
                try keys.insert(10, key, reader)
                updatedAt = try Todo.readDate(&reader)
            case 10 where key.equals("recurrence"):
                try keys.insert(11, key, reader)
                if try !reader.readNull() {
                    let text = try reader.readString()
                    guard let value = try? Recurrence(parsing: text) else {
                        throw invalid("'\(text)' is not a recurrence")
                    }
                    recurrence = value
                }
            case 11 where key.equals("completedAt"):
                try keys.insert(12, key, reader)
                completedAt = try reader.readNull() ? nil : Todo.readDate(&reader)
            case 7 where key.equals("project"):
                try keys.insert(13, key, reader)
                if let text = try reader.readOptionalString() {
                    guard let value = try? Todo.validProject(text), value == text else {
                        throw invalid("'\(text)' is not a project (names joined by dots, without spaces)")
                    }
                    project = value
                }
            case 4 where key.equals("wait"):
                try keys.insert(14, key, reader)
                wait = try Todo.readOptionalDay(&reader, "wait")
            case 9 where key.equals("scheduled"):
                try keys.insert(15, key, reader)
                scheduled = try Todo.readOptionalDay(&reader, "scheduled")
            case 7 where key.equals("depends"):
                try keys.insert(16, key, reader)
                if try !reader.readNull() {
                    var array = try reader.beginArray()
                    while try reader.nextElement(in: &array) {
                        reader.skipSpaces()
                        let at = reader.index
                        let value = try reader.readInt()
                        guard (1...Todo.maximumID).contains(value) else {
                            throw JSONError(offset: at, message: "a dependency must be a todo's id")
                        }
                        depends.append(value)
                    }
                }
            case 11 where key.equals("annotations"):
                try keys.insert(17, key, reader)
                if try !reader.readNull() {
                    var array = try reader.beginArray()
                    while try reader.nextElement(in: &array) {
                        annotations.append(try Todo.readAnnotation(&reader, strict: strict))
                    }
                }
            case 9 where key.equals("startedAt"):
                try keys.insert(18, key, reader)
                startedAt = try reader.readNull() ? nil : Todo.readDate(&reader)
            case 9 where key.equals("icalendar"):
                try keys.insert(23, key, reader)
                iCalendarLines = try reader.readOptionalString()
            case 6 where !strict && key.equals("status"):
                // Derived keys, in `--json` output and exports: worked out again from the fields.
                try keys.insert(19, key, reader)
                try reader.skipValue()
            case 9 where !strict && key.equals("isBlocked"):
                try keys.insert(20, key, reader)
                try reader.skipValue()
            case 10 where !strict && key.equals("isBlocking"):
                try keys.insert(21, key, reader)
                try reader.skipValue()
            case 7 where !strict && key.equals("urgency"):
                try keys.insert(22, key, reader)
                try reader.skipValue()
            default:
                if strict { throw keys.unknown(key, reader) }
                try reader.skipValue()
            }
        }
        func missing(_ key: String) -> JSONError { JSONError(offset: start, message: "a todo without '\(key)'") }
        guard let id else { throw missing("id") }
        guard let uuid else { throw missing("uuid") }
        guard let title else { throw missing("title") }
        guard let createdAt else { throw missing("createdAt") }
        return Todo(
            id: id, uuid: uuid, title: title, note: note, isDone: isDone, priority: priority, due: due, tags: tags,
            createdAt: createdAt, updatedAt: updatedAt ?? createdAt, completedAt: completedAt,
            position: position ?? defaultPosition, recurrence: recurrence, project: project, wait: wait,
            scheduled: scheduled, depends: Array(Set(depends)).sorted(), annotations: annotations, startedAt: startedAt,
            iCalendarLines: iCalendarLines)
    }

    /// Reads a day (`"YYYY-MM-DD"`) or `null`.
    static func readOptionalDay(_ reader: inout JSONReader, _ name: String) throws(JSONError) -> CalendarDay? {
        guard try !reader.readNull() else { return nil }
        reader.skipSpaces()
        let start = reader.index
        guard let raw = try? reader.rawStringBytes(), let day = CalendarDay(raw: raw) else {
            throw JSONError(offset: start, message: "a todo's \(name) must be a day of the calendar (YYYY-MM-DD)")
        }
        return day
    }

    /// Reads an annotation: `{"at": time, "text": string}`, both required.
    static func readAnnotation(_ reader: inout JSONReader, strict: Bool) throws(JSONError) -> Annotation {
        reader.skipSpaces()
        let start = reader.index
        var object = try reader.beginObject()
        var keys = ObjectKeys(of: "an annotation")
        var at: Date?
        var text: String?
        while let key = try reader.nextKey(in: &object) {
            if key.equals("at") {
                try keys.insert(0, key, reader)
                at = try Todo.readDate(&reader)
            } else if key.equals("text") {
                try keys.insert(1, key, reader)
                reader.skipSpaces()
                let valueStart = reader.index
                let value = try reader.readString()
                guard (try? Todo.validAnnotation(value)) == value else {
                    throw JSONError(offset: valueStart, message: "an annotation's text must not be blank or padded")
                }
                text = value
            } else if strict {
                throw keys.unknown(key, reader)
            } else {
                try reader.skipValue()
            }
        }
        guard let at, let text else { throw JSONError(offset: start, message: "an annotation needs 'at' and 'text'") }
        return Annotation(at: at, text: text)
    }

    // MARK: Dates

    static func readDate(_ reader: inout JSONReader) throws(JSONError) -> Date {
        reader.skipSpaces()
        let start = reader.index
        guard let raw = try? reader.rawStringBytes() else { throw JSONError(offset: start, message: "expected a date") }
        if let date = fastTimestamp(raw) ?? Timestamp.parse(Array(raw)[...]) { return date }
        throw JSONError(offset: start, message: "'\(String(decoding: raw, as: UTF8.self))' is not an ISO 8601 time")
    }

    /// Parses exactly `YYYY-MM-DDTHH:MM:SSZ`, the form the store writes.
    static func storeTimestamp(_ b: UnsafeRawBufferPointer) -> Date? {
        fastTimestamp(b)
    }

    private static func fastTimestamp(_ b: UnsafeRawBufferPointer) -> Date? {
        guard b.count == 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == UInt8(ascii: "T"), b[13] == 0x3A, b[16] == 0x3A,
            b[19] == UInt8(ascii: "Z")
        else { return nil }
        func n(_ at: Int, _ count: Int) -> Int? {
            var value = 0
            for i in at..<at + count {
                let digit = b[i] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = n(0, 4), let month = n(5, 2), let day = n(8, 2), let hour = n(11, 2), let minute = n(14, 2),
            let second = n(17, 2), hour < 24, minute < 60, second < 61,
            let calendarDay = CalendarDay(year: year, month: month, day: day)
        else { return nil }
        let seconds = calendarDay.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds))
    }

    // MARK: UUIDs

    /// Parses a UUID in either case, with its dashes (without Foundation's `sscanf`).
    package static func parseUUID(_ b: UnsafeRawBufferPointer) -> UUID? {
        guard b.count == 36, b[8] == UInt8(ascii: "-"), b[13] == UInt8(ascii: "-"), b[18] == UInt8(ascii: "-"),
            b[23] == UInt8(ascii: "-")
        else { return nil }
        // The 32 hex digits without their dashes, then eight at a time.
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = withUnsafeMutableBytes(of: &digits) { hex -> Bool in
            let base = b.baseAddress!
            hex.baseAddress!.copyMemory(from: base, byteCount: 8)
            hex.baseAddress!.advanced(by: 8).copyMemory(from: base + 9, byteCount: 4)
            hex.baseAddress!.advanced(by: 12).copyMemory(from: base + 14, byteCount: 4)
            hex.baseAddress!.advanced(by: 16).copyMemory(from: base + 19, byteCount: 4)
            hex.baseAddress!.advanced(by: 20).copyMemory(from: base + 24, byteCount: 12)
            return withUnsafeMutableBytes(of: &value) { out -> Bool in
                for group in 0..<4 {
                    let word = UInt64(littleEndian: hex.loadUnaligned(fromByteOffset: group * 8, as: UInt64.self))
                    guard let bytes = hexBytes(word) else { return false }
                    out.storeBytes(of: bytes.littleEndian, toByteOffset: group * 4, as: UInt32.self)
                }
                return true
            }
        }
        return valid ? UUID(uuid: value) : nil
    }

    /// Eight ASCII hex digits (the first in the lowest byte) as four bytes (the first digit
    /// pair in the lowest byte), or `nil` when one is not a hex digit.
    @inline(__always)
    private static func hexBytes(_ word: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let letter = (word >> 6) & ones  // 1 for letters (and anything with bit 6 set)
        let value = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ letter &* 9
        // Re-encode the values in lower case: a byte that was not a hex digit differs.
        let tenOrMore = ((value &+ 0x0606_0606_0606_0606) >> 4) & ones
        let encoded = value &+ 0x3030_3030_3030_3030 &+ tenOrMore &* 0x27
        guard value & 0xF0F0_F0F0_F0F0_F0F0 == 0, encoded == word | (letter &* 0x20) else { return nil }
        let pairs = ((value << 4) | (value >> 8)) & 0x00FF_00FF_00FF_00FF
        return UInt32(truncatingIfNeeded: pairs & 0xFF) | UInt32(truncatingIfNeeded: (pairs >> 8) & 0xFF00)
            | UInt32(truncatingIfNeeded: (pairs >> 16) & 0xFF_0000)
            | UInt32(truncatingIfNeeded: (pairs >> 24) & 0xFF00_0000)
    }

    /// Parses a UUID string.
    static func parseUUID(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { parseUUID(UnsafeRawBufferPointer($0)) }
    }

    /// Whether `byte` is ASCII white space.
    static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }

    /// Whether a tag read from the store is as ``validTag(_:)`` would leave it.
    static func isValidStoredTag(_ tag: String) -> Bool {
        guard let first = tag.utf8.first, first != UInt8(ascii: "+"), first != UInt8(ascii: "#") else { return false }
        if tag.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ",") }) { return true }
        return (try? validTag(tag)) == tag
    }
}

extension Todo {
    /// A digest of every field as the store keeps it (FNV-1a of its stored JSON, 16 hex digits),
    /// which changes whenever the todo does — even twice within a second, which `updatedAt`
    /// cannot tell. A sync compares it with the one it kept to find the todos changed here.
    public var contentDigest: String {
        var json = JSONWriter(capacity: 256)
        writeForStore(to: &json)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in json.bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
