/// Reads arguments against the options and positional arguments accepted at one place of the
/// command line (before the command, or after it), checking each value as it comes.
struct ArgumentReader {
    /// The options accepted here, global ones included.
    let options: [OptionSpec]
    /// The positional arguments accepted here, in order.
    let arguments: [ArgumentSpec]
    /// The values read so far.
    var values: ParsedValues
    /// Whether `-h` or `--help` was read (reading stops there).
    private(set) var helpRequested = false
    private var argumentIndex = 0

    /// A reader of `options` and `arguments` that adds to `values`.
    init(options: [OptionSpec], arguments: [ArgumentSpec] = [], values: ParsedValues = ParsedValues()) {
        self.options = options
        self.arguments = arguments
        self.values = values
    }

    /// Reads `tokens` in order; stops early when help is requested.
    ///
    /// - Parameter optionsEnded: Whether a `--` came before them, making every token positional.
    /// - Throws: ``ArgumentProblem`` for the first unknown option, missing or bad value, or
    ///   argument too many.
    mutating func read(_ tokens: ArraySlice<String>, optionsEnded: Bool = false) throws(ArgumentProblem) {
        var optionsEnded = optionsEnded
        var index = tokens.startIndex
        while index < tokens.endIndex, !helpRequested {
            let argument = tokens[index]
            index += 1
            if optionsEnded {
                try take(positional: argument)
                continue
            }
            switch ArgumentToken(argument) {
            case .terminator:
                optionsEnded = true
            case .word(let word):
                try take(positional: word)
            case .long(let name, let inlineValue):
                if name == OptionSpec.help.long {
                    helpRequested = true
                    break
                }
                guard let option = options.first(where: { $0.long == name }) else {
                    let shown = name.isEmpty ? argument : "--\(name)"
                    throw .unknownOption(shown, among: longSpellings)
                }
                if option.isFlag {
                    guard inlineValue == nil else { throw .valueNotAllowed(for: option) }
                    values.record(flag: option)
                } else if let inlineValue {
                    try record(inlineValue, for: option)
                } else if index < tokens.endIndex, ArgumentToken(tokens[index]).isWord {
                    try record(tokens[index], for: option)
                    index += 1
                } else {
                    throw .missingValue(for: option)
                }
            case .shorts(let letters):
                index = try readShorts(letters, argument: argument, tokens: tokens, next: index)
            }
        }
    }

    /// Checks that every required positional argument was given.
    ///
    /// - Throws: ``ArgumentProblem/missingArgument(_:)`` for the first one missing.
    func checkRequiredArguments() throws(ArgumentProblem) {
        for argument in arguments where argument.isRequired && values.values(of: argument).isEmpty {
            throw .missingArgument(argument)
        }
    }

    /// Reads `-a`, `-ay`, `-p high` or `-p=high` (a short option taking a value ends its group);
    /// returns the index of the next token to read.
    private mutating func readShorts(
        _ letters: [Character], argument: String, tokens: ArraySlice<String>, next: Int
    ) throws(ArgumentProblem) -> Int {
        for (offset, letter) in letters.enumerated() {
            if letter == OptionSpec.help.short {
                helpRequested = true
                return next
            }
            guard let option = options.first(where: { $0.short == letter }) else {
                throw .unknownOption(letters.count == 1 ? "-\(letter)" : argument, among: longSpellings)
            }
            if option.isFlag {
                values.record(flag: option)
                continue
            }
            let rest = letters[(offset + 1)...]
            if rest.first == "=" {
                try record(String(rest.dropFirst()), for: option)
                return next
            }
            guard rest.isEmpty else { throw .unknownOption(argument, among: longSpellings) }
            guard next < tokens.endIndex, ArgumentToken(tokens[next]).isWord else { throw .missingValue(for: option) }
            try record(tokens[next], for: option)
            return next + 1
        }
        return next
    }

    private mutating func record(_ text: String, for option: OptionSpec) throws(ArgumentProblem) {
        guard let spec = option.value else { throw .valueNotAllowed(for: option) }
        values.record(try spec.read(text, place: "'\(option.synopsis)'"), for: option)
    }

    private mutating func take(positional word: String) throws(ArgumentProblem) {
        guard argumentIndex < arguments.count else { throw .unexpectedArgument(word) }
        let argument = arguments[argumentIndex]
        values.record(try argument.value.read(word, place: "'\(argument.value.label)'"), for: argument)
        if !argument.isVariadic { argumentIndex += 1 }
    }

    /// The long names a misspelt option is compared with: the options read here and `--help`.
    private var longSpellings: [String] {
        options.map { "--\($0.long)" } + ["--\(OptionSpec.help.long)"]
    }
}
