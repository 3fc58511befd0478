/// The checksum that ends each line of a version 2 journal: `{…,"check":"<16 hex digits>"}`,
/// the 64-bit FNV-1a hash of the line's bytes before `,"check":`.
///
/// The journal's lines are read without the whole snapshot (the journal vouches for it), so a
/// damaged byte in a record — a uuid turned into another todo's, a digit of an id — could not
/// otherwise be told from a change that was made; with the checksum it is damage, refused.
extension Journal {
    /// How a line's checksum turned out.
    enum Seal: Equatable {
        /// The line has none (a version 1 journal's lines).
        case none
        /// It matches the line.
        case valid
        /// It does not: a damaged byte.
        case invalid
    }

    private static let checkKey = Array(#","check":""#.utf8)
    private static let hexDigits = Array("0123456789abcdef".utf8)
    /// `,"check":"` + 16 hex digits + `"}`.
    private static let sealLength = checkKey.count + 16 + 2

    /// `object` (one JSON object, `{…}`) with its checksum as its last key.
    static func sealed(_ object: [UInt8]) -> [UInt8] {
        var line = Array(object.dropLast())  // the closing brace
        let check = checksum(line[...])
        line += checkKey
        for shift in stride(from: 60, through: 0, by: -4) {
            line.append(hexDigits[Int((check >> UInt64(shift)) & 0xF)])
        }
        line += Array(#""}"#.utf8)
        return line
    }

    /// The object of `line` without its checksum (as written before it was sealed), and the seal.
    static func unsealed(_ line: UnsafeRawBufferPointer) -> (object: [UInt8], seal: Seal) {
        let count = line.count
        guard count > sealLength, line[count - 2] == UInt8(ascii: "\""), line[count - 1] == UInt8(ascii: "}"),
            line[(count - sealLength)..<(count - sealLength + checkKey.count)].elementsEqual(checkKey)
        else { return (Array(line), .none) }
        var check: UInt64 = 0
        for byte in line[(count - 18)..<(count - 2)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return (Array(line), .invalid)
            }
            check = check << 4 | UInt64(digit)
        }
        let body = Array(line[0..<(count - sealLength)])
        return (body + [UInt8(ascii: "}")], checksum(body[...]) == check ? .valid : .invalid)
    }

    /// 64-bit FNV-1a.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
