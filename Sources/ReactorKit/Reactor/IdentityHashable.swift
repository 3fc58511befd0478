/// A class type whose instances hash and compare by identity.
///
/// Lets reactors be stored in sets and dictionaries keyed by instance:
///
/// ```swift
/// final class RowReactor: Reactor, IdentityHashable { … }
/// var visible: Set<RowReactor> = []
/// ```
public protocol IdentityHashable: IdentityEquatable, Hashable {}

extension IdentityHashable {
    /// Hashes the instance's identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
