#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension UUID {
    /// The name-based (version 5, SHA-1) UUID of `name` in the namespace `namespace`
    /// (RFC 9562 §5.5): the same on every device, for the same name.
    init(name: String, namespace: UUID) {
        var bytes: [UInt8] = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        bytes.append(contentsOf: name.utf8)
        var digest = SHA1.digest(bytes)
        digest[6] = digest[6] & 0x0F | 0x50
        digest[8] = digest[8] & 0x3F | 0x80
        self.init(
            uuid: (
                digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7], digest[8],
                digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]
            ))
    }
}
