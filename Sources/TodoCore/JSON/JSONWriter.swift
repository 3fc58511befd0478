/// Appends JSON to a byte buffer: the store, the journal and every JSON output are written
/// with it.
///
/// ```swift
/// var json = JSONWriter()
/// json.beginObject()
/// json.key("title"); json.string("Buy milk")
/// json.endObject()
/// json.bytes   // {"title":"Buy milk"}
/// ```
///
/// Keys and separators are the caller's: `key(_:)` adds the comma before every member but the
/// first, `element()` before every array element but the first.
struct JSONWriter {
    /// The JSON written so far.
    private(set) var bytes: [UInt8]
    private var needsComma = false

    /// Creates a writer, reserving `capacity` bytes.
    init(capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Starts an object.
    mutating func beginObject() {
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Ends an object.
    mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Starts an array.
    mutating func beginArray() {
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Ends an array.
    mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Starts a member of an object: a comma when needed, then `"name":`.
    mutating func key(_ name: StaticString) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Starts a member whose key is not known in advance.
    mutating func key(_ name: String) {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        appendQuoted(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Starts an array element: a comma when needed.
    mutating func element() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
        needsComma = false
    }

    /// Writes a string.
    mutating func string(_ value: String) {
        appendQuoted(value)
        needsComma = true
    }

    /// Writes a string, or `null`.
    mutating func string(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    /// Writes an integer.
    mutating func int(_ value: Int) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
        } else if value > 0 {
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits
            let count = withUnsafeMutableBytes(of: &digits) { buffer -> Int in
                var rest = value
                var index = buffer.count
                while rest > 0 {
                    index -= 1
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[index...]))
                return buffer.count - index
            }
            _ = count
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
        needsComma = true
    }

    /// Writes `true` or `false`.
    mutating func bool(_ value: Bool) {
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
        needsComma = true
    }

    /// Writes `null`.
    mutating func null() {
        bytes.append(contentsOf: "null".utf8)
        needsComma = true
    }

    /// Writes bytes that are already JSON (a value written elsewhere).
    mutating func raw(_ json: some Sequence<UInt8>) {
        bytes.append(contentsOf: json)
        needsComma = true
    }

    /// Writes a value by appending its bytes directly (for the writers of quoted values).
    @inline(__always)
    mutating func appendRaw(_ body: (inout [UInt8]) -> Void) {
        body(&bytes)
        needsComma = true
    }

    /// Writes a line break (between the lines of a store file; JSON ignores it).
    mutating func newline() {
        bytes.append(0x0A)
    }

    /// Removes everything written, keeping the capacity.
    mutating func reset() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    private mutating func appendQuoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for (offset, byte) in utf8.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<offset]))
                runStart = offset + 1
                switch byte {
                case 0x22: bytes.append(contentsOf: #"\""#.utf8)
                case 0x5C: bytes.append(contentsOf: #"\\"#.utf8)
                case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
                case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
                case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
                default:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: #"\u00"#.utf8)
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0xF)])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
