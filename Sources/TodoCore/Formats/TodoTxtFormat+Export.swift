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
    /// (`Recurrence.todoTxtValue`) and the note's `key:value` lines (so what an import kept there goes back).
    ///
    /// todo.txt has no place for the rest of a note, nor for ids and uuids: they are not
    /// written. Line breaks in a title become spaces. Reading the lines back gives the same
    /// titles, done flags, priorities, tags, due days and recurrences, except where a word of a
    /// title itself looks like a `+project`, an `@context` or a `key:value` pair.
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
            for line in note.split(whereSeparator: \.isNewline) {
                let note = line.trimmingSpaces()
                if isWritableNote(note, of: todo) { word(note) }
            }
        }
    }

    /// Whether the note line `word` is written: it must be one `key:value` pair, read back into
    /// the note again (a `due:`, `rec:` or `pri:` the todo has no value for would instead set
    /// one, so it is left out).
    private static func isWritableNote(_ word: String, of todo: Todo) -> Bool {
        var word = word
        return word.withUTF8 { bytes in
            guard !bytes.contains(0x20), !bytes.contains(0x09), let colon = TodoTxtLine.keyValueColon(bytes) else {
                return false
            }
            let key = UnsafeBufferPointer(rebasing: bytes[..<colon])
            let value = UnsafeBufferPointer(rebasing: bytes[(colon + 1)...])
            if TodoTxtLine.key(key, is: "due") {
                return todo.due != nil || TodoTxtLine.day(value) == nil
            }
            if TodoTxtLine.key(key, is: "rec") {
                return todo.recurrence != nil || Recurrence(todoTxt: String(decoding: value, as: UTF8.self)) == nil
            }
            if TodoTxtLine.key(key, is: "pri") {
                return todo.priority != .none || value.count != 1 || Priority(todoTxtLetter: value[0]) == nil
            }
            return true
        }
    }
}
