/// Something in the config file that is ignored, and the rest applies: a key todo does not know
/// (with the one probably meant), or a key set twice.
///
/// Reading returns warnings (``TodoConfig/warnings``) rather than printing them; the `todo`
/// command prints each on standard error as `Warning: ` and the ``description``.
public struct TodoConfigWarning: Sendable, Hashable, CustomStringConvertible {
    /// The config file's path.
    public var file: String
    /// The line the warning is about.
    public var line: Int
    /// The key of that line.
    public var key: String
    /// What is ignored and why, lower-case, without a final period.
    public var message: String
    /// The key probably meant, when one is close.
    public var suggestion: String?

    /// A warning about `key` on `line` of `file`.
    public init(file: String, line: Int, key: String, message: String, suggestion: String? = nil) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
        self.suggestion = suggestion
    }

    /// `config line 7 (FILE): MESSAGE. Did you mean 'week.start'?`
    public var description: String {
        var text = "config line \(line) (\(file)): \(message)"
        if let suggestion { text += ". Did you mean '\(suggestion)'?" }
        return text
    }
}
