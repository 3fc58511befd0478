/// Why filter arguments cannot be read, or a date in them cannot be resolved.
///
/// ```swift
/// do {
///     _ = try TodoFilter(parsing: ["prioity:high"])
/// } catch {
///     error.word         // "prioity:high"
///     error.suggestion   // "priority:"
///     error.description  // "unknown filter attribute 'prioity' in 'prioity:high'. Did you mean 'priority:'?"
/// }
/// ```
///
/// Front ends report it as a usage error (the `todo` command: exit 64).
public struct TodoFilterError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The argument at fault, as typed (`(` or `)` for a parenthesis split off an argument).
    public var word: String
    /// What is wrong, lower-case, without a final period; it names the word, and the valid
    /// values when the word's key is known.
    public var message: String
    /// What the user probably meant, when it is close: a key (`priority:`), a whole term
    /// (`is:overdue`, `+work`), or `nil`.
    public var suggestion: String?

    /// An error about `word`.
    public init(word: String, message: String, suggestion: String? = nil) {
        self.word = word
        self.message = message
        self.suggestion = suggestion
    }

    /// The message, followed by `. Did you mean '…'?` when there is a suggestion.
    public var description: String {
        guard let suggestion else { return message }
        return "\(message). Did you mean '\(suggestion)'?"
    }
}
