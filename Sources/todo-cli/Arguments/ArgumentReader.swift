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
                if currentArgument?.keepsTerminator == true { try take(positional: argument) }
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
                } else {
                    try record(valueAt: index, in: tokens, for: option)
                    index += 1
                }
            case .shorts(let letters):
                if currentArgument?.takesDashWords == true, !isOptionGroup(letters) {
                    try take(positional: argument)
                } else {
                    index = try readShorts(letters, argument: argument, tokens: tokens, next: index)
                }
            }
        }
    }

    /// Checks that every required positional argument was given.
    ///
    /// - Parameter given: An argument given otherwise (by filter terms before the command).
    /// - Throws: ``ArgumentProblem/missingArgument(_:)`` for the first one missing.
    func checkRequiredArguments(except given: ArgumentSpec? = nil) throws(ArgumentProblem) {
        for argument in arguments
        where argument.isRequired && argument != given && values.values(of: argument).isEmpty {
            throw .missingArgument(argument)
        }
    }

    /// The positional argument the next word goes to, if any is left.
    private var currentArgument: ArgumentSpec? {
        argumentIndex < arguments.count ? arguments[argumentIndex] : nil
    }

    /// Whether `-letters` is read as options here: one letter (`-x`, an unknown option rather
    /// than a one-letter tag), or each letter a short option read here (or help), up to one
    /// taking a value that ends the group, alone or after an equals sign (`-ay`, `-p=high`).
    /// Otherwise (`-old`, `-pending`), where an argument takes such words, it is one of its words.
    private func isOptionGroup(_ letters: [Character]) -> Bool {
        guard letters.count > 1 else { return true }
        for (offset, letter) in letters.enumerated() where letter != OptionSpec.help.short {
            guard let option = options.first(where: { $0.short == letter }) else { return false }
            if option.isFlag { continue }
            let rest = letters[(offset + 1)...]
            return rest.isEmpty || rest.first == "="
        }
        return true
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
            try record(valueAt: next, in: tokens, for: option)
            return next + 1
        }
        return next
    }

    /// Records the token at `index` as the value of `option`, which takes one.
    ///
    /// A token that starts with `-` is the value when it is none of the options read here: a
    /// value from a closed list (`--sort -due`) is then reported as not one of the list, while
    /// free text (`--note -x`) must be written `--note=-x`, so that a mistyped option never
    /// becomes a note or a title.
    private mutating func record(
        valueAt index: Int, in tokens: ArraySlice<String>, for option: OptionSpec
    ) throws(ArgumentProblem) {
        guard index < tokens.endIndex else { throw .missingValue(for: option) }
        let token = tokens[index]
        let kind = ArgumentToken(token)
        if !kind.isWord {
            let isOption = isOptionReadHere(kind)
            guard let value = option.value, !isOption, !value.isOpen else {
                throw .missingValue(for: option, before: isOption ? nil : token)
            }
        }
        try record(token, for: option)
    }

    /// Whether `token` is an option read here (or help, or the `--` that ends the options),
    /// rather than a value that happens to start with `-`.
    private func isOptionReadHere(_ token: ArgumentToken) -> Bool {
        switch token {
        case .terminator:
            return true
        case .long(let name, _):
            return name == OptionSpec.help.long || options.contains { $0.long == name }
        case .shorts(let letters):
            // One letter is an option when it is one read here (`-d`); several only when they
            // are a group of them (`-qt`), so that `-high`, `-daily` or `-tomorrow` — letters of
            // options followed by others — are values, refused as such when they are bad ones.
            guard letters.count > 1 else {
                return letters[0] == OptionSpec.help.short || options.contains { $0.short == letters[0] }
            }
            return isOptionGroup(letters)
        case .word:
            return false
        }
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
