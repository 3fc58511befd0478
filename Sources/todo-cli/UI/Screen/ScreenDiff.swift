/// Turns frames into the bytes that update the terminal: only the lines that changed since the
/// frame before, or every line after ``invalidate()`` (a resize, a redraw asked for, a return
/// from suspension).
///
/// Each changed line is written whole at its row, after clearing the row (so that nothing of
/// the old line stays, even where the terminal measures a character differently).
///
/// ```swift
/// var diff = ScreenDiff()
/// diff.update(to: frame, style: style)   // everything, the first time
/// diff.update(to: next, style: style)    // only what changed
/// ```
struct ScreenDiff {
    /// The lines on the terminal now (empty until the first update and after invalidating).
    private(set) var shown: [ScreenLine] = []
    private var shownCursor: ScreenFrame.Position?
    private var needsClearing = true

    /// Creates a renderer for a screen that is not drawn yet.
    init() {}

    /// Forgets what is on the terminal: the next update clears it and draws every line.
    mutating func invalidate() {
        shown = []
        needsClearing = true
    }

    /// The bytes that turn the terminal from the last frame into `frame` (empty when nothing
    /// changed).
    mutating func update(to frame: ScreenFrame, style: Style) -> [UInt8] {
        var bytes: [UInt8] = []
        if needsClearing || shown.count != frame.lines.count {
            bytes += Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8)
            shown = []
            needsClearing = false
        }
        for (row, line) in frame.lines.enumerated() where row >= shown.count || shown[row] != line {
            bytes += Array("\u{1B}[\(row + 1);1H\u{1B}[2K".utf8)
            bytes += line.bytes(style: style)
        }
        if !bytes.isEmpty || frame.cursor != shownCursor {
            if let cursor = frame.cursor {
                bytes += Array("\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h".utf8)
            } else {
                bytes += Array("\u{1B}[?25l".utf8)
            }
        }
        shown = frame.lines
        shownCursor = frame.cursor
        return bytes
    }
}
