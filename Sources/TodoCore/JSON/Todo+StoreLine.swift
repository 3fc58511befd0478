#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Todo {
    /// Reads a todo object laid out exactly as the store writes it (`forStore: true`: the keys
    /// in their order, no spaces), matching each key as literal bytes instead of parsing it.
    /// Anything else — another order, white space, an unknown key, a value the store would not
    /// write — gives `nil` with the reader unmoved, and ``read(from:defaultPosition:)`` reads it
    /// the general way (and says what is wrong, if anything).
    static func readStoreLayout(from reader: inout JSONReader) -> Todo? {
        var cursor = StoreLayoutCursor(bytes: reader.bytes, index: reader.index)
        guard let todo = cursor.todo() else { return nil }
        reader = JSONReader(reader.bytes, at: cursor.index)
        return todo
    }
}

/// Walks one todo object in the store's layout.
private struct StoreLayoutCursor {
    let bytes: UnsafeRawBufferPointer
    var index: Int

    mutating func todo() -> Todo? {
        guard literal(#"{"id":"#), let id = integer(), id > 0, id <= Todo.maximumID else { return nil }
        guard literal(#","uuid":""#), index + 37 <= bytes.count,
            let uuid = Todo.parseUUID(UnsafeRawBufferPointer(rebasing: bytes[index..<index + 36])),
            bytes[index + 36] == UInt8(ascii: "\"")
        else { return nil }
        index += 37
        guard literal(#","title":"#), let title = string(), isValidTitle(title) else { return nil }
        var note: String?
        if literal(#","note":"#) {
            guard let value = string() else { return nil }
            note = value
        }
        let isDone = literal(#","isDone":true"#)
        var priority = Priority.none
        if literal(#","priority":""#) {
            if literal(#"high""#) {
                priority = .high
            } else if literal(#"medium""#) {
                priority = .medium
            } else if literal(#"low""#) {
                priority = .low
            } else {
                return nil
            }
        }
        var due: CalendarDay?
        if literal(#","due":""#) {
            guard let day = day() else { return nil }
            due = day
        }
        var tags: Set<String> = []
        if literal(#","tags":["#) {
            while true {
                guard let tag = string(), Todo.isValidStoredTag(tag) else { return nil }
                tags.insert(tag)
                if literal("]") { break }
                guard literal(",") else { return nil }
            }
        }
        guard literal(#","createdAt":"#), let createdAt = date() else { return nil }
        var updatedAt = createdAt
        if literal(#","updatedAt":"#) {
            guard let value = date() else { return nil }
            updatedAt = value
        }
        var completedAt: Date?
        if literal(#","completedAt":"#) {
            guard let value = date() else { return nil }
            completedAt = value
        }
        var recurrence: Recurrence?
        if literal(#","recurrence":"#) {
            guard let text = string(), let value = try? Recurrence(parsing: text) else { return nil }
            recurrence = value
        }
        var project: String?
        if literal(#","project":"#) {
            guard let text = string(), let value = try? Todo.validProject(text), value == text else { return nil }
            project = value
        }
        var wait: CalendarDay?
        if literal(#","wait":""#) {
            guard let day = day() else { return nil }
            wait = day
        }
        var scheduled: CalendarDay?
        if literal(#","scheduled":""#) {
            guard let day = day() else { return nil }
            scheduled = day
        }
        var depends: [Int] = []
        if literal(#","depends":["#) {
            while true {
                // Ascending and unique, as written; anything else is read the general way.
                guard let id = integer(), id > (depends.last ?? 0), id <= Todo.maximumID else { return nil }
                depends.append(id)
                if literal("]") { break }
                guard literal(",") else { return nil }
            }
        }
        if literal(#","annotations":"#) { return nil }  // rare: read the general way
        var startedAt: Date?
        if literal(#","startedAt":"#) {
            guard let value = date() else { return nil }
            startedAt = value
        }
        var iCalendarLines: String?
        if literal(#","icalendar":"#) {
            guard let value = string() else { return nil }
            iCalendarLines = value
        }
        guard literal(#","position":"#), let position = integer(), StoreState.positions.contains(position),
            literal("}")
        else { return nil }
        return Todo(
            id: id, uuid: uuid, title: title, note: note, isDone: isDone, priority: priority, due: due, tags: tags,
            createdAt: createdAt, updatedAt: updatedAt, completedAt: completedAt, position: position,
            recurrence: recurrence, project: project, wait: wait, scheduled: scheduled, depends: depends,
            startedAt: startedAt, iCalendarLines: iCalendarLines)
    }

    /// `YYYY-MM-DD"` after an opening quote already consumed.
    mutating func day() -> CalendarDay? {
        guard index + 11 <= bytes.count, bytes[index + 10] == UInt8(ascii: "\""),
            let day = CalendarDay(raw: UnsafeRawBufferPointer(rebasing: bytes[index..<index + 10]))
        else { return nil }
        index += 11
        return day
    }

    /// Consumes `text` if the bytes at the cursor are exactly it.
    @inline(__always)
    mutating func literal(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let expected = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
        index += count
        return true
    }

    /// An integer without a leading zero (negative allowed), as the store writes it.
    mutating func integer() -> Int? {
        var reader = JSONReader(bytes, at: index)
        guard let value = try? reader.readInt() else { return nil }
        index = reader.index
        return value
    }

    /// A string, escapes decoded.
    mutating func string() -> String? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var reader = JSONReader(bytes, at: index)
        guard let value = try? reader.readString() else { return nil }
        index = reader.index
        return value
    }

    /// `"YYYY-MM-DDTHH:MM:SSZ"`, the form the store writes.
    mutating func date() -> Date? {
        guard index + 22 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 21] == UInt8(ascii: "\""),
            let date = Todo.storeTimestamp(UnsafeRawBufferPointer(rebasing: bytes[index + 1..<index + 21]))
        else { return nil }
        index += 22
        return date
    }

    private func isValidTitle(_ title: String) -> Bool {
        guard let first = title.utf8.first, let last = title.utf8.last else { return false }
        if first < 0x80 && last < 0x80 { return !Todo.isASCIISpace(first) && !Todo.isASCIISpace(last) }
        return (try? Todo.validTitle(title)) == title
    }
}
