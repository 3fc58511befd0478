import ReactorKit

/// Events compare equal when they are the same kind with equal elements; two errors are
/// equal when their descriptions are equal, as in RxTest.
extension Event: Equatable where Element: Equatable {
    /// Whether two events are the same kind with equal elements or error descriptions.
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed):
            return true
        case (.error(let lhsError), .error(let rhsError)):
            return "\(lhsError)" == "\(rhsError)"
        case (.next(let lhsElement), .next(let rhsElement)):
            return lhsElement == rhsElement
        default:
            return false
        }
    }
}
