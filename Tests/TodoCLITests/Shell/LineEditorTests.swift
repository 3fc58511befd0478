import Testing

@testable import todo_cli

/// The line editor of `todo shell` as a pure state machine: keys in; the text, the cursor, the
/// history and what the terminal's row shows out.
@Suite struct LineEditorTests {
    /// One row of a terminal, `columns` wide, that understands what the editor writes: text,
    /// `\r`, `\n`, `ESC[K`, `ESC[nC`, `ESC[H ESC[2J`. Wide characters take two cells (the second
    /// empty); writing in the last column is recorded as a wrap, and what goes past it starts
    /// the next row.
    struct Row {
        let columns: Int
        var cells: [String]
        var cursor = 0
        var wrapped = false
        var newLines = 0
        var cleared = false

        init(columns: Int) {
            self.columns = columns
            cells = Array(repeating: " ", count: columns)
        }

        /// What the row shows, trailing spaces dropped.
        var text: String {
            var text = cells.joined()
            while text.hasSuffix(" ") { text.removeLast() }
            return text
        }

        mutating func apply(_ output: String) {
            var characters = output[...]
            while let character = characters.first {
                characters = characters.dropFirst()
                switch character {
                case "\r":
                    cursor = 0
                case "\n", "\r\n":
                    cursor = 0
                    newLines += 1
                    cells = Array(repeating: " ", count: columns)
                case "\u{1B}":
                    let sequence = characters.prefix { !$0.isLetter }
                    guard let final = characters.dropFirst(sequence.count).first else { return }
                    characters = characters.dropFirst(sequence.count + 1)
                    let number = Int(sequence.dropFirst()) ?? 1
                    switch final {
                    case "K": for index in cursor..<columns { cells[index] = " " }
                    case "C": cursor = min(cursor + number, columns - 1)
                    case "H": cursor = 0
                    case "J":
                        cleared = true
                        cells = Array(repeating: " ", count: columns)
                    default: Issue.record("unexpected escape sequence \(sequence)\(final)")
                    }
                default:
                    let width = DisplayWidth.of(character)
                    if cursor + width > columns - 1 && width > 0 { wrapped = true }
                    if cursor + width > columns {  // the terminal goes on at the start of the next row
                        cursor = 0
                        cells = Array(repeating: " ", count: columns)
                    }
                    if width == 0 {
                        if cursor > 0 { cells[cursor - 1] += String(character) }
                        continue
                    }
                    cells[cursor] = String(character)
                    if width == 2 { cells[cursor + 1] = "" }
                    cursor += width
                }
            }
        }
    }

    /// An editor and the row it draws on, driven by keys.
    struct Session {
        var editor: LineEditor
        var row: Row
        var outcomes: [LineEditor.Outcome] = []

        init(columns: Int = 40, history: [String] = [], limit: Int = ShellHistory.limit) {
            editor = LineEditor(prompt: "todo> ", columns: columns, history: history, historyLimit: limit)
            row = Row(columns: columns)
            row.apply(editor.redraw())
        }

        mutating func press(_ keys: Key...) {
            for key in keys {
                let (outcome, output) = editor.handle(key)
                outcomes.append(outcome)
                row.apply(output)
            }
        }

        mutating func type(_ text: String) {
            for scalar in text.unicodeScalars { press(.character(Character(scalar))) }
        }

        /// The bytes a terminal sends, decoded as the shell decodes them.
        mutating func send(_ bytes: String) {
            for key in KeyDecoder.decode(Array(bytes.utf8), isComplete: true).keys { press(key) }
        }
    }

    @Test func typingAndMovingEditsTheLineAndTheRowShowsIt() {
        var session = Session()
        session.type("ad milk")
        session.press(.left, .left, .left, .left, .left)
        session.type("d")
        #expect(session.editor.text == "add milk")
        #expect(session.editor.cursor == 3)
        #expect(session.row.text == "todo> add milk")
        #expect(session.row.cursor == 9)
        session.press(.control("e"))
        session.type(" now")
        session.press(.home)
        session.press(.delete)
        session.type("A")
        session.press(.end, .backspace)
        #expect(session.editor.text == "Add milk no")
        #expect(session.row.text == "todo> Add milk no")
        #expect(session.row.cursor == 17)
        session.press(.control("a"), .right, .right, .right, .control("k"))
        #expect(session.editor.text == "Add")
        session.type(" one two three")
        session.press(.control("w"), .control("w"))
        #expect(session.editor.text == "Add one ")
        session.press(.left, .left, .control("u"))
        #expect(session.editor.text == "e ")
        #expect(session.editor.cursor == 0)
        #expect(session.row.text == "todo> e")
        #expect(session.row.cursor == 6)
        session.press(.control("f"), .control("b"))
        #expect(session.editor.cursor == 0)
        #expect(session.outcomes.allSatisfy { $0 == .editing })
    }

    @Test func theExactBytesOfARedraw() {
        var editor = LineEditor(prompt: "todo> ", columns: 80)
        #expect(editor.handle(.character("l")).output == "\rtodo> l\u{1B}[K\r\u{1B}[7C")
        #expect(editor.handle(.home).output == "\rtodo> l\u{1B}[K\r\u{1B}[6C")
        #expect(editor.handle(.left).output == "", "nothing moved: nothing written")
        #expect(LineEditor(prompt: "", columns: 80).redraw() == "\r\u{1B}[K\r", "column 0: no move")
    }

    @Test func arrowKeysFromTheTerminalMoveTheCursorInsteadOfBeingTyped() {
        var session = Session()
        session.send("ls\u{1B}[D\u{1B}[D\u{1B}OD")  // CSI and SS3 (application mode) arrows
        session.type("x")
        session.send("\u{1B}[C\u{1B}[3~\u{1B}[F\u{1B}[H")  // right, Delete, End, Home
        #expect(session.editor.text == "xl")
        #expect(session.editor.cursor == 0)
        #expect(!session.row.text.contains("["), "\(session.row.text)")
    }

    @Test func enterSubmitsTheLineShowsItWholeAndStartsAnEmptyOne() {
        var session = Session(columns: 20)
        session.type("add a title longer than the row")
        session.press(.enter)
        #expect(session.outcomes.last == .submitted("add a title longer than the row", addedToHistory: true))
        #expect(session.row.wrapped, "the whole line shown, wrapping, for the scrollback")
        #expect(session.row.newLines == 1)
        #expect(session.editor.text == "")
        #expect(session.editor.history == ["add a title longer than the row"])
    }

    @Test func upAndDownGoThroughTheHistoryAndBackToTheLineBeingTyped() {
        var session = Session(history: ["add one", "list"])
        session.type("dra")
        session.press(.up)
        #expect(session.editor.text == "list")
        #expect(session.row.text == "todo> list")
        session.press(.up, .up, .control("p"))
        #expect(session.editor.text == "add one", "the oldest stays")
        #expect(session.editor.historyPosition == 0)
        session.press(.down)
        #expect(session.editor.text == "list")
        session.press(.control("n"))
        #expect(session.editor.text == "dra", "the line being typed comes back")
        #expect(session.row.text == "todo> dra")
        session.press(.down)
        #expect(session.editor.text == "dra")
        session.press(.up, .backspace, .backspace)
        session.type("s")
        session.press(.enter)
        #expect(session.outcomes.last == .submitted("lis", addedToHistory: true))
        #expect(session.editor.history == ["add one", "list", "lis"])
        session.press(.up)
        #expect(session.editor.text == "lis")
    }

    @Test func blankLinesAndRepeatsOfTheLastLineAreNotAddedToTheHistory() {
        var session = Session(history: ["list"])
        session.press(.enter)
        #expect(session.outcomes.last == .submitted("", addedToHistory: false))
        session.type("   ")
        session.press(.enter)
        #expect(session.outcomes.last == .submitted("   ", addedToHistory: false))
        session.press(.up, .enter)
        #expect(session.outcomes.last == .submitted("list", addedToHistory: false))
        #expect(session.editor.history == ["list"])
    }

    @Test func theHistoryKeepsItsLimit() {
        var session = Session(history: ["a", "b", "c", "d"], limit: 3)
        #expect(session.editor.history == ["b", "c", "d"])
        session.type("e")
        session.press(.enter)
        #expect(session.editor.history == ["c", "d", "e"])
    }

    @Test func ctrlDEndsOnAnEmptyLineAndDeletesOtherwise() {
        var session = Session()
        session.type("ab")
        session.press(.home, .control("d"))
        #expect(session.editor.text == "b")
        #expect(session.outcomes.last == .editing)
        session.press(.control("d"))
        #expect(session.editor.text == "")
        #expect(session.outcomes.last == .editing)
        #expect(session.row.newLines == 0)
        session.press(.control("d"))
        #expect(session.outcomes.last == .ended)
        #expect(session.row.newLines == 1)
    }

    @Test func ctrlCClearsTheLineAndLeavesTheHistory() {
        var session = Session(history: ["list"])
        session.type("add something")
        session.press(.control("c"))
        #expect(session.editor.text == "")
        #expect(session.row.text == "todo>")
        #expect(session.outcomes.last == .editing)
        session.press(.up, .control("c"))
        #expect(session.editor.historyPosition == 1)
        session.press(.up)
        #expect(session.editor.text == "list")
    }

    @Test func ctrlLClearsTheScreenAndDrawsTheLineAgain() {
        var session = Session()
        session.type("ls")
        session.press(.control("l"))
        #expect(session.row.cleared)
        #expect(session.row.text == "todo> ls")
        #expect(session.editor.text == "ls")
    }

    @Test func ctrlZAsksTheCallerToSuspend() {
        var session = Session()
        session.press(.control("z"))
        #expect(session.outcomes.last == .suspended)
    }

    @Test func keysWithoutAMeaningDoNothing() {
        var session = Session()
        session.type("ls")
        for key: Key in [.tab, .function(1), .pageUp, .escape, .insert, .control("g"), .backTab] {
            #expect(session.editor.handle(key).output == "", "\(key)")
        }
        #expect(session.editor.text == "ls")
    }

    @Test func wideCharactersTakeTwoColumnsAndTheCursorFollows() {
        var session = Session(columns: 40)
        session.type("add 日本語")
        #expect(session.row.text == "todo> add 日本語")
        #expect(session.row.cursor == 16)
        session.press(.left)
        #expect(session.row.cursor == 14)
        session.type("x")
        #expect(session.editor.text == "add 日本x語")
        #expect(session.row.cursor == 15)
    }

    @Test func aCombiningMarkJoinsTheCharacterBeforeIt() {
        var session = Session()
        session.type("cafe\u{301}")
        #expect(session.editor.text == "caf\u{E9}")
        #expect(session.editor.cursor == 4)
        #expect(session.row.cursor == 10)
        session.press(.backspace)
        #expect(session.editor.text == "caf")
        session.send("e\u{301}!")  // decoded from UTF-8 bytes
        #expect(session.editor.text == "caf\u{E9}!")
        #expect(session.row.cursor == 11)
    }

    @Test func aLineLongerThanTheRowScrollsSidewaysAndNeverWraps() {
        var session = Session(columns: 20)
        let text = "add " + String(repeating: "日本", count: 10) + " tail"
        session.type(text)
        #expect(!session.row.wrapped)
        #expect(session.row.text.hasPrefix("todo> "))
        #expect(session.row.text.hasSuffix(" tail"), "\(session.row.text)")
        #expect(DisplayWidth.of(session.row.text) <= 19, "the last column stays empty")
        #expect(session.row.cursor <= 19)
        session.press(.home)
        #expect(session.row.text.hasPrefix("todo> add 日本"), "\(session.row.text)")
        #expect(session.row.cursor == 6)
        for _ in 0..<12 { session.press(.right) }
        #expect(!session.row.wrapped)
        #expect(session.editor.cursor == 12)
        let (shown, column) = session.editor.visible
        #expect(session.row.cursor == 6 + column)
        #expect(session.row.text == "todo> " + shown)
        #expect(session.editor.text == text)
    }

    @Test func aNarrowerTerminalIsDrawnAgainAtItsWidth() {
        var session = Session(columns: 40)
        session.type(String(repeating: "x", count: 30))
        session.editor.columns = 20
        session.row = Row(columns: 20)
        session.row.apply(session.editor.redraw())
        #expect(!session.row.wrapped)
        #expect(session.row.text == "todo> " + String(repeating: "x", count: 12))
    }

    @Test func controlCharactersFromTheHistoryAreShownSafely() {
        var session = Session(history: ["li\u{1B}[2Jst\u{07}"])
        var editor = session.editor
        let output = editor.handle(.up).output
        #expect(output == "\rtodo> li\u{FFFD}[2Jst\u{FFFD}\u{1B}[K\r\u{1B}[15C")
        session.press(.up)
        #expect(session.editor.text == "li\u{1B}[2Jst\u{07}", "the line itself is kept as it was")
        let submitted = editor.handle(.enter).output
        #expect(submitted == "\rtodo> li\u{FFFD}[2Jst\u{FFFD}\u{1B}[K\r\n")
    }

    @Test func theKeysOfTheIssueAreBoundAndListedInHelp() {
        let keys = ShellKeymap.keys
        #expect(keys.action(for: .left) == .edit(.left))
        #expect(keys.action(for: .right) == .edit(.right))
        #expect(keys.action(for: .home) == .edit(.home))
        #expect(keys.action(for: .end) == .edit(.end))
        #expect(keys.action(for: .delete) == .edit(.deleteForward))
        #expect(keys.action(for: .backspace) == .edit(.deleteBackward))
        #expect(keys.action(for: .up) == .previous)
        #expect(keys.action(for: .down) == .next)
        #expect(keys.action(for: .control("a")) == .edit(.home))
        #expect(keys.action(for: .control("e")) == .edit(.end))
        #expect(keys.action(for: .control("k")) == .edit(.deleteToEnd))
        #expect(keys.action(for: .control("u")) == .edit(.deleteToStart))
        #expect(keys.action(for: .control("w")) == .edit(.deleteWord))
        #expect(keys.action(for: .control("d")) == .deleteForwardOrEnd)
        #expect(keys.action(for: .control("c")) == .clearLine)
        #expect(keys.action(for: .enter) == .submit)
        let help = HelpRenderer.help(for: ShellCommand.spec)
        for entry in keys.entries {
            #expect(help.contains(entry.keys.joined(separator: " or ") + ": " + entry.description), "\(entry)")
        }
    }
}
