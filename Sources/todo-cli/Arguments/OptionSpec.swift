/// The declaration of one option: its names, its value (none for a flag), and its help.
struct OptionSpec: Sendable, Equatable {
    /// The long name, without dashes: `note` for `--note`.
    var long: String
    /// The short name, without the dash: `n` for `-n`.
    var short: Character?
    /// The value it takes, or `nil` for a flag.
    var value: ValueSpec?
    /// Whether it may be given several times, each value kept (`--tag a --tag b`); otherwise
    /// the last one given wins.
    var isRepeatable = false
    /// The one-line description in help.
    var help: String
    /// The value used when the option is not given, shown in help as `(default: json)`.
    var defaultValue: String?

    /// Whether it is a flag (takes no value).
    var isFlag: Bool { value == nil }

    /// `--note <text>`, or `--json` for a flag.
    var synopsis: String {
        guard let value else { return "--\(long)" }
        return "--\(long) \(value.label)"
    }

    /// `-n, --note <text>`: the label of its line in help.
    var helpLabel: String {
        guard let short else { return synopsis }
        return "-\(short), \(synopsis)"
    }

    /// The names a user can type: `--note` and `-n`.
    var spellings: [String] {
        ["--\(long)"] + (short.map { ["-\($0)"] } ?? [])
    }
}
