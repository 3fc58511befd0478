#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A timestamped note on a todo; a todo has any number of them, oldest first (Taskwarrior's
/// annotations). `todo annotate 3 Called, no answer` adds one.
public struct Annotation: Sendable, Hashable {
    /// When it was written (to the second).
    public var at: Date
    /// What it says: not blank, without surrounding white space; it may hold several lines.
    public var text: String

    /// Creates an annotation.
    public init(at: Date, text: String) {
        self.at = at
        self.text = text
    }
}
