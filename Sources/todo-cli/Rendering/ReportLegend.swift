/// The legend under a report's chart: each mark with what it means (`* due  ! overdue`), the
/// mark in its colour when colour is on, wrapped between entries to the width.
enum ReportLegend {
    /// The lines of the legend of `entries` (mark, meaning, colours), at most `width` columns each.
    static func lines(
        _ entries: [(mark: String, meaning: String, codes: [Style.Code])], width: Int, style: Style
    )
        -> [String]
    {
        var lines: [String] = []
        var line = ""
        var used = 0
        for entry in entries {
            let plain = DisplayWidth.truncate(entry.mark + " " + entry.meaning, to: width)
            let columns = DisplayWidth.of(plain)
            if used > 0, used + 2 + columns > width {
                lines.append(line)
                line = ""
                used = 0
            }
            if used > 0 {
                line += "  "
                used += 2
            }
            let meaning = plain.dropFirst(entry.mark.count)
            line += style.apply(entry.mark, entry.codes) + meaning
            used += columns
        }
        if used > 0 { lines.append(line) }
        return lines
    }
}
