/// What is wrong with an iCalendar file, in words; the reader adds the file and the line.
struct ICalendarProblem: Error, Sendable {
    /// The problem, lower-case, without the file.
    var message: String
    /// The line it is on, when known (1-based, of the file as it is).
    var line: Int?

    init(_ message: String, line: Int? = nil) {
        self.message = message
        self.line = line
    }
}
