import TodoCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the lines of `todo shell` on a terminal with ``LineEditor``: raw mode while a line is
/// edited, keys decoded by ``KeyDecoder``, the line drawn on the terminal, the history kept in
/// ``ShellHistory``.
///
/// While it waits for keys it wakes every ``tick`` to run an idle check (the store watcher):
/// text it returns (the live counts) is printed above the prompt, and the prompt and the line
/// being edited are drawn again below it.
final class TerminalLineReader {
    /// How long a wait for keys lasts at most.
    static let tick: Int32 = 250
    /// How long to wait for the rest of an escape sequence before taking `ESC` as Esc.
    static let escapeWait: Int32 = 40

    private var editor: LineEditor
    private let terminal: LineTerminal
    private let descriptor: Int32
    private let history: ShellHistory?
    private let warn: (String) -> Void
    private var unread: [UInt8] = []
    private var keys: [Key] = []
    private var buffer = [UInt8](repeating: 0, count: 4096)
    private var historyFailed = false

    /// A reader drawing `prompt` and the line on `descriptor` (a terminal), with the entries of
    /// `history` to go back to (a history that cannot be read is reported through `warn`, once,
    /// and then not written either).
    init(
        prompt: String, terminal: LineTerminal, descriptor: Int32, history: ShellHistory?,
        warn: @escaping (String) -> Void
    ) {
        self.terminal = terminal
        self.descriptor = descriptor
        self.history = history
        self.warn = warn
        var entries: [String] = []
        if let history {
            do {
                entries = try history.load()
            } catch {
                historyFailed = true
                warn("the history cannot be read, and is not kept: \(error.description)")
            }
        }
        editor = LineEditor(
            prompt: prompt, columns: LineTerminal.columns(of: descriptor) ?? 80, history: entries,
            historyLimit: history?.limit ?? ShellHistory.limit)
    }

    /// Reads one line: shows the prompt, lets the user edit, returns the line on Enter; `nil`
    /// at the end of the input (Ctrl-D on an empty line, the terminal gone).
    ///
    /// - Parameter idle: Runs while the prompt waits; text it returns is printed on a line of
    ///   its own above the prompt.
    func readLine(idle: () -> String?) -> String? {
        noteResume()
        terminal.enter()
        defer { terminal.leave() }
        resize()
        draw(editor.redraw())
        while true {
            while !keys.isEmpty {
                let (outcome, output) = editor.handle(keys.removeFirst())
                draw(output)
                switch outcome {
                case .editing:
                    continue
                case .submitted(let line, let added):
                    if added { save(line) }
                    return line
                case .ended:
                    return nil
                case .suspended:
                    suspend()
                }
            }
            if TerminalSignals.resized.exchange(false, ordering: .relaxed) {
                resize()
                draw(editor.redraw())
            }
            noteResume()
            guard let read = readKeys() else { return nil }
            keys += read
            if read.isEmpty, unread.isEmpty, let text = idle() {
                draw("\r\u{1B}[K" + text + "\r\n" + editor.redraw())
            }
        }
    }

    /// The keys that came before the tick ended (none after a wait with nothing typed); `nil`
    /// when the terminal is gone.
    private func readKeys() -> [Key]? {
        var input = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
        let ready = poll(&input, 1, unread.isEmpty ? TerminalLineReader.tick : TerminalLineReader.escapeWait)
        if ready < 0 { return errno == EINTR ? [] : nil }
        if ready == 0 {
            guard !unread.isEmpty else { return [] }
            let keys = KeyDecoder.decode(unread, isComplete: true).keys
            unread = []
            return keys
        }
        if input.revents & Int16(POLLIN) == 0 { return nil }  // hung up, or an error
        let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
        if count == 0 { return nil }
        unread += buffer[0..<count]
        let (keys, rest) = KeyDecoder.decode(unread, isComplete: false)
        unread = rest
        return keys
    }

    private func draw(_ text: String) {
        guard !text.isEmpty else { return }
        StandardOutput.write(Array(text.utf8), to: descriptor)
    }

    /// Reads the terminal's width again.
    private func resize() {
        if let columns = LineTerminal.columns(of: descriptor) { editor.columns = columns }
    }

    /// Gives the terminal back and stops (Ctrl-Z); carries on here after `fg`, the line drawn
    /// again.
    private func suspend() {
        terminal.leave()
        _ = kill(0, SIGTSTP)
        noteResume()
        terminal.enter()
        resize()
        draw(editor.redraw())
    }

    /// After a stop (here or while a command ran), puts the handler of the next one back.
    private func noteResume() {
        if TerminalSignals.resumed.exchange(false, ordering: .relaxed) { TerminalSignals.reinstallStopHandler() }
    }

    /// Appends `line` to the history file; a failure is reported once, and the history is not
    /// written again.
    private func save(_ line: String) {
        guard let history, !historyFailed else { return }
        do {
            try history.add(line)
        } catch {
            historyFailed = true
            warn("the history cannot be saved: \(error.description)")
        }
    }
}
