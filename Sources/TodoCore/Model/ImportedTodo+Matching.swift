#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Whether an imported todo is one the store has already.
extension ImportedTodo {
    /// How precisely a file gives a todo: what of a todo of the store it can say, and so what an
    /// import compares to find that a todo without a uuid is already there.
    public enum Precision: Sendable, Hashable {
        /// Every field as the store keeps it (our JSON, Taskwarrior): compared exactly, times to
        /// the second.
        case exact
        /// One line of text with local days (todo.txt): titles compare with their white space
        /// (line breaks, tabs, runs of spaces) as single spaces, and creation and completion
        /// times by their local days.
        case lineWithDays
    }

    /// Whether `todo` holds what this imported todo says, as precisely as ``precision`` tells.
    ///
    /// The title, note, done state, priority, due day, tags and recurrence must be the same; the
    /// creation and completion times too where this todo gives them (a todo.txt line without a
    /// creation date matches a todo created on any day). Ids, uuids, the time of the last change
    /// and the place in the list are not compared.
    ///
    /// - Parameters:
    ///   - todo: A todo of the store.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant, for local days.
    public func describes(_ todo: Todo, utcOffset: (Date) -> Int) -> Bool {
        describes(todo, utcOffset: utcOffset, comparingCreation: true)
    }

    /// ``describes(_:utcOffset:)``, comparing the creation time only when `comparingCreation`.
    func describes(_ todo: Todo, utcOffset: (Date) -> Int, comparingCreation: Bool) -> Bool {
        guard isDone == todo.isDone, priority == todo.priority, due == todo.due, recurrence == todo.recurrence,
            tags == todo.tags, note == todo.note, matchingTitle == Self.matchingTitle(todo.title, precision),
            project == todo.project, wait == todo.wait, scheduled == todo.scheduled,
            annotations.map(\.text) == todo.annotations.map(\.text)
        else { return false }
        /// Whether the times `mine` and `theirs` are the same, as precisely as the file gives them.
        func same(_ mine: Date, _ theirs: Date?) -> Bool {
            guard let theirs else { return false }
            switch precision {
            case .exact:
                return mine == theirs
            case .lineWithDays:
                return CalendarDay(localDayOf: mine, utcOffset: utcOffset)
                    == CalendarDay(localDayOf: theirs, utcOffset: utcOffset)
            }
        }
        if comparingCreation, let createdAt, !same(createdAt, todo.createdAt) { return false }
        if isDone, let completedAt, !same(completedAt, todo.completedAt) { return false }
        return true
    }

    /// Whether this todo gives every time that ``describes(_:utcOffset:)`` compares: its creation
    /// time, and its completion time when it is done.
    var givesEveryTime: Bool {
        createdAt != nil && (!isDone || completedAt != nil)
    }

    /// The title as ``describes(_:utcOffset:)`` compares it.
    var matchingTitle: String {
        Self.matchingTitle(title, precision)
    }

    /// `title` as a file of `precision` can give it.
    private static func matchingTitle(_ title: String, _ precision: Precision) -> String {
        switch precision {
        case .exact:
            return title
        case .lineWithDays:
            /// Whether `byte` separates the words of a todo.txt line (or is a line break).
            func isSeparator(_ byte: UInt8) -> Bool {
                byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            }
            var previous: UInt8 = 0x20
            var isSingleLine = true
            for byte in title.utf8 {
                if byte != 0x20 && isSeparator(byte) || byte == 0x20 && previous == 0x20 {
                    isSingleLine = false
                    break
                }
                previous = byte
            }
            guard !isSingleLine || previous == 0x20 else { return title }
            return title.utf8.split(whereSeparator: isSeparator).map { String(decoding: $0, as: UTF8.self) }
                .joined(separator: " ")
        }
    }
}
