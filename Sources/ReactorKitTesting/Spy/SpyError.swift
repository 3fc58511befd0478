/// The error a ``Spy`` throws for a call it has no result for.
public enum SpyError: Error, Equatable, CustomStringConvertible {
    /// The spy was called with nothing stubbed for the call, as `fetchTasks(3)`.
    case unexpectedCall(String)

    /// A lower-case description naming the call.
    public var description: String {
        switch self {
        case .unexpectedCall(let call):
            return "unexpected call to \(call): nothing is stubbed for it"
        }
    }
}
