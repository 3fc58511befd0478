#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A file format todos can be imported from: our own JSON, todo.txt, Taskwarrior's export or
/// iCalendar.
///
/// Front ends map their own names (`--format json`) to a case, or ask ``guess(bytes:fileName:)``
/// when the user gave none, then call ``parse(_:file:utcOffset:)``:
///
/// ```swift
/// let format = TodoFileFormat.guess(bytes: bytes, fileName: path)
/// let todos = try format.parse(bytes, file: path, utcOffset: clock.utcOffset)
/// ```
public enum TodoFileFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Our own JSON: what ``TodoJSONFormat/export(_:context:)`` writes, a bare array of todo objects, or
    /// the store file itself.
    case json
    /// One todo per line, as http://todotxt.org describes (``TodoTxtFormat``).
    case todoTxt
    /// What Taskwarrior's `task export` prints (``TaskwarriorFormat``).
    case taskwarrior
    /// iCalendar `VTODO`s (``ICalendarFormat``): `.ics` files, vdir folders, CalDAV.
    case iCalendar

    /// `JSON`, `todo.txt`, `Taskwarrior` or `iCalendar`, for messages.
    public var description: String {
        switch self {
        case .json: return "JSON"
        case .todoTxt: return "todo.txt"
        case .taskwarrior: return "Taskwarrior"
        case .iCalendar: return "iCalendar"
        }
    }

    /// Reads the todos in `bytes`, a file in this format.
    ///
    /// - Parameters:
    ///   - bytes: The file's contents; an empty file holds no todos.
    ///   - file: The file's name or path, for error messages.
    ///   - utcOffset: Seconds east of UTC of the local time zone at an instant (a
    ///     ``TodoClock``'s `utcOffset`), to turn days into instants and back; UTC by default.
    /// - Returns: The todos, in the file's list order.
    /// - Throws: ``TodoError/invalidImport(file:line:problem:)``.
    public func parse(
        _ bytes: [UInt8], file: String, utcOffset: (Date) -> Int = { _ in 0 }
    ) throws(TodoError) -> [ImportedTodo] {
        switch self {
        case .json: return try TodoJSONFormat.parse(bytes, file: file)
        case .todoTxt: return try TodoTxtFormat.parse(bytes, file: file, utcOffset: utcOffset)
        case .taskwarrior: return try TaskwarriorFormat.parse(bytes, file: file, utcOffset: utcOffset)
        case .iCalendar: return try ICalendarFormat.parse(bytes, file: file, utcOffset: utcOffset)
        }
    }
}
