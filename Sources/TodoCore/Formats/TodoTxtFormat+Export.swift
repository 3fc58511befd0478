#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writing todos as todo.txt.
extension TodoTxtFormat {
    /// The todo.txt lines of `todos`, in that order, each ending with a new line.
    ///
    /// Each line is canonical todo.txt: `x COMPLETED CREATED title` for a done todo (its priority
    /// as `pri:X`, as todo.txt-cli keeps it), `(X) CREATED title` for a pending one; then the
    /// tags (`+project` for each tag, then each `@context` as it is), `due:YYYY-MM-DD`, `rec:`
    /// (`Recurrence.todoTxtValue`) and the note: its `key:value` lines as they are (so what an
    /// import kept there goes back), its other lines percent-encoded in `note:` pairs (see
    /// ``TodoTxtFormat``).
    ///
    /// todo.txt has no place for ids, uuids and the time of day: they are not written. Line
    /// breaks and tabs in a title become spaces. Reading the lines back gives the same titles,
    /// done flags, priorities, tags, due days, recurrences and notes, and the creation and
    /// completion days, except where a word of a title itself looks like a `+project`, an
    /// `@context` or a `key:value` pair.
    ///
    /// - Parameters:
    ///   - todos: The todos, in list order.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant, to write the
    ///     local days of the creation and completion instants; UTC by default.
    public static func export(_ todos: [Todo], utcOffset: (Date) -> Int = { _ in 0 }) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(todos.count * 80)
        for todo in todos {
            appendLine(for: todo, utcOffset: utcOffset, to: &bytes)
            bytes.append(0x0A)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the todo.txt line of `todo`, without a line break, to `bytes`.
    static func appendLine(for todo: Todo, utcOffset: (Date) -> Int, to bytes: inout [UInt8]) {
        let lineStart = bytes.count
        /// Appends a word, after a space unless it is the first.
        func word(_ text: some StringProtocol) {
            if bytes.count > lineStart { bytes.append(0x20) }
            bytes.append(contentsOf: text.utf8)
        }
        /// Appends the local day of `date`.
        func day(of date: Date) {
            word(CalendarDay(localDayOf: date, utcOffset: utcOffset).description)
        }
        if todo.isDone {
            word("x")
            day(of: todo.completedAt ?? todo.updatedAt)
        } else if let letter = todo.priority.todoTxtLetter {
            word("(\(letter))")
        }
        day(of: todo.createdAt)
        bytes.append(0x20)
        for byte in todo.title.utf8 {
            bytes.append(byte == 0x0A || byte == 0x0D ? 0x20 : byte)  // one line per todo
        }
        let tags = todo.sortedTags
        for tag in tags where !tag.hasPrefix("@") { word("+" + tag) }
        for tag in tags where tag.hasPrefix("@") { word(tag) }
        if let due = todo.due { word("due:\(due)") }
        if let recurrence = todo.recurrence { word("rec:\(recurrence.todoTxtValue)") }
        if todo.isDone, let letter = todo.priority.todoTxtLetter { word("pri:\(letter)") }
        if let note = todo.note {
            for noteWord in TodoTxtNote.words(for: note, of: todo) { word(noteWord) }
        }
    }
}
