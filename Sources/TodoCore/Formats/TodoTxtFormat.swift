#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// todo.txt (http://todotxt.org): one todo per line, with its priority, dates, projects,
/// contexts and `key:value` pairs in the text.
///
/// ```text
/// (A) 2026-11-21 Buy milk +errands @store due:2026-12-01
/// x 2026-11-22 2026-11-21 Renew passport +admin pri:B
/// ```
///
/// How a line maps to a todo:
///
/// - `x ` starts a done todo, followed by its completion date and then its creation date
///   (both optional; a done todo without a creation date is taken as created on its
///   completion day).
/// - `(A)` is high, `(B)` medium, and `(C)` to `(Z)` low: we have three levels, so every letter
///   after B is low. A done todo keeps its priority as `pri:A`, as todo.txt-cli does.
/// - `+project` becomes the tag `project` and `@context` the tag `@context` (with its `@`, so
///   the two kinds stay apart and are written back as they were).
/// - `due:YYYY-MM-DD` is the due day; `rec:` (topydo's `rec:1w`, `rec:+2d`, `rec:1m`) the
///   recurrence where it maps to one (`Recurrence(todoTxt:)`).
/// - `note:` is the note, as ``export(_:utcOffset:)`` writes it: its text percent-encoded
///   (`%XX` for each UTF-8 byte of a `%`, a `:`, white space or a control character, and of a `/`
///   that starts the value), so `note:Oat%20milk%0Aor%20soy` is two lines.
/// - Other `key:value` pairs (and a `due:`, `rec:` or `pri:` whose value cannot be used) are kept
///   in the note too, one `key:value` per line, so nothing is lost.
/// - The title is what is left, with single spaces between its words.
///
/// Days are local days: they become instants at local midnight, and instants become the
/// local day they fall on, in the zone `utcOffset` gives.
public enum TodoTxtFormat {
    /// Reads the todos of a todo.txt file, one per line that is not blank.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents, UTF-8 (a byte order mark is skipped); lines end with
    ///     `\n`, `\r\n` or `\r`.
    ///   - file: The file's name or path, for error messages.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant (a
    ///     ``TodoClock``'s `utcOffset`); UTC by default.
    /// - Returns: The todos in the file's order, without ids or uuids.
    /// - Throws: ``TodoError/invalidImport(file:line:problem:)`` naming the first line that is
    ///   not UTF-8 or has no title.
    public static func parse(
        _ bytes: [UInt8], file: String, utcOffset: (Date) -> Int = { _ in 0 }
    ) throws(TodoError) -> [ImportedTodo] {
        var todos: [ImportedTodo] = []
        var titleBytes: [UInt8] = []
        let failure: TodoError? = bytes.withUnsafeBufferPointer { buffer in
            var index = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
            var lineNumber = 0
            while index < buffer.count {
                lineNumber += 1
                let start = index
                var isASCII = true
                var isBlank = true
                while index < buffer.count {
                    let byte = buffer[index]
                    if byte == 0x0A || byte == 0x0D { break }
                    if byte >= 0x80 { isASCII = false }
                    if isBlank && byte != 0x20 && byte != 0x09 && byte != 0x0B && byte != 0x0C { isBlank = false }
                    index += 1
                }
                let line = UnsafeBufferPointer(rebasing: buffer[start..<index])
                if index < buffer.count {
                    let isCRLF = buffer[index] == 0x0D && index + 1 < buffer.count && buffer[index + 1] == 0x0A
                    index += isCRLF ? 2 : 1
                }
                if isBlank { continue }
                if !isASCII && String(validating: line, as: UTF8.self) == nil {
                    return .invalidImport(
                        file: file, line: lineNumber,
                        problem: "the line is not valid UTF-8 text; save the file as UTF-8")
                }
                do throws(TodoTxtLine.Problem) {
                    todos.append(try TodoTxtLine(line, titleBytes: &titleBytes).importedTodo(utcOffset: utcOffset))
                } catch {
                    return .invalidImport(file: file, line: lineNumber, problem: error.message)
                }
            }
            return nil
        }
        if let failure { throw failure }
        return todos
    }

    /// Reads the todos of a todo.txt file given as text, as the bytes version does.
    ///
    /// - Throws: ``TodoError/invalidImport(file:line:problem:)`` naming the first line that has
    ///   no title.
    public static func parse(
        _ text: String, file: String, utcOffset: (Date) -> Int = { _ in 0 }
    ) throws(TodoError) -> [ImportedTodo] {
        try parse(Array(text.utf8), file: file, utcOffset: utcOffset)
    }
}
