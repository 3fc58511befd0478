/// The text of a form field or a prompt, and where the cursor is in it: a pure line editor.
///
/// The cursor counts characters (grapheme clusters): a combining mark typed after a letter
/// joins it, so the cursor never stands inside a character.
///
/// ```swift
/// var field = TextField("Buy mlk")
/// field.apply(.left)
/// field.apply(.left)
/// field.insert("i")        // "Buy milk", cursor before "lk"
/// field.visible(width: 5)  // ("y mil", cursor at 4)
/// ```
struct TextField: Hashable, Sendable {
    /// The characters.
    private(set) var characters: [Character]
    /// How many characters are before the cursor.
    private(set) var cursor: Int

    /// A field holding `text`, the cursor at its end.
    init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text.
    var text: String { String(characters) }

    /// Types `character` at the cursor.
    mutating func insert(_ character: Character) {
        if cursor > 0 {
            let joined = String(characters[cursor - 1]) + String(character)
            if joined.count == 1 {  // a combining mark, a joiner or a variation selector
                characters[cursor - 1] = Character(joined)
                return
            }
        }
        characters.insert(character, at: cursor)
        cursor += 1
    }

    /// Applies an editing key; returns whether the text changed.
    @discardableResult
    mutating func apply(_ action: TextEditAction) -> Bool {
        switch action {
        case .left:
            cursor = max(cursor - 1, 0)
        case .right:
            cursor = min(cursor + 1, characters.count)
        case .home:
            cursor = 0
        case .end:
            cursor = characters.count
        case .deleteBackward:
            guard cursor > 0 else { return false }
            characters.remove(at: cursor - 1)
            cursor -= 1
            return true
        case .deleteForward:
            guard cursor < characters.count else { return false }
            characters.remove(at: cursor)
            return true
        case .deleteToStart:
            guard cursor > 0 else { return false }
            characters.removeSubrange(0..<cursor)
            cursor = 0
            return true
        case .deleteToEnd:
            guard cursor < characters.count else { return false }
            characters.removeSubrange(cursor...)
            return true
        case .deleteWord:
            guard cursor > 0 else { return false }
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
            return true
        }
        return false
    }

    /// What fits in `width` columns around the cursor, and the cursor's column in it: the
    /// start when the text fits, else scrolled so that the cursor stays visible. Characters
    /// that would move the terminal's cursor are shown as ``Character/terminalSafe`` says.
    func visible(width: Int) -> (text: String, cursorColumn: Int) {
        guard width > 0 else { return ("", 0) }
        let shown = characters.map(\.terminalSafe)
        let widths = shown.map { DisplayWidth.of($0) }
        var start = 0
        var before = widths[0..<cursor].reduce(0, +)
        while before > width - 1, start < cursor {  // keep a column for the cursor
            before -= widths[start]
            start += 1
        }
        var text = ""
        var used = 0
        for index in start..<shown.count {
            if used + widths[index] > width { break }
            text.append(shown[index])
            used += widths[index]
        }
        return (text, before)
    }
}
