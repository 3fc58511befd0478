/// Horizontal bars for the reports' charts: segments of glyphs whose lengths are proportional
/// to counts, each segment its own glyph (legible without colour) and colour.
enum ReportBar {
    /// One part of a stacked bar.
    struct Segment {
        /// How many it counts.
        var count: Int
        /// The character it is drawn with.
        var glyph: Character
        /// Its colour, when colour is on.
        var color: Style.Code
    }

    /// `segments` side by side, scaled so that `maximum` fills `width` columns: the boundaries
    /// between segments are rounded (not each length), so the bar's length is its total's.
    /// A segment with a count above zero takes at least one column when the bar has room.
    static func render(_ segments: [Segment], maximum: Int, width: Int, style: Style) -> String {
        guard width > 0, maximum > 0 else { return "" }
        var lengths: [Int] = []
        var running = 0
        var drawn = 0
        for segment in segments {
            running += segment.count
            let end = min((running * width + maximum / 2) / maximum, width)
            var length = max(end - drawn, 0)
            if segment.count > 0, length == 0, drawn < width { length = 1 }
            lengths.append(length)
            drawn += length
        }
        var bar = ""
        for (segment, length) in zip(segments, lengths) where length > 0 {
            bar += style.apply(String(repeating: segment.glyph, count: length), segment.color)
        }
        return bar
    }

    /// `text` right-aligned in `columns` columns.
    static func right(_ text: String, _ columns: Int) -> String {
        let width = DisplayWidth.of(text)
        return width >= columns ? text : String(repeating: " ", count: columns - width) + text
    }
}
