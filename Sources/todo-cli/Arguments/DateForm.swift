/// One form of date users type, what it means, and an example resolved on ``exampleToday``:
/// the rows of `todo help dates` and of the dates table in Docs/CLI.md.
struct DateForm: Sendable, Equatable {
    /// The form as help shows it: `+Nd`.
    var form: String
    /// What it means, without a final period: `N days after today`.
    var meaning: String
    /// What a user types: `+3d`.
    var example: String
    /// The day `example` names on ``exampleToday``, weeks starting on Monday.
    var result: String

    /// The entry of `todo help dates`: `N days after today: +3d is 2030-02-02.`, or only the day
    /// when the example is the form itself (`sow`) or the day itself (`2030-02-14`).
    var helpDescription: String {
        let example = self.example == form || self.example == result ? result : "\(self.example) is \(result)"
        return "\(meaning): \(example)."
    }

    /// The day the examples are seen on.
    static let exampleToday = "2030-01-30"
    /// The weekday of ``exampleToday``.
    static let exampleWeekday = "Wednesday"

    /// Every form, in the order help lists them.
    static let all: [DateForm] = [
        DateForm(
            form: "YYYY-MM-DD", meaning: "A day of the calendar (2030-02-30 is refused)", example: "2030-02-14",
            result: "2030-02-14"),
        DateForm(form: "today", meaning: "Today", example: "today", result: "2030-01-30"),
        DateForm(form: "tomorrow", meaning: "The day after today", example: "tomorrow", result: "2030-01-31"),
        DateForm(form: "yesterday", meaning: "The day before today", example: "yesterday", result: "2030-01-29"),
        DateForm(
            form: "monday ... sunday", meaning: "The next such day (or mon ... sun), 1 to 7 days ahead",
            example: "fri", result: "2030-02-01"),
        DateForm(form: "+Nd", meaning: "N days after today", example: "+3d", result: "2030-02-02"),
        DateForm(form: "-Nd", meaning: "N days before today", example: "-3d", result: "2030-01-27"),
        DateForm(form: "+Nw", meaning: "N weeks after today", example: "+2w", result: "2030-02-13"),
        DateForm(form: "-Nw", meaning: "N weeks before today", example: "-2w", result: "2030-01-16"),
        DateForm(
            form: "+Nm", meaning: "The same day N months after today, or that month's last day if it is shorter",
            example: "+1m", result: "2030-02-28"),
        DateForm(
            form: "-Nm", meaning: "The same day N months before today, or that month's last day if it is shorter",
            example: "-1m", result: "2029-12-30"),
        DateForm(
            form: "+Ny", meaning: "The same day N years after today (29 February: 28 February in a common year)",
            example: "+1y", result: "2031-01-30"),
        DateForm(
            form: "-Ny", meaning: "The same day N years before today (29 February: 28 February in a common year)",
            example: "-1y", result: "2029-01-30"),
        DateForm(form: "sow", meaning: "The first day of this week", example: "sow", result: "2030-01-28"),
        DateForm(form: "eow", meaning: "The last day of this week", example: "eow", result: "2030-02-03"),
        DateForm(form: "som", meaning: "The first day of this month", example: "som", result: "2030-01-01"),
        DateForm(form: "eom", meaning: "The last day of this month", example: "eom", result: "2030-01-31"),
        DateForm(form: "soy", meaning: "The first day of this year", example: "soy", result: "2030-01-01"),
        DateForm(form: "eoy", meaning: "The last day of this year", example: "eoy", result: "2030-12-31"),
    ]
}
