import TodoCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The bytes of a ``SyncStateFile``: version 2, a line format read and written in one pass.
///
/// A state holds the base copy of every todo synced (1.2 MB for 2,000 todos), and a sync reads it
/// once and writes it once: as JSON that cost a sync with one change each way 20 ms of its
/// 110; this format takes 2. Version 1 (JSON) is still read, and rewritten as version 2 by the
/// next sync that changes the state.
///
///     todo-sync-state 2
///     url https://dav.example.com/me/tasks/
///     token http://example.com/sync/41
///     ignored /me/tasks/event.ics ="e1"
///     entry 5F0E…-… /me/tasks/5f0e….ics ="e7" 9c41d0a3b2e1f007 312
///     BEGIN:VCALENDAR␍␊ … END:VCALENDAR␍␊
///     end 1 1
///
/// Fields are separated by one space; `%`, spaces and control characters in them are
/// percent-escaped. An etag is `-` when there is none, else `=` and the etag. An entry's line
/// ends with the base's length in bytes, and the base follows as it is, then a line break. The
/// last line counts the entries and ignored resources: a file cut short is damaged.
enum SyncStateFormat {
    static let header = "todo-sync-state 2"

    /// The state as bytes, entries in uuid order.
    static func encode(_ state: SyncState) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + state.entries.reduce(0) { $0 + $1.value.base.utf8.count + 200 })
        out += header.utf8
        out.append(newline)
        out += "url ".utf8
        escape(state.url, into: &out)
        out.append(newline)
        if let token = state.token {
            out += "token ".utf8
            escape(token, into: &out)
            out.append(newline)
        }
        for (href, etag) in state.ignored.sorted(by: { $0.key < $1.key }) {
            out += "ignored ".utf8
            escape(href, into: &out)
            out.append(space)
            escape(etag: etag, into: &out)
            out.append(newline)
        }
        // In the order of the uuids' text, which is the order of their bytes (hex digits sort so).
        let ordered = state.entries.map { (key: Self.halves(of: $0.key), uuid: $0.key, entry: $0.value) }
            .sorted { $0.key < $1.key }
        for (_, uuid, entry) in ordered {
            out += "entry ".utf8
            appendText(of: uuid, to: &out)
            out.append(space)
            escape(entry.href, into: &out)
            out.append(space)
            escape(etag: entry.etag, into: &out)
            out.append(space)
            escape(entry.stamp, into: &out)
            out.append(space)
            out += String(entry.base.utf8.count).utf8
            out.append(newline)
            out += entry.base.utf8
            out.append(newline)
        }
        out += "end \(state.entries.count) \(state.ignored.count)".utf8
        out.append(newline)
        return out
    }

    /// The state in `bytes`, or `nil` when they are not a whole state of this version.
    static func decode(_ bytes: [UInt8]) -> SyncState? {
        bytes.withUnsafeBufferPointer { buffer -> SyncState? in
            var reader = Reader(buffer: buffer)
            guard let first = reader.line(), String(decoding: first, as: UTF8.self) == header else { return nil }
            var url: String?
            var token: String?
            var entries: [UUID: SyncState.Entry] = [:]
            var ignored: [String: String?] = [:]
            while let line = reader.line() {
                var fields = line.split(separator: space, omittingEmptySubsequences: false)[...]
                guard let kind = fields.popFirst().map({ String(decoding: $0, as: UTF8.self) }) else { return nil }
                switch kind {
                case "url" where fields.count == 1 && url == nil:
                    url = unescape(fields[fields.startIndex])
                    guard url != nil else { return nil }
                case "token" where fields.count == 1 && token == nil:
                    token = unescape(fields[fields.startIndex])
                    guard token != nil else { return nil }
                case "ignored" where fields.count == 2:
                    guard let href = unescape(fields.removeFirst()), let etag = unescape(etag: fields.removeFirst()),
                        ignored[href] == nil
                    else { return nil }
                    ignored[href] = etag
                case "entry" where fields.count == 5:
                    guard let uuid = fields.removeFirst().withUnsafeBytes(Todo.parseUUID),
                        entries[uuid] == nil,
                        let href = unescape(fields.removeFirst()), let etag = unescape(etag: fields.removeFirst()),
                        let stamp = unescape(fields.removeFirst()),
                        let length = Int(String(decoding: fields.removeFirst(), as: UTF8.self)), length >= 0,
                        let base = reader.bytes(length), reader.skip(newline)
                    else { return nil }
                    entries[uuid] = SyncState.Entry(
                        href: href, etag: etag, stamp: stamp, base: String(decoding: base, as: UTF8.self))
                case "end" where fields.count == 2:
                    guard let url, Int(String(decoding: fields.removeFirst(), as: UTF8.self)) == entries.count,
                        Int(String(decoding: fields.removeFirst(), as: UTF8.self)) == ignored.count, reader.isAtEnd
                    else { return nil }
                    var state = SyncState(url: url)
                    state.token = token
                    state.entries = entries
                    state.ignored = ignored
                    return state
                default:
                    return nil
                }
            }
            return nil  // no end line: cut short
        }
    }

    // MARK: Uuids (Foundation's `uuidString` goes through sprintf: 40 % of a sync's time here;
    // they are read with TodoCore's `Todo.parseUUID`, as the store reads them)

    /// The uuid's bytes as two big-endian numbers: their order is the order of the uuids' text.
    private static func halves(of uuid: UUID) -> (UInt64, UInt64) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            var high: UInt64 = 0
            var low: UInt64 = 0
            for index in 0..<8 { high = high << 8 | UInt64(bytes[index]) }
            for index in 8..<16 { low = low << 8 | UInt64(bytes[index]) }
            return (high, low)
        }
    }

    /// Appends the uuid's text, as `uuidString` writes it (upper-case hex digits, four dashes).
    private static func appendText(of uuid: UUID, to out: inout [UInt8]) {
        withUnsafeBytes(of: uuid.uuid) { bytes in
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 { out.append(UInt8(ascii: "-")) }
                out.append(hexDigits[Int(bytes[index] >> 4)])
                out.append(hexDigits[Int(bytes[index] & 0x0F)])
            }
        }
    }

    // MARK: Fields

    private static let space = UInt8(ascii: " ")
    private static let newline = UInt8(ascii: "\n")
    private static let percent = UInt8(ascii: "%")
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte <= space || byte == percent || byte == 0x7F
    }

    private static func escape(_ value: String, into out: inout [UInt8]) {
        for byte in value.utf8 {
            if needsEscape(byte) {
                out.append(percent)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            } else {
                out.append(byte)
            }
        }
    }

    private static func escape(etag: String?, into out: inout [UInt8]) {
        guard let etag else { return out.append(UInt8(ascii: "-")) }
        out.append(UInt8(ascii: "="))
        escape(etag, into: &out)
    }

    private static func unescape(_ field: ArraySlice<UInt8>) -> String? {
        guard field.contains(percent) else {
            guard !field.contains(where: needsEscape) else { return nil }
            let value = String(decoding: field, as: UTF8.self)
            return value.utf8.elementsEqual(field) ? value : nil  // not UTF-8: damaged
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var index = field.startIndex
        while index < field.endIndex {
            let byte = field[index]
            if byte == percent {
                guard index + 2 < field.endIndex, let high = hexValue(field[index + 1]),
                    let low = hexValue(field[index + 2])
                else { return nil }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                guard !needsEscape(byte) else { return nil }
                bytes.append(byte)
                index += 1
            }
        }
        let value = String(decoding: bytes, as: UTF8.self)
        return value.utf8.elementsEqual(bytes) ? value : nil  // not UTF-8: damaged
    }

    private static func unescape(etag field: ArraySlice<UInt8>) -> String?? {
        guard let first = field.first else { return nil }
        if first == UInt8(ascii: "-") && field.count == 1 { return .some(nil) }
        guard first == UInt8(ascii: "=") else { return nil }
        guard let etag = unescape(field.dropFirst()) else { return nil }
        return .some(etag)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// Lines and counted runs of bytes, front to back.
    private struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        var position = 0

        var isAtEnd: Bool { position == buffer.count }

        /// The next line without its line break, or `nil` at the end or when no line break ends it.
        mutating func line() -> ArraySlice<UInt8>? {
            guard let end = buffer[position...].firstIndex(of: SyncStateFormat.newline) else { return nil }
            let line = ArraySlice(buffer[position..<end])
            position = end + 1
            return line
        }

        mutating func bytes(_ count: Int) -> UnsafeBufferPointer<UInt8>.SubSequence? {
            guard count <= buffer.count - position else { return nil }
            defer { position += count }
            return buffer[position..<position + count]
        }

        mutating func skip(_ byte: UInt8) -> Bool {
            guard position < buffer.count, buffer[position] == byte else { return false }
            position += 1
            return true
        }
    }
}
