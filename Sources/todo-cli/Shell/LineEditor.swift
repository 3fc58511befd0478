/// The line `todo shell` reads on a terminal, as a pure state machine: keys in; the text, the
/// cursor, the history and the bytes that show the line on the terminal out.
///
/// The line takes one row: a line longer than the row scrolls sideways, so that the cursor
/// stays visible (``TextField/visible(width:)``: wide characters take two columns, combining
/// marks none, control characters are shown as `�`). Every change draws the whole row again —
/// carriage return, prompt, text, erase to the end of the row, the cursor put back — so that
/// what the row shows never depends on what it showed before. The last column is never written
/// to, so that the terminal never wraps.
///
/// ```swift
/// var editor = LineEditor(prompt: "todo> ", columns: 80, history: ["list"])
/// editor.handle(.up)                // shows "list"
/// editor.handle(.enter).outcome     // .submitted("list", addedToHistory: false)
/// ```
struct LineEditor: Sendable {
    /// What a key did.
    enum Outcome: Equatable, Sendable {
        /// The line is still being edited.
        case editing
        /// Enter: the line to run, and whether it was added to the history (not when blank,
        /// nor when the same as the last one).
        case submitted(String, addedToHistory: Bool)
        /// Ctrl-D on an empty line: the end of the input.
        case ended
        /// Ctrl-Z: the caller gives the terminal back and stops, then draws the line again.
        case suspended
    }

    /// What is shown before the text.
    let prompt: String
    /// The terminal's width.
    var columns: Int
    /// The line being edited.
    private(set) var field = TextField()
    /// The lines run before, oldest first.
    private(set) var history: [String]
    /// Where the history is shown: an index into ``history``, or its count for the line being
    /// typed.
    private(set) var historyPosition: Int
    /// The most lines the history keeps (the oldest go first).
    let historyLimit: Int
    /// The line being typed, kept while the history is shown.
    private var draft = TextField()

    /// An empty line after `prompt`, on a terminal `columns` wide, with `history` (oldest
    /// first; only its last `historyLimit` lines are kept).
    init(prompt: String, columns: Int, history: [String] = [], historyLimit: Int = ShellHistory.limit) {
        self.prompt = prompt
        self.columns = columns
        self.historyLimit = max(historyLimit, 0)
        self.history = Array(history.suffix(self.historyLimit))
        historyPosition = self.history.count
    }

    /// The text of the line.
    var text: String { field.text }

    /// How many characters are before the cursor.
    var cursor: Int { field.cursor }

    /// What the row shows after the prompt, and the cursor's column in it.
    var visible: (text: String, cursorColumn: Int) {
        field.visible(width: max(columns - DisplayWidth.of(prompt) - 1, 1))
    }

    /// Handles one key.
    ///
    /// - Returns: What the key did, and the bytes to write to the terminal to show it (empty
    ///   when nothing changed).
    @discardableResult
    mutating func handle(_ key: Key) -> (outcome: Outcome, output: String) {
        if let character = key.text {
            field.insert(character)
            return (.editing, redraw())
        }
        guard let action = ShellKeymap.keys.action(for: key) else { return (.editing, "") }
        let before = (field, historyPosition)
        switch action {
        case .edit(let edit):
            field.apply(edit)
        case .deleteForwardOrEnd:
            if field.text.isEmpty { return (.ended, "\r\n") }
            field.apply(.deleteForward)
        case .previous:
            guard historyPosition > 0 else { break }
            if historyPosition == history.count { draft = field }
            historyPosition -= 1
            field = TextField(history[historyPosition])
        case .next:
            guard historyPosition < history.count else { break }
            historyPosition += 1
            field = historyPosition == history.count ? draft : TextField(history[historyPosition])
        case .submit:
            return submit()
        case .clearLine:
            field = TextField()
            draft = TextField()
            historyPosition = history.count
        case .clearScreen:
            return (.editing, "\u{1B}[H\u{1B}[2J" + redraw())
        case .suspend:
            return (.suspended, "\r\n")
        }
        return (.editing, before == (field, historyPosition) ? "" : redraw())
    }

    /// The bytes that draw the row again: the prompt, the visible part of the text, the rest
    /// of the row erased, the cursor in its place (after the counts printed above it, after
    /// a resize).
    func redraw() -> String {
        let (text, cursorColumn) = visible
        let column = DisplayWidth.of(prompt) + cursorColumn
        return "\r" + prompt + text + "\u{1B}[K\r" + (column > 0 ? "\u{1B}[\(column)C" : "")
    }

    /// Enter: the whole line shown once more (wrapping if it must, so that the terminal's
    /// scrollback keeps it all), then a new row; the line goes to the history.
    private mutating func submit() -> (outcome: Outcome, output: String) {
        let line = field.text
        let output = "\r" + prompt + line.terminalSafe + "\u{1B}[K\r\n"
        var added = false
        if !line.allSatisfy(\.isWhitespace), line != history.last, historyLimit > 0 {
            history.append(line)
            if history.count > historyLimit { history.removeFirst(history.count - historyLimit) }
            added = true
        }
        field = TextField()
        draft = TextField()
        historyPosition = history.count
        return (.submitted(line, addedToHistory: added), output)
    }
}
