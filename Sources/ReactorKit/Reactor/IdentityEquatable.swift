/// A class type whose instances are equal only to themselves.
///
/// Lets reactors be compared (and used in `distinctUntilChanged`) by identity:
///
/// ```swift
/// final class RowReactor: Reactor, IdentityEquatable { … }
/// ```
public protocol IdentityEquatable: AnyObject, Equatable {}

extension IdentityEquatable {
    /// Whether `lhs` and `rhs` are the same instance.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs === rhs
    }
}
