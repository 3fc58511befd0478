#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal as `todo ui` uses it: raw mode (keys arrive one by one, unechoed, Ctrl-C as a
/// key), the alternate screen, the cursor hidden, no line wrapping — and back as it was.
///
/// What restores the terminal is prepared before anything changes, so that a signal handler
/// can restore it with `write(2)` and `tcsetattr` alone (see ``TerminalSignals``).
///
/// ```swift
/// guard let terminal = RawTerminal() else { … }   // standard input is not a terminal
/// terminal.enter()
/// defer { terminal.leave() }
/// ```
final class RawTerminal {
    /// What switches the screen in: the alternate screen, cursor hidden, no autowrap, cleared.
    static let enterBytes: [UInt8] = Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
    /// What switches it back: colours reset, autowrap and cursor on, the normal screen.
    static let restoreBytes: [UInt8] = Array("\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l".utf8)

    private let original: termios

    /// Reads the settings of standard input's terminal, to restore them later; `nil` when it
    /// is not a terminal.
    init?() {
        var settings = termios()
        guard isatty(0) == 1, tcgetattr(0, &settings) == 0 else { return nil }
        original = settings
        TerminalRestore.prepare(original: settings, bytes: RawTerminal.restoreBytes)
    }

    /// Switches to raw mode and the alternate screen.
    func enter() {
        var raw = RawTerminal.raw(original)
        _ = tcsetattr(0, TCSAFLUSH, &raw)
        StandardOutput.write(RawTerminal.enterBytes, to: 1)
        TerminalRestore.setActive(true)
    }

    /// Switches back to the screen and the settings from before ``enter()``.
    func leave() {
        TerminalRestore.setActive(false)
        StandardOutput.write(RawTerminal.restoreBytes, to: 1)
        var settings = original
        _ = tcsetattr(0, TCSAFLUSH, &settings)
    }

    /// `settings` in raw mode: keys arrive one by one (a read returns as soon as one byte
    /// came), unechoed, Ctrl-C, Ctrl-Z and Ctrl-S as keys; output still turns `\n` into `\r\n`.
    static func raw(_ settings: termios) -> termios {
        var raw = settings
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        return raw
    }

    /// The size of standard output's terminal, if it says.
    static func size() -> TerminalSize? {
        var size = winsize()
        guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 else { return nil }
        return TerminalSize(rows: Int(size.ws_row), columns: Int(size.ws_col))
    }
}
