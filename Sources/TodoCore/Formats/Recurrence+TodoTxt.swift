/// Recurrences as todo.txt add-ons write them: `rec:` followed by topydo's `[+]N[dwmyb]`.
extension Recurrence {
    /// Reads a `rec:` value: `1d`, `Nd`, `1w`, `Nw`, `1m` and `1y`, with or without topydo's
    /// leading `+` (which counts from the due date rather than the completion day; we always keep
    /// the due date's schedule), and our own words (`weekly`); `nil` for what we cannot repeat by
    /// (`2m`, `3y`, business days `5b`).
    init?(todoTxt value: some StringProtocol) {
        var text = Substring(value)
        if text.first == "+" { text = text.dropFirst() }
        if let parsed = try? Recurrence(parsing: text) {
            self = parsed
            return
        }
        let count = text.dropLast()
        guard !count.isEmpty, count.count <= 9, count.allSatisfy({ $0.isASCII && $0.isNumber }), Int(count) == 1
        else { return nil }
        switch text.last {
        case "m", "M": self = .monthly
        case "y", "Y": self = .yearly
        default: return nil
        }
    }

    /// The `rec:` value that means this recurrence: `+1d`, `+1w`, `+1m`, `+1y`, `+Nd` or `+Nw`.
    ///
    /// The `+` is topydo's strict recurrence (the next due date follows the previous one, not the
    /// completion day), which is what completing a recurring todo does here.
    var todoTxtValue: String {
        switch self {
        case .daily: return "+1d"
        case .weekly: return "+1w"
        case .monthly: return "+1m"
        case .yearly: return "+1y"
        case .everyDays(let n): return "+\(n)d"
        case .everyWeeks(let n): return "+\(n)w"
        }
    }
}
