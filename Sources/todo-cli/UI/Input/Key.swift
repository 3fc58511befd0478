/// A key the user pressed, decoded from the terminal's bytes by ``KeyDecoder``.
enum Key: Hashable, Sendable {
    /// Text: a letter, a digit, a space, any character typed (one Unicode scalar at a time;
    /// combining marks join the character before them when inserted into text).
    case character(Character)
    /// Ctrl and a letter (`.control("c")` for Ctrl-C), or `@ \ ] ^ _`; Tab, Enter and
    /// Backspace are keys of their own.
    case control(Character)
    /// Enter (carriage return, or line feed).
    case enter
    /// Tab.
    case tab
    /// Shift-Tab.
    case backTab
    /// Backspace (DEL or Ctrl-H).
    case backspace
    /// Delete (forward).
    case delete
    /// Insert.
    case insert
    /// Esc on its own.
    case escape
    /// The arrow keys.
    case up, down, left, right
    /// Home and End.
    case home, end
    /// Page Up and Page Down.
    case pageUp, pageDown
    /// F1 to F12.
    case function(Int)

    /// How the key is written in help: `↑`, `j`, `space`, `Ctrl-C`, `PgDn`.
    var label: String {
        switch self {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .control(let character): return "Ctrl-" + character.uppercased()
        case .enter: return "Enter"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Del"
        case .insert: return "Ins"
        case .escape: return "Esc"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let number): return "F\(number)"
        }
    }

    /// The text the key types, for a text field: a character, or nothing.
    var text: Character? {
        if case .character(let character) = self { return character }
        return nil
    }
}
