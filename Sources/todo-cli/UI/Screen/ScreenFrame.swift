/// A whole screen: one line per row, each exactly as wide as the terminal, and where the
/// cursor shows (only while text is typed).
struct ScreenFrame: Hashable, Sendable {
    /// A cell of the screen, from 0.
    struct Position: Hashable, Sendable {
        /// The row.
        var row: Int
        /// The column.
        var column: Int
    }

    /// The lines, top to bottom.
    var lines: [ScreenLine]
    /// Where the cursor shows; `nil` hides it.
    var cursor: Position?

    /// The lines without styles, for tests and captures.
    var text: [String] { lines.map(\.text) }
}
