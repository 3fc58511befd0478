import TodoCore

/// `todo help dates`: every form of date `DateInput` reads, each with an example.
extension HelpTopic {
    /// `todo help dates`, weeks starting on Monday (the default).
    static let dates = dates(weekStart: .monday)

    /// `todo help dates` for weeks that start on `weekStart` (the config's `week.start`): what
    /// it says of them, and the days `sow` and `eow` name in the examples.
    static func dates(weekStart: Weekday) -> HelpTopic {
        let today = try? CalendarDay(parsing: DateForm.exampleToday)
        let forms = DateForm.all.map { form in
            var form = form
            if ["sow", "eow"].contains(form.form), let today,
                let day = try? DateInput(parsing: form.form).resolve(today: today, weekStart: weekStart)
            {
                form.result = day.description
            }
            return form
        }
        let start = weekStart.rawValue.prefix(1).uppercased() + weekStart.rawValue.dropFirst()
        return HelpTopic(
            name: "dates",
            overview: "The forms of a date: 2030-02-14, fri, +3d, -1w, +1m, eom and more.",
            discussion: """
                --due takes one of these forms, in any case. The examples are as seen on \
                \(DateForm.exampleWeekday) \(DateForm.exampleToday). Weeks start on \(start)\
                \(weekStart == .monday ? "" : ", as week.start in the config file says") (for sow and \
                eow; a weekday name is always the next such day). N is at most \(DateInput.maximumDays) \
                days, \(DateInput.maximumDays / 7) weeks, \(DateInput.maximumMonths) months or \
                \(DateInput.maximumYears) years; a date before 0001-01-01 or after 9999-12-31 is refused.
                """,
            sections: [
                Section(
                    heading: "FORMS",
                    entries: forms.map { Entry(label: $0.form, description: $0.helpDescription) })
            ])
    }
}
