#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The terminal as `todo shell` uses it: in raw mode while a line is edited (keys arrive one by
/// one, unechoed, Ctrl-C as a key), with its own settings while a command runs (so that a
/// confirmation reads a line as usual) — on the normal screen, nothing else changed.
///
/// Switching keeps what was typed ahead. A signal or a crash while in raw mode gives the
/// settings back (``TerminalRestore``, with the handlers of ``TerminalSignals``).
final class LineTerminal {
    private let original: termios

    /// Reads the settings of standard input's terminal, to restore them; `nil` when it is not
    /// a terminal.
    ///
    /// - Parameter restoreBytes: What a signal handler writes to standard output when it gives
    ///   the terminal back (a line break to leave the prompt's row; nothing when standard
    ///   output is not where the line is drawn).
    init?(restoreBytes: [UInt8]) {
        var settings = termios()
        guard isatty(0) == 1, tcgetattr(0, &settings) == 0 else { return nil }
        original = settings
        TerminalRestore.prepare(original: settings, bytes: restoreBytes)
    }

    /// Switches to raw mode.
    func enter() {
        var raw = RawTerminal.raw(original)
        _ = tcsetattr(0, TCSADRAIN, &raw)
        TerminalRestore.setActive(true)
    }

    /// Switches back to the settings from before.
    func leave() {
        TerminalRestore.setActive(false)
        var settings = original
        _ = tcsetattr(0, TCSADRAIN, &settings)
    }

    /// The width of the terminal `descriptor` is on, if it says.
    static func columns(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
