/// Where each part of `todo ui` goes on a terminal of a given size.
///
/// Top to bottom: the title bar, the body (the list and the detail pane, or the edit form),
/// the status line (the counts) and the message line. The detail pane goes beside the list
/// from 100 columns, below it when the body has 14 rows or more, and is hidden otherwise —
/// so that 40 columns stay usable.
struct UIScreenLayout: Hashable, Sendable {
    /// Where the detail pane goes.
    enum Detail: Hashable, Sendable {
        /// Not shown.
        case hidden
        /// Under the list, from row `top` (its first row a rule), `height` rows.
        case below(top: Int, height: Int)
        /// Right of the list, from column `left` (after a rule), `width` columns.
        case beside(left: Int, width: Int)
    }

    /// The terminal's size.
    let size: TerminalSize
    /// The first row of the body.
    let bodyTop = 1
    /// The rows of the body.
    let bodyHeight: Int
    /// The rows of the list pane.
    let listHeight: Int
    /// The columns of the list pane.
    let listWidth: Int
    /// The detail pane.
    let detail: Detail

    /// The smallest size laid out; smaller terminals get a note to grow.
    static let minimum = TerminalSize(rows: 6, columns: 20)

    /// The layout for `size`.
    init(size: TerminalSize) {
        self.size = size
        bodyHeight = max(size.rows - 3, 0)
        if size.columns >= 100, bodyHeight >= 6 {
            let width = min(60, size.columns * 2 / 5)
            detail = .beside(left: size.columns - width, width: width)
            listWidth = size.columns - width - 1
            listHeight = bodyHeight
        } else if bodyHeight >= 14 {
            let height = min(12, bodyHeight / 2)
            detail = .below(top: bodyTop + bodyHeight - height, height: height)
            listWidth = size.columns
            listHeight = bodyHeight - height
        } else {
            detail = .hidden
            listWidth = size.columns
            listHeight = bodyHeight
        }
    }

    /// Whether the terminal is big enough to lay anything out.
    var fits: Bool { size.rows >= UIScreenLayout.minimum.rows && size.columns >= UIScreenLayout.minimum.columns }
    /// The row of the status line (the counts).
    var statusRow: Int { size.rows - 2 }
    /// The row of the message line.
    var messageRow: Int { size.rows - 1 }
}
