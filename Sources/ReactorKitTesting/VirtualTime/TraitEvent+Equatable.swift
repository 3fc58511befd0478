import ReactorKit

/// Maybe events compare equal when they are the same kind with equal elements; two errors
/// are equal when their descriptions are equal, as for ``Event``.
extension MaybeEvent: Equatable where Element: Equatable {
    /// Whether two events are the same kind with equal elements or error descriptions.
    public static func == (lhs: MaybeEvent<Element>, rhs: MaybeEvent<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed):
            return true
        case (.error(let lhsError), .error(let rhsError)):
            return "\(lhsError)" == "\(rhsError)"
        case (.success(let lhsElement), .success(let rhsElement)):
            return lhsElement == rhsElement
        default:
            return false
        }
    }
}

/// Completable events compare equal when they are the same kind; two errors are equal when
/// their descriptions are equal.
extension CompletableEvent: Equatable {
    /// Whether two events are the same kind, with equal error descriptions.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed):
            return true
        case (.error(let lhsError), .error(let rhsError)):
            return "\(lhsError)" == "\(rhsError)"
        default:
            return false
        }
    }
}

/// Whether two single events are both successes with equal elements, or both failures with
/// equal error descriptions.
///
/// `SingleEvent` is `Result<Element, Error>`, which cannot conform to `Equatable` (its
/// failure type is not), so the comparison is an operator of its own; one for arrays
/// follows.
public func == <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
    switch (lhs, rhs) {
    case (.success(let lhsElement), .success(let rhsElement)):
        return lhsElement == rhsElement
    case (.failure(let lhsError), .failure(let rhsError)):
        return "\(lhsError)" == "\(rhsError)"
    default:
        return false
    }
}

/// Whether two single events differ.
public func != <Element: Equatable>(lhs: SingleEvent<Element>, rhs: SingleEvent<Element>) -> Bool {
    !(lhs == rhs)
}

/// Whether two arrays of single events are equal element by element.
public func == <Element: Equatable>(lhs: [SingleEvent<Element>], rhs: [SingleEvent<Element>]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
}

/// Whether two arrays of single events differ.
public func != <Element: Equatable>(lhs: [SingleEvent<Element>], rhs: [SingleEvent<Element>]) -> Bool {
    !(lhs == rhs)
}
