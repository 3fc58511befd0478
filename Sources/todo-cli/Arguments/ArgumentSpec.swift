/// The declaration of one positional argument.
struct ArgumentSpec: Sendable, Equatable {
    /// Its value: the name shown as `<id>` and its kind.
    var value: ValueSpec
    /// Whether the command needs it.
    var isRequired = true
    /// Whether it takes all the remaining words (`<id> ...`); only the last argument can.
    var isVariadic = false
    /// The one-line description in help.
    var help: String

    /// How usage lines show it: `<id>`, `<title> ...`, `[<search> ...]`, `[<command>]`.
    var synopsis: String {
        let label = value.label + (isVariadic ? " ..." : "")
        return isRequired ? label : "[\(label)]"
    }
}
