/// How important a todo is; `none` unless set.
public enum Priority: Int, Sendable, Hashable, Comparable, CaseIterable, CustomStringConvertible {
    /// No priority (the default).
    case none = 0
    /// Low priority.
    case low = 1
    /// Medium priority.
    case medium = 2
    /// High priority.
    case high = 3

    /// Parses `high`, `medium`, `low` or `none` (any case; also `h`, `m`, `l`, `H`, `M`, `L`).
    ///
    /// - Throws: ``TodoError/invalidPriority(_:)`` for anything else.
    public init(parsing text: some StringProtocol) throws(TodoError) {
        switch text.lowercased() {
        case "high", "h": self = .high
        case "medium", "med", "m": self = .medium
        case "low", "l": self = .low
        case "none", "": self = .none
        default: throw .invalidPriority(String(text))
        }
    }

    /// Reads a priority as the JSON forms write it (`high`, `medium`, `low`), in any case.
    init?(raw b: UnsafeRawBufferPointer) {
        func matches(_ word: StaticString) -> Bool {
            guard b.count == word.utf8CodeUnitCount else { return false }
            for i in 0..<b.count where b[i] | 0x20 != word.utf8Start[i] { return false }
            return true
        }
        if matches("high") {
            self = .high
        } else if matches("medium") {
            self = .medium
        } else if matches("low") {
            self = .low
        } else {
            return nil
        }
    }

    /// `high`, `medium`, `low` or `none`.
    public var name: String {
        switch self {
        case .none: return "none"
        case .low: return "low"
        case .medium: return "medium"
        case .high: return "high"
        }
    }

    /// The name, or `nil` for `none` (as in the JSON forms, where no priority is `null`).
    public var jsonName: String? { self == .none ? nil : name }

    /// The text users read.
    public var description: String { name }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.rawValue < rhs.rawValue }
}
