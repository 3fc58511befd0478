import TodoCore

/// The checked values of one command line, by argument and option: what a command's
/// ``TodoSubcommand/init(_:)`` turns into its typed arguments.
struct ParsedValues: Sendable, Equatable {
    private var optionValues: [String: [ArgumentValue]] = [:]
    private var argumentValues: [String: [ArgumentValue]] = [:]
    private var flags: Set<String> = []
    /// The filter terms given before the command's name (`todo +work list`), in order.
    var filterBefore: [String] = []

    /// Records a value of `option`: added to the others when it is repeatable, else replacing
    /// the one before (the last one given wins).
    mutating func record(_ value: ArgumentValue, for option: OptionSpec) {
        if option.isRepeatable {
            optionValues[option.long, default: []].append(value)
        } else {
            optionValues[option.long] = [value]
        }
    }

    /// Records that the flag `option` was given.
    mutating func record(flag option: OptionSpec) {
        flags.insert(option.long)
    }

    /// Records a value of the positional `argument`.
    mutating func record(_ value: ArgumentValue, for argument: ArgumentSpec) {
        argumentValues[argument.value.name, default: []].append(value)
    }

    /// Whether the flag was given.
    func isSet(_ option: OptionSpec) -> Bool {
        flags.contains(option.long)
    }

    /// Whether `option` was given: a flag set, or an option given a value.
    func isGiven(_ option: OptionSpec) -> Bool {
        option.isFlag ? isSet(option) : optionValues[option.long] != nil
    }

    /// Every value given to `option`, in order.
    func values(of option: OptionSpec) -> [ArgumentValue] {
        optionValues[option.long] ?? []
    }

    /// The value given to `option`, if any.
    func value(of option: OptionSpec) -> ArgumentValue? {
        optionValues[option.long]?.last
    }

    /// Every value given to the positional `argument`, in order.
    func values(of argument: ArgumentSpec) -> [ArgumentValue] {
        argumentValues[argument.value.name] ?? []
    }

    /// The words given to the positional `argument` (a text argument), in order.
    func words(of argument: ArgumentSpec) -> [String] {
        values(of: argument).compactMap(\.text)
    }

    /// The first value given to the positional `argument`, if any.
    func value(of argument: ArgumentSpec) -> ArgumentValue? {
        argumentValues[argument.value.name]?.first
    }

    /// A `FieldChange` from an option that accepts `none`: `.clear` for `none`, `.set` for a
    /// value, `nil` when the option was not given.
    func change<Value>(of option: OptionSpec, _ extract: (ArgumentValue) -> Value?) -> FieldChange<Value>? {
        guard let value = value(of: option) else { return nil }
        if value == .cleared { return .clear }
        return extract(value).map { .set($0) }
    }
}
