/// What a key does while `todo shell` reads a line on a terminal.
enum ShellLineAction: Hashable, Sendable {
    /// Edits the line (``TextField``).
    case edit(TextEditAction)
    /// Deletes the character under the cursor; on an empty line, leaves the shell (Ctrl-D).
    case deleteForwardOrEnd
    /// Shows the line before in the history.
    case previous
    /// Shows the line after in the history (after the last one, the line being typed).
    case next
    /// Runs the line.
    case submit
    /// Clears the line (Ctrl-C).
    case clearLine
    /// Clears the screen, the line kept (Ctrl-L).
    case clearScreen
    /// Stops the shell; `fg` brings it back (Ctrl-Z).
    case suspend
}

/// Every key of `todo shell`'s line editor, declared once: the editor looks actions up here,
/// and `todo shell --help` and Docs/CLI.md list these same bindings.
enum ShellKeymap {
    /// The keys, in the order help lists them.
    static let keys = Keymap<ShellLineAction>(
        title: "Keys at the prompt (on a terminal)",
        [
            KeyBinding([.left, .control("b")], .edit(.left), "move left"),
            KeyBinding([.right, .control("f")], .edit(.right), "move right"),
            KeyBinding([.home, .control("a")], .edit(.home), "start of the line"),
            KeyBinding([.end, .control("e")], .edit(.end), "end of the line"),
            KeyBinding([.backspace], .edit(.deleteBackward), "delete the character before"),
            KeyBinding([.delete], .edit(.deleteForward), "delete the character under"),
            KeyBinding([.control("d")], .deleteForwardOrEnd, "delete the character under; on an empty line, leave"),
            KeyBinding([.control("k")], .edit(.deleteToEnd), "delete to the end"),
            KeyBinding([.control("u")], .edit(.deleteToStart), "delete to the start"),
            KeyBinding([.control("w")], .edit(.deleteWord), "delete the word before"),
            KeyBinding([.up, .control("p")], .previous, "the line before in the history"),
            KeyBinding([.down, .control("n")], .next, "the line after in the history"),
            KeyBinding([.enter], .submit, "run the line"),
            KeyBinding([.control("c")], .clearLine, "clear the line"),
            KeyBinding([.control("l")], .clearScreen, "clear the screen"),
            KeyBinding([.control("z")], .suspend, "suspend (fg brings it back)"),
        ])

    /// The keys as `todo shell --help` prints them: one line per binding.
    static var helpLines: [String] {
        [keys.title + ":"]
            + keys.entries.map { "  " + $0.keys.joined(separator: " or ") + ": " + $0.description }
    }
}
