/// The keys one JSON object has had so far, for readers that refuse a key given twice and
/// name an unknown one: a file this code wrote never has either, so either is damage.
///
/// ```swift
/// var keys = ObjectKeys(of: "a change")
/// while let key = try reader.nextKey(in: &object) {
///     if key.equals("kind") {
///         try keys.insert(0, key, reader)
///         …
///     } else {
///         throw keys.unknown(key, reader)
///     }
/// }
/// ```
struct ObjectKeys {
    /// What the object is, for messages ("a todo").
    let object: String
    private var seen: UInt64 = 0

    init(of object: String) {
        self.object = object
    }

    /// Records that the object has the key numbered `number` (0 to 63, one per known key).
    ///
    /// - Throws: A ``JSONError`` at the key when the object had it already.
    mutating func insert(_ number: Int, _ key: JSONKey, _ reader: JSONReader) throws(JSONError) {
        let bit: UInt64 = 1 << UInt64(number)
        guard seen & bit == 0 else {
            throw JSONError(offset: reader.keyOffset, message: "\(object) with the key \(key.quoted) twice")
        }
        seen |= bit
    }

    /// The error for a key the object cannot have, at the key.
    func unknown(_ key: JSONKey, _ reader: JSONReader) -> JSONError {
        JSONError(offset: reader.keyOffset, message: "\(object) with an unknown key \(key.quoted)")
    }
}

extension JSONKey {
    /// The key in double quotes, with control characters, quotes and backslashes escaped as
    /// in JSON, so that a damaged key shows safely in a message.
    var quoted: String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar.value {
            case 0x22: text += "\\\""
            case 0x5C: text += "\\\\"
            case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
