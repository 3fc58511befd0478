/// The declaration of one positional argument.
struct ArgumentSpec: Sendable, Equatable {
    /// Its value: the name shown as `<id>` and its kind.
    var value: ValueSpec
    /// Whether the command needs it.
    var isRequired = true
    /// Whether it takes all the remaining words (`<id> ...`); only the last argument can.
    var isVariadic = false
    /// Whether a word such as `-old` that is not an option of the command is one of its words
    /// (a filter's `-tag`, `edit`'s tag to remove); `-a`, `-ay` and `-p=high` stay options.
    var takesDashWords = false
    /// Whether a `--` among its words is kept as one of them (for `InlineAttributes`, after which
    /// every word is title text), rather than only ending the options.
    var keepsTerminator = false
    /// The one-line description in help.
    var help: String

    /// How usage lines show it: `<id>`, `<title> ...`, `[<search> ...]`, `[<command>]`.
    var synopsis: String {
        let label = value.label + (isVariadic ? " ..." : "")
        return isRequired ? label : "[\(label)]"
    }
}
