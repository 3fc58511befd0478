#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A strict, allocation-free JSON reader over UTF-8 bytes, one value at a time.
///
/// The caller walks the document it expects and skips what it does not know:
///
/// ```swift
/// try bytes.withUnsafeBytes { buffer in
///     var reader = JSONReader(buffer)
///     var object = try reader.beginObject()
///     while let key = try reader.nextKey(in: &object) {
///         if key.equals("title") { title = try reader.readString() } else { try reader.skipValue() }
///     }
///     try reader.expectEnd()
/// }
/// ```
///
/// Anything that is not JSON (RFC 8259), including invalid UTF-8 in strings, a lone
/// surrogate escape, or nesting deeper than ``maximumDepth``, throws a ``JSONError`` with
/// its byte offset.
struct JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    static let maximumDepth = 256

    let bytes: UnsafeRawBufferPointer
    private(set) var index: Int
    /// Whether the last string ``rawStringBytes()`` returned was all ASCII.
    private(set) var lastStringIsASCII = true
    /// Where the last key with escapes was decoded (allocated only for such a key).
    private var escapedKey: EscapedKeyStorage?
    /// The offset of the opening quote of the key ``nextKey(in:)`` read last.
    private(set) var keyOffset = 0

    init(_ bytes: UnsafeRawBufferPointer, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    /// Where a containing array or object stands: before its first element or after one.
    struct Container {
        fileprivate var isFirst = true
    }

    // MARK: Structure

    /// Whether only white space is left.
    var isAtEnd: Bool {
        mutating get {
            skipSpaces()
            return index >= bytes.count
        }
    }

    /// Checks that only white space follows.
    mutating func expectEnd() throws(JSONError) {
        guard isAtEnd else { throw error("unexpected data after the end of the document") }
    }

    /// The first byte of the next value, without consuming it.
    mutating func peek() -> UInt8? {
        skipSpaces()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Consumes `{`.
    mutating func beginObject() throws(JSONError) -> Container {
        try expect(UInt8(ascii: "{"), "an object")
        return Container()
    }

    /// Consumes `[`.
    mutating func beginArray() throws(JSONError) -> Container {
        try expect(UInt8(ascii: "["), "an array")
        return Container()
    }

    /// The next member's key, after which the reader stands at its value; `nil` (with the
    /// closing `}` consumed) at the end of the object.
    mutating func nextKey(in object: inout Container) throws(JSONError) -> JSONKey? {
        skipSpaces()
        guard index < bytes.count else { throw error("unexpected end of data in an object") }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            return nil
        }
        if object.isFirst {
            object.isFirst = false
        } else {
            guard bytes[index] == UInt8(ascii: ",") else { throw error("expected ',' or '}' in an object") }
            index += 1
            skipSpaces()
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error("expected a key (a string in double quotes)")
        }
        keyOffset = index
        let key: JSONKey
        if let raw = try rawStringBytes() {
            if !lastStringIsASCII, String(validating: raw, as: UTF8.self) == nil {
                throw JSONError(offset: keyOffset, message: "a key that is not valid UTF-8")
            }
            key = JSONKey(bytes: raw)
        } else {
            // A key with escapes: decoded into storage the reader keeps until the next key.
            let storage = escapedKey ?? EscapedKeyStorage()
            escapedKey = storage
            key = JSONKey(bytes: storage.store(try readString()))
        }
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
        index += 1
        return key
    }

    /// Whether the array has another element (the reader then stands at it); at the end, the
    /// closing `]` is consumed.
    mutating func nextElement(in array: inout Container) throws(JSONError) -> Bool {
        skipSpaces()
        guard index < bytes.count else { throw error("unexpected end of data in an array") }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            return false
        }
        if array.isFirst {
            array.isFirst = false
        } else {
            guard bytes[index] == UInt8(ascii: ",") else { throw error("expected ',' or ']' in an array") }
            index += 1
        }
        return true
    }

    // MARK: Values

    /// Reads `null`, returning whether it was there (nothing is consumed otherwise).
    mutating func readNull() throws(JSONError) -> Bool {
        guard peek() == UInt8(ascii: "n") else { return false }
        try literal("null")
        return true
    }

    /// Reads `true` or `false`.
    mutating func readBool() throws(JSONError) -> Bool {
        switch peek() {
        case UInt8(ascii: "t"):
            try literal("true")
            return true
        case UInt8(ascii: "f"):
            try literal("false")
            return false
        default:
            throw error("expected true or false")
        }
    }

    /// Reads an integer that fits in `Int` (no fraction, no exponent).
    mutating func readInt() throws(JSONError) -> Int {
        skipSpaces()
        let start = index
        var negative = false
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var value = 0
        let digitsStart = index
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(negative ? -Int(digit) : Int(digit))
            guard !o1, !o2 else {
                index = start
                throw error("a number too large")
            }
            value = sum
            index += 1
        }
        guard index > digitsStart else {
            index = start
            throw error("expected an integer")
        }
        if index - digitsStart > 1, bytes[digitsStart] == UInt8(ascii: "0") {
            index = start
            throw error("a number with a leading zero")
        }
        if index < bytes.count,
            bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
        {
            index = start
            throw error("expected an integer, found a fraction")
        }
        return value
    }

    /// Reads a number as a `Double`.
    mutating func readDouble() throws(JSONError) -> Double {
        skipSpaces()
        let start = index
        try skipNumber()
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else {
            index = start
            throw error("a number out of range")
        }
        return value
    }

    /// Reads a string, decoding its escapes.
    mutating func readString() throws(JSONError) -> String {
        skipSpaces()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a string") }
        if let raw = try rawStringBytes() {
            return try string(from: raw)
        }
        return try escapedString()
    }

    /// The string of bytes ``rawStringBytes()`` just returned, checked to be UTF-8.
    func string(from raw: UnsafeRawBufferPointer) throws(JSONError) -> String {
        if lastStringIsASCII { return String(decoding: raw, as: UTF8.self) }
        guard let string = String(validating: raw, as: UTF8.self) else {
            throw JSONError(offset: index, message: "a string that is not valid UTF-8")
        }
        return string
    }

    /// Reads a string or `null`.
    mutating func readOptionalString() throws(JSONError) -> String? {
        try readNull() ? nil : readString()
    }

    /// The bytes of the string at the reader (which stands on its opening quote) when it has
    /// no escapes, the reader then after it; `nil` when it has escapes (the reader unmoved).
    mutating func rawStringBytes() throws(JSONError) -> UnsafeRawBufferPointer? {
        let start = index + 1
        var cursor = start
        var high: UInt8 = 0
        // Eight bytes at a time while none is a quote, a backslash or a control character.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var highWords: UInt64 = 0
        while cursor + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special =
                ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
            if special & highs != 0 { break }
            highWords |= word
            cursor += 8
        }
        if highWords & highs != 0 { high = 0x80 }
        while cursor < bytes.count {
            let byte = bytes[cursor]
            high |= byte
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                lastStringIsASCII = high < 0x80
                return UnsafeRawBufferPointer(rebasing: bytes[start..<cursor])
            }
            if byte == UInt8(ascii: "\\") { return nil }
            if byte < 0x20 {
                index = cursor
                throw error("a control character inside a string")
            }
            cursor += 1
        }
        index = bytes.count
        throw error("unexpected end of data in a string")
    }

    /// Skips one value of any kind, checking that it is well formed.
    mutating func skipValue() throws(JSONError) {
        var depth = 0
        var containers: [Container] = []
        var kinds: [UInt8] = []  // "{" or "[" for each open container
        repeat {
            // At a value.
            guard let byte = peek() else { throw error("unexpected end of data, expected a value") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= JSONReader.maximumDepth else { throw error("arrays or objects nested too deeply") }
                index += 1
                containers.append(Container())
                kinds.append(byte)
            case UInt8(ascii: "\""):
                if let raw = try rawStringBytes() {
                    if !lastStringIsASCII, String(validating: raw, as: UTF8.self) == nil {
                        throw JSONError(offset: index, message: "a string that is not valid UTF-8")
                    }
                } else {
                    _ = try escapedString()
                }
            case UInt8(ascii: "t"), UInt8(ascii: "f"):
                _ = try readBool()
            case UInt8(ascii: "n"):
                try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try skipNumber()
            default:
                throw error("expected a value")
            }
            // Close finished containers; stop at the next value.
            while let kind = kinds.last {
                var container = containers.removeLast()
                let more: Bool
                if kind == UInt8(ascii: "{") {
                    more = try nextKey(in: &container) != nil
                } else {
                    more = try nextElement(in: &container)
                }
                if more {
                    containers.append(container)
                    break
                }
                kinds.removeLast()
                depth -= 1
            }
        } while !kinds.isEmpty
    }

    // MARK: Helpers

    /// An error at the reader's position.
    func error(_ message: String) -> JSONError {
        JSONError(offset: index, message: message)
    }

    mutating func skipSpaces() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONError) {
        skipSpaces()
        guard index < bytes.count else { throw error("unexpected end of data, expected \(what)") }
        guard bytes[index] == byte else { throw error("expected \(what)") }
        index += 1
    }

    private mutating func literal(_ word: StaticString) throws(JSONError) {
        skipSpaces()
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
            memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0
        else { throw error("expected \(word)") }
        index += count
    }

    private mutating func skipNumber() throws(JSONError) {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        let intDigits = digits()
        guard intDigits > 0, !(intDigits > 1 && bytes[intStart] == UInt8(ascii: "0")) else {
            index = start
            throw error("a malformed number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a malformed number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw error("a malformed number") }
        }
    }

    private mutating func escapedString() throws(JSONError) -> String {
        index += 1  // the opening quote
        var utf8: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw error("a string that is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unexpected end of data in a string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): utf8.append(0x22)
                case UInt8(ascii: "\\"): utf8.append(0x5C)
                case UInt8(ascii: "/"): utf8.append(0x2F)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw error("a lone surrogate in a \\u escape") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("a lone surrogate in a \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("a lone surrogate in a \\u escape")
                    }
                    utf8.append(contentsOf: Unicode.Scalar(scalar)!.utf8)
                default:
                    throw error("an unknown escape in a string")
                }
            default:
                guard byte >= 0x20 else { throw error("a control character inside a string") }
                utf8.append(byte)
                index += 1
            }
        }
        throw error("unexpected end of data in a string")
    }

    private mutating func hex4() throws(JSONError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("unexpected end of data in a \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a malformed \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

/// An object's key as read: its UTF-8 bytes, valid until the reader reads the next key.
struct JSONKey {
    /// The key's bytes (escapes decoded).
    let bytes: UnsafeRawBufferPointer

    /// The key's bytes (never `nil`; kept optional for callers that switch on its length).
    var raw: UnsafeRawBufferPointer? { bytes }

    /// Whether the key is `name`.
    @inline(__always)
    func equals(_ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        let expected = name.utf8Start
        for index in 0..<count where bytes[index] != expected[index] { return false }
        return true
    }

    /// The key as a string.
    var string: String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// The bytes of the last decoded key that had escapes.
final class EscapedKeyStorage {
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    deinit {
        buffer.deallocate()
    }

    /// Copies `key`'s UTF-8 bytes into the storage (replacing the previous key).
    func store(_ key: String) -> UnsafeRawBufferPointer {
        let utf8 = Array(key.utf8)
        if buffer.count < utf8.count {
            buffer.deallocate()
            buffer = .allocate(byteCount: utf8.count, alignment: 1)
        }
        utf8.withUnsafeBytes { source in
            if !source.isEmpty { buffer.baseAddress!.copyMemory(from: source.baseAddress!, byteCount: source.count) }
        }
        return UnsafeRawBufferPointer(start: buffer.baseAddress, count: utf8.count)
    }
}

/// Malformed JSON, at a byte offset.
struct JSONError: Error, Equatable {
    /// The offset of the problem from the start of the data, in bytes.
    var offset: Int
    /// What is wrong, in lower case (`expected ',' or '}' in an object`).
    var message: String

    /// The line and column (both from 1) of `offset` in `bytes`.
    static func lineAndColumn(of offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let end = min(offset, bytes.count)
        var index = 0
        while index < end {
            if bytes[index] == 0x0A {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return (line, end - lineStart + 1)
    }
}
