/// Byte-level helpers shared by the JSON formats.
enum JSONInput {
    /// The length of a UTF-8 byte order mark at the start of `bytes` (3), or 0.
    static func byteOrderMarkLength(_ bytes: UnsafeRawBufferPointer) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    /// What the value at the reader is, for messages: `an array`, `a string`, `nothing`, …
    static func describeValue(at reader: inout JSONReader) -> String {
        guard let byte = reader.peek() else { return "nothing" }
        switch byte {
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        default: return "something that is not JSON"
        }
    }
}
