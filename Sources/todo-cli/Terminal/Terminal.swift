import TodoCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command knows about where it runs: the environment and the terminals.
struct Terminal {
    /// The environment variables.
    var environment: [String: String]
    /// Whether standard input is a terminal (confirmations are asked only then).
    var inputIsTerminal: Bool
    /// Whether standard output is a terminal (colour and fitting the width only then).
    var outputIsTerminal: Bool
    /// Whether standard error is a terminal (progress only then).
    var errorIsTerminal: Bool
    /// The width of standard output's terminal in columns, when it is one.
    var width: Int?
    /// The height of standard output's terminal in rows, when it is one.
    var height: Int? = nil
    /// The width of standard error's terminal in columns, when it is one.
    var errorWidth: Int? = nil

    /// The process's terminal and environment.
    static func current() -> Terminal {
        var environment: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        let outputIsTerminal = isatty(1) == 1
        var width: Int?
        var height: Int?
        if outputIsTerminal {
            var size = winsize()
            if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { width = Int(size.ws_col) }
            if size.ws_row > 0 { height = Int(size.ws_row) }
            if width == nil, let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { width = columns }
        }
        let errorIsTerminal = isatty(2) == 1
        var errorWidth: Int?
        if errorIsTerminal {
            var size = winsize()
            if ioctl(2, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { errorWidth = Int(size.ws_col) }
        }
        return Terminal(
            environment: environment, inputIsTerminal: isatty(0) == 1, outputIsTerminal: outputIsTerminal,
            errorIsTerminal: errorIsTerminal, width: width, height: height, errorWidth: errorWidth)
    }

    /// The columns messages on standard error (errors, usage, warnings) are wrapped to when it
    /// is a terminal: `COLUMNS` when it is a positive number, else the terminal's width, else 80.
    /// `nil` elsewhere (a log, a pipe): each message stays whole on its lines, for tools that
    /// read them.
    var errorLineWidth: Int? {
        guard errorIsTerminal else { return nil }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return errorWidth ?? 80
    }

    /// The columns human-readable output fits in: `COLUMNS` when it is a positive number, else
    /// the width of standard output's terminal, else 80 (a pipe, a file). No line is wider.
    var lineWidth: Int {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return width ?? 80
    }

    /// The rows a page of output may take (`todo next`): `LINES` when it is a positive number,
    /// else the height of standard output's terminal; `nil` off a terminal (no limit).
    var pageHeight: Int? {
        if let lines = environment["LINES"].flatMap(Int.init), lines > 0 { return lines }
        return outputIsTerminal ? height : nil
    }

    /// Whether to print colours: never with `--no-color`; with the config's `color = always`,
    /// always; with `never`, never; with `auto` (the default), only to a terminal and without
    /// `NO_COLOR` (any value but empty).
    func usesColor(noColorOption: Bool, mode: TodoConfig.ColorMode = .auto) -> Bool {
        guard !noColorOption else { return false }
        switch mode {
        case .always: return true
        case .never: return false
        case .auto: return outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}
