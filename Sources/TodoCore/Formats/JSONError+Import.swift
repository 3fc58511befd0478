/// Turning the JSON reader's errors into import errors.
extension JSONError {
    /// The import error for this error in `bytes`: the line of its offset, and the message with
    /// its column and `hint` (what to do about it).
    func importError(in bytes: UnsafeRawBufferPointer, file: String, hint: String) -> TodoError {
        let (line, column) = JSONError.lineAndColumn(of: offset, in: bytes)
        return .invalidImport(file: file, line: line, problem: "\(message) at column \(column); \(hint)")
    }
}
