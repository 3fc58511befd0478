/// Errors produced by the reactive core itself.
public enum RxError: Swift.Error, CustomDebugStringConvertible, Sendable {
    /// An unknown error.
    case unknown
    /// An operation was performed on an object that was already disposed.
    case disposed(object: AnyObject & Sendable)
    /// An integer or index overflowed.
    case overflow
    /// An argument was outside its allowed range.
    case argumentOutOfRange
    /// A sequence completed without the element an operator required.
    case noElements
    /// A sequence emitted more elements than an operator allows.
    case moreThanOneElement
    /// An operation timed out.
    case timeout

    /// A description of the error.
    public var debugDescription: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .overflow: return "Arithmetic overflow occurred."
        case .argumentOutOfRange: return "Argument out of range."
        case .noElements: return "Sequence doesn't contain any elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .timeout: return "Sequence timeout."
        }
    }
}

extension RxError: CustomStringConvertible {
    /// A description of the error, the same as ``debugDescription``.
    public var description: String { debugDescription }
}

func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("Abstract method must be overridden", file: file, line: line)
}
