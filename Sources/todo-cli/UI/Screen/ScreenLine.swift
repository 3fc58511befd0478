/// One line of the screen: runs of text, each in its style. ``UIScreen`` builds lines of
/// exactly the screen's width; ``ScreenDiff`` writes them.
///
/// ```swift
/// var line = ScreenLine()
/// line.append("3 ", .dim)
/// line.append("Buy milk")
/// line.fitted(to: 8).text   // "3 Buy m…"
/// ```
struct ScreenLine: Hashable, Sendable {
    /// A run of text in one style.
    struct Span: Hashable, Sendable {
        /// The text (already safe for a terminal: no control characters).
        var text: String
        /// The escape codes it is shown with when colour is on.
        var codes: [Style.Code]
        /// The columns the text takes.
        var width: Int
    }

    /// The runs, left to right.
    private(set) var spans: [Span] = []

    /// An empty line.
    init() {}

    /// A line of `text` in `codes`.
    init(_ text: String, _ codes: Style.Code...) {
        append(text, codes)
    }

    /// A line of `text` in `codes`.
    init(_ text: String, _ codes: [Style.Code]) {
        append(text, codes)
    }

    /// The text without styles.
    var text: String { spans.map(\.text).joined() }

    /// The columns it takes.
    var width: Int { spans.reduce(0) { $0 + $1.width } }

    /// Appends `text` (made terminal-safe) in `codes`.
    mutating func append(_ text: String, _ codes: Style.Code...) {
        append(text, codes)
    }

    /// Appends `text` (made terminal-safe) in `codes`.
    mutating func append(_ text: String, _ codes: [Style.Code]) {
        guard !text.isEmpty else { return }
        let safe = text.terminalSafe
        let width = DisplayWidth.of(safe)
        if let last = spans.last, last.codes == codes {
            spans[spans.count - 1].text += safe
            spans[spans.count - 1].width += width
        } else {
            spans.append(Span(text: safe, codes: codes, width: width))
        }
    }

    /// Appends the runs of `other`.
    mutating func append(_ other: ScreenLine) {
        for span in other.spans {
            if let last = spans.last, last.codes == span.codes {
                spans[spans.count - 1].text += span.text
                spans[spans.count - 1].width += span.width
            } else {
                spans.append(span)
            }
        }
    }

    /// The line with `codes` added to every run (a selected row in reverse video).
    func adding(_ codes: Style.Code...) -> ScreenLine {
        var line = ScreenLine()
        for span in spans { line.append(span.text, span.codes + codes.filter { !span.codes.contains($0) }) }
        return line
    }

    /// The line cut to `columns` (ending in `…` when cut) or padded with spaces to exactly
    /// `columns`; the padding takes `padCodes`.
    func fitted(to columns: Int, padCodes: [Style.Code] = []) -> ScreenLine {
        let width = self.width
        if width == columns { return self }
        var line = width > columns ? truncated(to: columns) : self
        let missing = columns - line.width
        if missing > 0 { line.append(String(repeating: " ", count: missing), padCodes) }
        return line
    }

    /// The first `columns` columns, the last one `…` when something was cut.
    func truncated(to columns: Int) -> ScreenLine {
        guard columns > 0 else { return ScreenLine() }
        guard width > columns else { return self }
        var line = prefix(columns: columns - 1, padding: false)
        line.append("…", line.spans.last?.codes ?? [])
        return line
    }

    /// The first `columns` columns; a wide character cut in half becomes a space (or is left
    /// out without `padding`).
    func prefix(columns: Int, padding: Bool = true) -> ScreenLine {
        var line = ScreenLine()
        var used = 0
        for span in spans {
            guard used < columns else { break }
            var text = ""
            for character in span.text {
                let characterWidth = DisplayWidth.of(character)
                if used + characterWidth > columns {
                    if used < columns, padding { text += String(repeating: " ", count: columns - used) }
                    used = columns
                    break
                }
                text.append(character)
                used += characterWidth
            }
            line.append(text, span.codes)
        }
        return line
    }

    /// The line without its first `columns` columns; a wide character cut in half becomes a
    /// space.
    func dropping(columns: Int) -> ScreenLine {
        var line = ScreenLine()
        var skipped = 0
        for span in spans {
            var text = ""
            for character in span.text {
                if skipped >= columns {
                    text.append(character)
                    continue
                }
                let characterWidth = DisplayWidth.of(character)
                skipped += characterWidth
                if skipped > columns { text += String(repeating: " ", count: skipped - columns) }
            }
            line.append(text, span.codes)
        }
        return line
    }

    /// The line with `other` drawn over it from column `column` (a box over the list).
    func overlaid(with other: ScreenLine, at column: Int) -> ScreenLine {
        var line = prefix(columns: column)
        if line.width < column { line.append(String(repeating: " ", count: column - line.width)) }
        line.append(other)
        line.append(dropping(columns: column + other.width))
        return line
    }

    /// The line as bytes for the terminal: each run in its escapes when `style` is on.
    func bytes(style: Style) -> [UInt8] {
        var bytes: [UInt8] = []
        for span in spans {
            if style.isEnabled, !span.codes.isEmpty {
                bytes.append(contentsOf: "\u{1B}[".utf8)
                bytes.append(contentsOf: span.codes.map(\.rawValue).joined(separator: ";").utf8)
                bytes.append(UInt8(ascii: "m"))
                bytes.append(contentsOf: span.text.utf8)
                bytes.append(contentsOf: "\u{1B}[0m".utf8)
            } else {
                bytes.append(contentsOf: span.text.utf8)
            }
        }
        return bytes
    }
}
