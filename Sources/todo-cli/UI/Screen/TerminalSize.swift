/// The size of a terminal, in rows and columns.
struct TerminalSize: Hashable, Sendable {
    /// Lines.
    var rows: Int
    /// Columns.
    var columns: Int
}
