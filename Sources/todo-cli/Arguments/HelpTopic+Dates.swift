import TodoCore

/// `todo help dates`: every form of date `DateInput` reads, each with an example.
extension HelpTopic {
    /// `todo help dates`
    static let dates = HelpTopic(
        name: "dates",
        overview: "The forms of a date: 2030-02-14, fri, +3d, -1w, +1m, eom and more.",
        discussion: """
            --due takes one of these forms, in any case. The examples are as seen on \
            \(DateForm.exampleWeekday) \(DateForm.exampleToday). Weeks start on Monday (for sow and \
            eow; a weekday name is always the next such day). N is at most \(DateInput.maximumDays) \
            days, \(DateInput.maximumDays / 7) weeks, \(DateInput.maximumMonths) months or \
            \(DateInput.maximumYears) years; a date before 0001-01-01 or after 9999-12-31 is refused.
            """,
        sections: [
            Section(
                heading: "FORMS",
                entries: DateForm.all.map { Entry(label: $0.form, description: $0.helpDescription) })
        ])
}
