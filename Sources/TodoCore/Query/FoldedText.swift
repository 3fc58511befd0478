/// Text a filter looks for, lower-cased once, compared with a todo's fields in any case without
/// allocating for ASCII fields (the usual case); other fields are lower-cased for the comparison.
///
/// Every comparison is the one of `String.lowercased()` on both sides, byte for byte in UTF-8:
/// `occurs(in:)` is a substring of the lower-cased field, `equalsIgnoringCase(_:)` the same text,
/// `isSelfOrAncestor(of:)` the same dotted name or one of its ancestors.
@usableFromInline
struct FoldedText: Sendable {
    /// The UTF-8 bytes of the text, lower-cased.
    @usableFromInline let bytes: [UInt8]
    /// Whether ``bytes`` are all ASCII.
    @usableFromInline let isASCII: Bool

    /// The text `text` stands for, in any case.
    init(_ text: String) {
        bytes = Array(text.lowercased().utf8)
        isASCII = bytes.allSatisfy { $0 < 0x80 }
    }

    /// Whether the text appears in `field`, in any case.
    @inlinable
    func occurs(in field: String) -> Bool {
        if bytes.isEmpty { return true }
        let fast: Bool?? = field.utf8.withContiguousStorageIfAvailable { hay -> Bool? in
            guard isASCII else { return Self.isASCII(hay) ? false : nil }
            return bytes.withUnsafeBufferPointer { Self.asciiSearch(for: $0, in: hay) }
        }
        if let fast, let result = fast { return result }
        return Self.search(for: bytes, in: Array(field.lowercased().utf8))
    }

    /// Whether `field` is this text, in any case.
    @inlinable
    func equalsIgnoringCase(_ field: String) -> Bool {
        let fast: Bool?? = field.utf8.withContiguousStorageIfAvailable { hay -> Bool? in
            guard isASCII else { return Self.isASCII(hay) ? false : nil }
            guard hay.count == bytes.count else { return Self.isASCII(hay) ? false : nil }
            for index in 0..<hay.count {
                let byte = hay[index]
                if byte >= 0x80 { return nil }
                if Self.folded(byte) != bytes[index] { return false }
            }
            return true
        }
        if let fast, let result = fast { return result }
        return field.lowercased().utf8.elementsEqual(bytes)
    }

    /// Whether `name` is this dotted name or below it, in any case: `home` is the self or an
    /// ancestor of `Home` and `Home.Garden`, never of `Homework`.
    @inlinable
    func isSelfOrAncestor(of name: String) -> Bool {
        let fast: Bool?? = name.utf8.withContiguousStorageIfAvailable { hay -> Bool? in
            guard isASCII else { return Self.isASCII(hay) ? false : nil }
            let count = bytes.count
            for index in 0..<min(hay.count, count + 1) where hay[index] >= 0x80 { return nil }
            guard hay.count >= count else { return false }
            for index in 0..<count where Self.folded(hay[index]) != bytes[index] { return false }
            return hay.count == count || hay[count] == UInt8(ascii: ".")
        }
        if let fast, let result = fast { return result }
        let loweredName = Array(name.lowercased().utf8)
        guard loweredName.starts(with: bytes) else { return false }
        return loweredName.count == bytes.count || loweredName[bytes.count] == UInt8(ascii: ".")
    }

    /// `byte` lower-cased when it is an ASCII capital letter.
    @inlinable @inline(__always)
    static func folded(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    @inlinable
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes where byte >= 0x80 { return false }
        return true
    }

    /// Whether the lower-cased ASCII `needle` appears in `hay` folded to lower case; `nil` when
    /// `hay` holds a byte that is not ASCII before an answer is known (the caller lower-cases it).
    @inlinable
    static func asciiSearch(
        for needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>
    )
        -> Bool?
    {
        let count = needle.count
        let first = needle[0]
        var index = 0
        while index < hay.count {
            let byte = hay[index]
            if byte >= 0x80 { return nil }
            if folded(byte) == first, index + count <= hay.count {
                var offset = 1
                while offset < count {
                    let other = hay[index + offset]
                    if other >= 0x80 { return nil }
                    if folded(other) != needle[offset] { break }
                    offset += 1
                }
                if offset == count { return true }
            }
            index += 1
        }
        return false
    }

    /// Whether `needle` appears in `hay`, byte for byte.
    @inlinable
    static func search(for needle: [UInt8], in hay: [UInt8]) -> Bool {
        guard needle.count <= hay.count else { return false }
        for start in 0...(hay.count - needle.count) where hay[start..<(start + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
