import TodoCore

/// A todo's title and tags side by side in a listing's row (`Buy milk  +shop +home`), fitted
/// to the room left after the other columns: the title keeps at least half of it (and at
/// least 12 columns), the tags take what the title leaves as whole tags (never a tag cut to
/// `+w…`), then the title is cut with `…` to what the tags leave.
enum TitleAndTags {
    /// `+q4 +work`, the tags sorted (empty without tags), safe for a terminal.
    static func tags(of todo: Todo) -> String {
        todo.tags.isEmpty ? "" : todo.sortedTags.map { "+" + $0 }.joined(separator: " ").shownOnOneLine
    }

    /// The title and the tags to show in `columns` columns, counting the two spaces between
    /// them; either may come back shortened, the tags empty.
    static func fit(title: String, tags: String, columns: Int) -> (title: String, tags: String) {
        let titleWidth = DisplayWidth.of(title)
        let tagsWidth = tags.isEmpty ? 0 : DisplayWidth.of(tags) + 2
        if titleWidth + tagsWidth <= columns { return (title, tags) }
        var shownTags = ""
        if !tags.isEmpty {
            let titleFloor = min(titleWidth, max(columns / 2, 12))
            shownTags = wholeTags(tags, columns: columns - titleFloor - 2)
        }
        let room = max(columns - (shownTags.isEmpty ? 0 : DisplayWidth.of(shownTags) + 2), 0)
        return (titleWidth > room ? DisplayWidth.truncate(title, to: room) : title, shownTags)
    }

    /// The tags of `tags` that fit in `columns`: all of them when they fit, else as many whole
    /// tags as fit followed by `…`, else nothing.
    private static func wholeTags(_ tags: String, columns: Int) -> String {
        if DisplayWidth.of(tags) <= columns { return tags }
        var shown = ""
        var used = 0
        for tag in tags.split(separator: " ") {
            let width = DisplayWidth.of(tag) + (shown.isEmpty ? 0 : 1)
            guard used + width + 2 <= columns else { break }  // room for the tag and ` …`
            shown += (shown.isEmpty ? "" : " ") + tag
            used += width
        }
        return shown.isEmpty ? "" : shown + " …"
    }
}
