/// Recurrences as Taskwarrior writes them in `recur`.
extension Recurrence {
    /// Reads a Taskwarrior `recur` value where it maps to a recurrence: `daily`/`day`,
    /// `weekly`/`week`, `biweekly`/`fortnight` (every 2 weeks), `monthly`/`month`,
    /// `yearly`/`annual`/`year`, and `N` followed by a unit — days (`d`, `day`, `days`), weeks
    /// (`w`, `wk`, `wks`, `week`, `weeks`), or for N = 1 months (`mo`, `month`, `months`) and years
    /// (`y`, `yr`, `year`, `years`) — and the ISO forms `P1D`, `PnD`, `P1W`, `PnW`, `P1M`, `P1Y`.
    ///
    /// `nil` for what we cannot repeat by: `weekdays` (Monday to Friday: every day would add
    /// weekends, so the todo is imported without a recurrence and the value is kept in its note),
    /// `quarterly`, `semiannual`, `biannual`, several months or years, hours and the like.
    init?(taskwarrior value: String) {
        let text = value.lowercased()
        switch text {
        case "daily", "day": self = .daily
        case "weekly", "week", "sennight": self = .weekly
        case "biweekly", "fortnight": self = .everyWeeks(2)
        case "monthly", "month": self = .monthly
        case "yearly", "annual", "year": self = .yearly
        default:
            var body = Substring(text)
            let isISO = body.hasPrefix("p")
            if isISO { body = body.dropFirst() }
            let digits = body.prefix { $0.isASCII && $0.isNumber }
            let unit = body.dropFirst(digits.count)
            guard !digits.isEmpty, digits.count <= 9, let count = Int(digits), count >= 1 else { return nil }
            switch isISO ? unit.uppercased() : String(unit) {
            case "D", "d", "day", "days":
                guard count <= Recurrence.maximumInterval else { return nil }
                self = count == 1 ? .daily : .everyDays(count)
            case "W", "w", "wk", "wks", "week", "weeks":
                guard count <= Recurrence.maximumInterval else { return nil }
                self = count == 1 ? .weekly : .everyWeeks(count)
            case "M", "mo", "mos", "month", "months":
                guard count == 1 else { return nil }
                self = .monthly
            case "Y", "y", "yr", "yrs", "year", "years":
                guard count == 1 else { return nil }
                self = .yearly
            default:
                return nil
            }
        }
    }
}
