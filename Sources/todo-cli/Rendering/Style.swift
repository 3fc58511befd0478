/// ANSI colours and weights, applied only when colour is on.
struct Style {
    /// Whether escapes are written at all.
    let isEnabled: Bool

    /// The escape codes used.
    enum Code: String {
        case bold = "1"
        case dim = "2"
        case underline = "4"
        case reverse = "7"
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case cyan = "36"
    }

    /// `text` wrapped in the escapes for `codes` (unchanged when colour is off or no code).
    func apply(_ text: String, _ codes: Code...) -> String {
        apply(text, codes)
    }

    /// `text` wrapped in the escapes for `codes` (unchanged when colour is off or no code).
    func apply(_ text: String, _ codes: [Code]) -> String {
        guard isEnabled, !codes.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[" + codes.map(\.rawValue).joined(separator: ";") + "m" + text + "\u{1B}[0m"
    }
}
