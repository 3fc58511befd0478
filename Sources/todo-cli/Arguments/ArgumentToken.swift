/// One command-line argument, classified the way the parser reads it.
enum ArgumentToken: Equatable {
    /// `--`: every argument after it is positional.
    case terminator
    /// `--name` or `--name=value`.
    case long(name: String, value: String?)
    /// `-a`, or several short flags together (`-ay`); a short option that takes a value may
    /// have it after an equals sign (`-p=high`).
    case shorts([Character])
    /// Anything else: a positional argument or an option's value, including `-` alone and
    /// negative numbers (`-3`), which no option can be confused with.
    case word(String)

    /// Classifies `argument`.
    init(_ argument: String) {
        if argument == "--" {
            self = .terminator
        } else if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            if let equals = body.firstIndex(of: "=") {
                self = .long(name: String(body[..<equals]), value: String(body[body.index(after: equals)...]))
            } else {
                self = .long(name: String(body), value: nil)
            }
        } else if argument.hasPrefix("-"), argument.count > 1,
            let second = argument.dropFirst().first, !(second.isASCII && second.isNumber)
        {
            self = .shorts(Array(argument.dropFirst()))
        } else {
            self = .word(argument)
        }
    }

    /// Whether the argument can be an option's value (`--note text`): only a word can.
    var isWord: Bool {
        if case .word = self { return true }
        return false
    }
}
