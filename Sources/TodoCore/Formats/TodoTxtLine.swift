/// One line of a todo.txt file, read: what it says, with days still days.
///
/// The line's words, in order: for a done todo `x`, then an optional priority (as some clients
/// keep it), an optional completion date and an optional creation date; for a pending one an
/// optional priority `(A)` and an optional creation date. Then, anywhere:
///
/// - `+project`: the tag `project` (written back as `+project`);
/// - `@context`: the tag `@context`, with its `@` (written back as it is);
/// - `due:YYYY-MM-DD`: the due day; `rec:` the recurrence where it maps
///   (``Recurrence/init(todoTxt:)``); `pri:X` the priority, as todo.txt-cli keeps it on done
///   todos;
/// - `note:VALUE`: the percent-encoded text of the note (``TodoTxtNote``), which may hold
///   several lines;
/// - any other `key:value` (a key starting with a letter, one colon, a value not starting with
///   `//`, so times like `10:30` and links stay in the title), and a `due:`, `rec:` or `pri:`
///   that cannot be used or repeats one already read, or a `note:` that is not UTF-8 once
///   decoded: a line `key:value` of the note, so nothing is lost;
/// - every other word: the title, words joined by single spaces.
///
/// The note is its lines in the order of their words. A `+project` or `@context` that would not
/// be a tag (one with a comma, say) stays in the title.
struct TodoTxtLine {
    var isDone = false
    var priority = Priority.none
    var completion: CalendarDay?
    var creation: CalendarDay?
    var title = ""
    var tags: Set<String> = []
    var due: CalendarDay?
    var recurrence: Recurrence?
    var noteLines: [String] = []

    /// Why a line could not be read, in lower case.
    struct Problem: Error {
        var message: String
    }

    /// Where the reader stands among the leading words.
    private enum Lead {
        case start, afterDone, afterDonePriority, afterCompletion, afterPriority, body
    }

    /// Reads a line that holds at least one word (a valid UTF-8 line without its line break).
    ///
    /// - Parameters:
    ///   - line: The line's bytes.
    ///   - titleBytes: A buffer to assemble the title in, reused from line to line.
    /// - Throws: ``Problem`` when no title is left.
    init(_ line: UnsafeBufferPointer<UInt8>, titleBytes: inout [UInt8]) throws(Problem) {
        titleBytes.removeAll(keepingCapacity: true)
        var lead = Lead.start
        var index = 0
        while index < line.count {
            while index < line.count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
            guard index < line.count else { break }
            let start = index
            while index < line.count, line[index] != 0x20, line[index] != 0x09 { index += 1 }
            let word = UnsafeBufferPointer(rebasing: line[start..<index])
            if takeLeading(word, lead: &lead) { continue }
            lead = .body
            if takeField(word) { continue }
            if !titleBytes.isEmpty { titleBytes.append(0x20) }
            titleBytes.append(contentsOf: word)
        }
        guard let title = TodoTxtLine.title(titleBytes) else {
            throw Problem(
                message: "the line has no title once its priority, dates, +projects, @contexts and key:value "
                    + "pairs are taken out; add a title or delete the line")
        }
        self.title = title
    }

    /// Takes `word` as the done mark, the priority or a date when it stands where one may;
    /// returns whether it did.
    private mutating func takeLeading(_ word: UnsafeBufferPointer<UInt8>, lead: inout Lead) -> Bool {
        switch lead {
        case .start:
            if word.count == 1 && word[0] == UInt8(ascii: "x") {
                isDone = true
                lead = .afterDone
            } else if let value = TodoTxtLine.priority(word) {
                priority = value
                lead = .afterPriority
            } else if let day = TodoTxtLine.day(word) {
                creation = day
                lead = .body
            } else {
                return false
            }
        case .afterDone:
            if let value = TodoTxtLine.priority(word) {
                priority = value
                lead = .afterDonePriority
            } else if let day = TodoTxtLine.day(word) {
                completion = day
                lead = .afterCompletion
            } else {
                return false
            }
        case .afterDonePriority:
            guard let day = TodoTxtLine.day(word) else { return false }
            completion = day
            lead = .afterCompletion
        case .afterCompletion, .afterPriority:
            guard let day = TodoTxtLine.day(word) else { return false }
            creation = day
            lead = .body
        case .body:
            return false
        }
        return true
    }

    /// Takes `word` as a project, a context or a `key:value` pair; returns whether it did.
    private mutating func takeField(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        guard word.count > 1 else { return false }
        if word[0] == UInt8(ascii: "+") || word[0] == UInt8(ascii: "@") {
            let bytes = word[0] == UInt8(ascii: "+") ? UnsafeBufferPointer(rebasing: word[1...]) : word
            guard let tag = TodoTxtLine.tag(bytes) else { return false }
            tags.insert(tag)
            return true
        }
        guard let colon = TodoTxtLine.keyValueColon(word) else { return false }
        let key = UnsafeBufferPointer(rebasing: word[..<colon])
        let value = UnsafeBufferPointer(rebasing: word[(colon + 1)...])
        if TodoTxtLine.key(key, is: "due"), due == nil, let day = TodoTxtLine.day(value) {
            due = day
        } else if TodoTxtLine.key(key, is: "rec"), recurrence == nil,
            let parsed = Recurrence(todoTxt: String(decoding: value, as: UTF8.self))
        {
            recurrence = parsed
        } else if TodoTxtLine.key(key, is: "pri"), priority == .none, value.count == 1,
            let parsed = Priority(todoTxtLetter: value[0])
        {
            priority = parsed
        } else if TodoTxtLine.key(key, is: "note"), let text = TodoTxtNote.decode(value) {
            noteLines.append(text)
        } else {
            noteLines.append(String(decoding: word, as: UTF8.self))
        }
        return true
    }

    // MARK: Words

    /// The title made of `bytes`, trimmed; `nil` when it is blank.
    static func title(_ bytes: [UInt8]) -> String? {
        guard let first = bytes.first, let last = bytes.last else { return nil }
        let title = String(decoding: bytes, as: UTF8.self)
        // Words never start or end with a space or a tab; other white space needs a closer look.
        if first > 0x20, first < 0x80, last > 0x20, last < 0x80 { return title }
        return try? Todo.validTitle(title)
    }

    /// The tag `bytes` spell when ``Todo/validTag(_:)`` would keep it as it is.
    static func tag(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = bytes.first, first != UInt8(ascii: "+"), first != UInt8(ascii: "#") else { return nil }
        var mayHoldWhitespace = false
        for byte in bytes {
            if byte >= 0x80 {
                // The white space above ASCII starts with one of these bytes in UTF-8
                // (U+0085, U+00A0, U+1680, U+2000…U+205F, U+3000).
                if byte == 0xC2 || byte == 0xE1 || byte == 0xE2 || byte == 0xE3 { mayHoldWhitespace = true }
            } else if byte == UInt8(ascii: ",") || byte <= 0x20 {
                // A comma, white space (tab, line and page breaks) or another control character.
                return nil
            }
        }
        let tag = String(decoding: bytes, as: UTF8.self)
        return !mayHoldWhitespace || ImportedTag.isStoreForm(tag) ? tag : nil
    }

    /// The priority of `(A)` … `(Z)`.
    static func priority(_ word: UnsafeBufferPointer<UInt8>) -> Priority? {
        guard word.count == 3, word[0] == UInt8(ascii: "("), word[2] == UInt8(ascii: ")") else { return nil }
        return Priority(todoTxtLetter: word[1])
    }

    /// The day `YYYY-MM-DD` names, when it exists.
    static func day(_ word: UnsafeBufferPointer<UInt8>) -> CalendarDay? {
        guard word.count == 10, word[4] == UInt8(ascii: "-"), word[7] == UInt8(ascii: "-") else { return nil }
        /// The decimal number of the digits in `range`.
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                let digit = word[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }

    /// The offset of the colon when `word` is a `key:value` pair: one colon, a key of ASCII
    /// letters, digits, `_` and `-` starting with a letter, and a value that does not start with
    /// `//` (a link).
    static func keyValueColon(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = word.first, isLetter(first) else { return nil }
        var colon: Int?
        for index in 1..<word.count {
            let byte = word[index]
            if byte == UInt8(ascii: ":") {
                guard colon == nil else { return nil }
                colon = index
            } else if colon == nil {
                guard
                    isLetter(byte) || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "_")
                        || byte == UInt8(ascii: "-")
                else { return nil }
            }
        }
        guard let colon, colon < word.count - 1 else { return nil }
        if colon + 2 < word.count, word[colon + 1] == UInt8(ascii: "/"), word[colon + 2] == UInt8(ascii: "/") {
            return nil
        }
        return colon
    }

    /// Whether `key` is `name` (lower-case ASCII), in any case.
    static func key(_ key: UnsafeBufferPointer<UInt8>, is name: StaticString) -> Bool {
        guard key.count == name.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for index in 0..<key.count where key[index] | 0x20 != expected[index] { return false }
        return true
    }

    /// Whether `byte` is an ASCII letter.
    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }
}
