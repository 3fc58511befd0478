/// Tags made from other tools' words (projects, contexts, Taskwarrior tags), in the form the
/// store keeps.
enum ImportedTag {
    /// A tag that ``Todo/validTag(_:)`` keeps unchanged, made from `text`; `nil` when nothing is
    /// left.
    ///
    /// Surrounding white space and leading `+` and `#` are removed, and each run of white space
    /// or commas inside becomes one `-` (`work reports` → `work-reports`).
    static func make(_ text: some StringProtocol) -> String? {
        var scalars = String.UnicodeScalarView()
        var pendingDash = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "," {
                pendingDash = !scalars.isEmpty
                continue
            }
            if scalars.isEmpty && (scalar == "+" || scalar == "#") { continue }
            if pendingDash {
                scalars.append("-")
                pendingDash = false
            }
            scalars.append(scalar)
        }
        let tag = String(scalars)
        guard !tag.isEmpty, (try? Todo.validTag(tag)) == tag else { return nil }
        return tag
    }

    /// Whether `tag` is a tag as the store keeps it: ``Todo/validTag(_:)`` leaves it unchanged.
    static func isStoreForm(_ tag: String) -> Bool {
        (try? Todo.validTag(tag)) == tag
    }
}
