/// Priorities as todo.txt writes them: a letter from A to Z, A the most important.
extension Priority {
    /// The priority of todo.txt letter `letter` (an ASCII byte): `A` is high, `B` medium, and `C`
    /// to `Z` low (we have three levels; every letter after B is low); `nil` for anything else.
    init?(todoTxtLetter letter: UInt8) {
        switch letter {
        case UInt8(ascii: "A"): self = .high
        case UInt8(ascii: "B"): self = .medium
        case UInt8(ascii: "C")...UInt8(ascii: "Z"): self = .low
        default: return nil
        }
    }

    /// The todo.txt letter: `A` for high, `B` for medium, `C` for low; `nil` for none.
    var todoTxtLetter: String? {
        switch self {
        case .high: return "A"
        case .medium: return "B"
        case .low: return "C"
        case .none: return nil
        }
    }
}
