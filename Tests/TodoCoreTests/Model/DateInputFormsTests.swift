import Testing

@testable import TodoCore

/// The forms of issue 18 beside the first ones: `yesterday`, offsets into the past and by
/// months and years, and the first and last days of the current week, month and year, with the
/// week starting on any day.
@Suite struct DateInputFormsTests {
    /// A Wednesday.
    let wednesday = day("2030-01-30")

    @Test func everyFormResolves() throws {
        let cases: [(String, String)] = [
            ("2030-02-14", "2030-02-14"), ("today", "2030-01-30"), ("tomorrow", "2030-01-31"),
            ("yesterday", "2030-01-29"), ("YESTERDAY", "2030-01-29"), ("fri", "2030-02-01"), ("wed", "2030-02-06"),
            ("+3d", "2030-02-02"), ("-3d", "2030-01-27"), ("-0d", "2030-01-30"), ("+2w", "2030-02-13"),
            ("-2w", "2030-01-16"), ("-1W", "2030-01-23"), ("+1m", "2030-02-28"), ("+0m", "2030-01-30"),
            ("-1m", "2029-12-30"), ("+13M", "2031-02-28"), ("+1y", "2031-01-30"), ("-1y", "2029-01-30"),
            ("+0y", "2030-01-30"), (" sow ", "2030-01-28"), ("eow", "2030-02-03"), ("SOM", "2030-01-01"),
            ("eom", "2030-01-31"), ("soy", "2030-01-01"), ("Eoy", "2030-12-31"),
        ]
        for (text, expected) in cases {
            #expect(try DateInput(parsing: text).resolve(today: wednesday) == day(expected), "\(text)")
        }
    }

    @Test func theFormsParseToTheirCases() throws {
        let cases: [(String, DateInput)] = [
            ("yesterday", .yesterday), ("-3d", .daysFromToday(-3)), ("+3d", .daysFromToday(3)),
            ("-0d", .daysFromToday(0)), ("-2w", .weeksFromToday(-2)), ("+1m", .monthsFromToday(1)),
            ("-12m", .monthsFromToday(-12)), ("+1y", .yearsFromToday(1)), ("-100y", .yearsFromToday(-100)),
            ("sow", .startOf(.week)), ("som", .startOf(.month)), ("soy", .startOf(.year)), ("eow", .endOf(.week)),
            ("eom", .endOf(.month)), ("eoy", .endOf(.year)),
        ]
        for (text, input) in cases {
            #expect(try DateInput(parsing: text) == input, "\(text)")
        }
    }

    @Test func monthsKeepTheDayOrTakeTheMonthsLast() throws {
        let cases: [(String, String, String)] = [
            ("2030-01-31", "+1m", "2030-02-28"), ("2028-01-31", "+1m", "2028-02-29"),
            ("2030-03-31", "-1m", "2030-02-28"), ("2030-05-31", "+1m", "2030-06-30"),
            ("2030-05-31", "-1m", "2030-04-30"), ("2030-12-15", "+1m", "2031-01-15"),
            ("2030-01-15", "-1m", "2029-12-15"), ("2030-01-31", "+2m", "2030-03-31"),
            ("2030-01-31", "+12m", "2031-01-31"), ("2030-01-31", "+1200m", "2130-01-31"),
            ("2030-01-31", "-1200m", "1930-01-31"), ("2030-08-31", "+1m", "2030-09-30"),
        ]
        for (today, text, expected) in cases {
            #expect(try DateInput(parsing: text).resolve(today: day(today)) == day(expected), "\(today) \(text)")
        }
        // Each offset counts from today, not from the day the last one gave.
        #expect(try DateInput(parsing: "+2m").resolve(today: day("2030-01-31")) == day("2030-03-31"))
    }

    @Test func yearsKeepTheDayOrTakeTheTwentyEighthOfFebruary() throws {
        let cases: [(String, String, String)] = [
            ("2028-02-29", "+1y", "2029-02-28"), ("2028-02-29", "+4y", "2032-02-29"),
            ("2028-02-29", "-1y", "2027-02-28"), ("2028-02-29", "-4y", "2024-02-29"),
            ("2028-02-29", "+100y", "2128-02-29"), ("2096-02-29", "+4y", "2100-02-28"),
            ("2028-02-28", "+1y", "2029-02-28"), ("2027-03-01", "+1y", "2028-03-01"),
            ("2030-12-31", "+1y", "2031-12-31"), ("2030-01-30", "+12m", "2031-01-30"),
        ]
        for (today, text, expected) in cases {
            #expect(try DateInput(parsing: text).resolve(today: day(today)) == day(expected), "\(today) \(text)")
        }
        #expect(try DateInput.yearsFromToday(400).resolve(today: day("2000-02-29")) == day("2400-02-29"))
    }

    /// Monday 2030-01-28 to Sunday 2030-02-03.
    @Test(arguments: 0..<7)
    func weeksStartOnMondayOrSunday(_ offset: Int) throws {
        let today = day("2030-01-28").adding(days: offset)
        let isSunday = today.weekday == .sunday
        #expect(try DateInput.startOf(.week).resolve(today: today) == day("2030-01-28"))
        #expect(try DateInput.endOf(.week).resolve(today: today) == day("2030-02-03"))
        #expect(try DateInput.startOf(.week).resolve(today: today, weekStart: .monday) == day("2030-01-28"))
        #expect(
            try DateInput.startOf(.week).resolve(today: today, weekStart: .sunday)
                == day(isSunday ? "2030-02-03" : "2030-01-27"))
        #expect(
            try DateInput.endOf(.week).resolve(today: today, weekStart: .sunday)
                == day(isSunday ? "2030-02-09" : "2030-02-02"))
    }

    @Test func todayCanBeTheFirstOrTheLastDayOfItsWeek() throws {
        let monday = day("2030-01-28")
        let saturday = day("2030-02-02")
        let sunday = day("2030-02-03")
        #expect(try DateInput.startOf(.week).resolve(today: monday) == monday)
        #expect(try DateInput.endOf(.week).resolve(today: sunday) == sunday)
        #expect(try DateInput.startOf(.week).resolve(today: sunday, weekStart: .sunday) == sunday)
        #expect(try DateInput.endOf(.week).resolve(today: saturday, weekStart: .sunday) == saturday)
        #expect(try DateInput.endOf(.week).resolve(today: monday, weekStart: .tuesday) == monday)
    }

    @Test(arguments: Weekday.allCases)
    func aWeekIsSevenDaysFromItsStartWhateverTheStart(_ weekStart: Weekday) throws {
        let before: Weekday = Weekday.allCases[(Weekday.allCases.firstIndex(of: weekStart)! + 6) % 7]
        for offset in 0..<21 {
            let today = day("2030-12-20").adding(days: offset)
            let first = try DateInput.startOf(.week).resolve(today: today, weekStart: weekStart)
            let last = try DateInput.endOf(.week).resolve(today: today, weekStart: weekStart)
            #expect(first.weekday == weekStart, "\(today)")
            #expect(last.weekday == before, "\(today)")
            #expect(first <= today && today <= last, "\(today)")
            #expect(first.days(to: last) == 6, "\(today)")
        }
    }

    @Test func weekdayNamesDoNotDependOnTheWeekStart() throws {
        for text in ["mon", "wed", "friday", "sun"] {
            let input = try DateInput(parsing: text)
            for weekStart in Weekday.allCases {
                #expect(
                    try input.resolve(today: wednesday, weekStart: weekStart) == input.resolve(today: wednesday),
                    "\(text) \(weekStart)")
            }
        }
        for text in ["today", "+3d", "-1m", "eom", "soy", "2030-02-14"] {
            let input = try DateInput(parsing: text)
            #expect(try input.resolve(today: wednesday, weekStart: .sunday) == input.resolve(today: wednesday))
        }
    }

    @Test func weeksMonthsAndYearsAcrossTheNewYear() throws {
        let tuesday = day("2030-12-31")
        let wednesday = day("2031-01-01")
        #expect(try DateInput.endOf(.week).resolve(today: tuesday) == day("2031-01-05"))
        #expect(try DateInput.startOf(.week).resolve(today: tuesday) == day("2030-12-30"))
        #expect(try DateInput.startOf(.week).resolve(today: wednesday) == day("2030-12-30"))
        #expect(try DateInput.startOf(.week).resolve(today: tuesday, weekStart: .sunday) == day("2030-12-29"))
        #expect(try DateInput.endOf(.week).resolve(today: tuesday, weekStart: .sunday) == day("2031-01-04"))
        #expect(try DateInput.endOf(.year).resolve(today: tuesday) == tuesday)
        #expect(try DateInput.startOf(.year).resolve(today: wednesday) == wednesday)
        #expect(try DateInput.endOf(.month).resolve(today: tuesday) == tuesday)
        #expect(try DateInput.startOf(.month).resolve(today: wednesday) == wednesday)
        #expect(try DateInput.yesterday.resolve(today: wednesday) == tuesday)
        #expect(try DateInput.tomorrow.resolve(today: tuesday) == wednesday)
        #expect(try DateInput(parsing: "-1w").resolve(today: day("2031-01-03")) == day("2030-12-27"))
        #expect(try DateInput(parsing: "+1m").resolve(today: day("2030-12-31")) == day("2031-01-31"))
        #expect(try DateInput(parsing: "-1m").resolve(today: day("2031-01-31")) == day("2030-12-31"))
    }

    @Test func theEndsOfMonthsAndYears() throws {
        let cases: [(String, String, String)] = [
            ("2030-02-14", "som", "2030-02-01"), ("2030-02-14", "eom", "2030-02-28"),
            ("2028-02-14", "eom", "2028-02-29"), ("2100-02-01", "eom", "2100-02-28"),
            ("2000-02-01", "eom", "2000-02-29"), ("2030-04-30", "eom", "2030-04-30"),
            ("2030-04-01", "som", "2030-04-01"), ("2030-12-01", "eom", "2030-12-31"),
            ("2030-07-04", "soy", "2030-01-01"), ("2030-07-04", "eoy", "2030-12-31"),
            ("0001-01-01", "som", "0001-01-01"), ("9999-12-31", "eoy", "9999-12-31"),
        ]
        for (today, text, expected) in cases {
            #expect(try DateInput(parsing: text).resolve(today: day(today)) == day(expected), "\(today) \(text)")
        }
    }

    @Test func descriptionsReadBackInLowerCase() throws {
        let inputs: [DateInput] =
            [
                .day(day("2030-02-14")), .today, .tomorrow, .yesterday, .daysFromToday(0), .daysFromToday(3),
                .daysFromToday(-3), .daysFromToday(DateInput.maximumDays), .daysFromToday(-DateInput.maximumDays),
                .weeksFromToday(2), .weeksFromToday(-2), .monthsFromToday(0), .monthsFromToday(1),
                .monthsFromToday(-1), .monthsFromToday(-1200), .yearsFromToday(1), .yearsFromToday(-1),
                .yearsFromToday(100),
            ] + Weekday.allCases.map(DateInput.next) + DateInput.Period.allCases.map(DateInput.startOf)
            + DateInput.Period.allCases.map(DateInput.endOf)
        for input in inputs {
            #expect(input.description == input.description.lowercased())
            #expect(try DateInput(parsing: input.description) == input, "\(input)")
        }
        let spelled: [(String, String)] = [
            ("-3d", "-3d"), ("+3d", "+3d"), ("-0d", "+0d"), ("+007d", "+7d"), ("-1W", "-1w"), ("+1M", "+1m"),
            ("-2Y", "-2y"), ("SOW", "sow"), ("EoM", "eom"), ("Yesterday", "yesterday"), ("FRI", "friday"),
        ]
        for (text, description) in spelled {
            #expect(try DateInput(parsing: text).description == description, "\(text)")
        }
        // Values no parse gives still describe themselves without trapping.
        #expect(DateInput.daysFromToday(Int.min).description == "-9223372036854775808d")
        #expect(DateInput.yearsFromToday(Int.max).description == "+9223372036854775807y")
    }

    @Test func offsetsHaveLimits() throws {
        for text in ["+36525d", "-36525d", "+5217w", "-5217w", "+1200m", "-1200m", "+100y", "-100y"] {
            #expect(throws: Never.self, "\(text)") { try DateInput(parsing: text) }
        }
        for text in [
            "+36526d", "-36526d", "+5218w", "-5218w", "+1201m", "-1201m", "+101y", "-101y", "+999999y", "-999999m",
        ] {
            #expect(throws: TodoError.invalidDate(text, reason: .tooFar)) { try DateInput(parsing: text) }
        }
    }

    @Test func whatIsNotAFormIsUnrecognized() {
        let texts = [
            "3m", "-m", "+m", "-3", "+3", "--3d", "+-3d", "-+3d", "+3 d", "+ 3d", "- 3d", "-3x", "+1mo", "+1h",
            "sod", "eod", "s o w", "sow1", "eowk", "startofweek", "+1234567m", "-1234567y", "-٣d", "+３d",
            "next month", "last week", "-", "+", "yesterday!", "yester day", "-2030-01-01",
        ]
        for text in texts {
            #expect(throws: TodoError.invalidDate(text, reason: .unrecognized), "\(text)") {
                try DateInput(parsing: text)
            }
        }
        // The error names the text as it was typed.
        #expect(throws: TodoError.invalidDate(" -3x ", reason: .unrecognized)) { try DateInput(parsing: " -3x ") }
        #expect(throws: TodoError.invalidDate("+1201M", reason: .tooFar)) { try DateInput(parsing: "+1201M") }
    }

    @Test func daysOffTheCalendarAreOutOfRange() throws {
        let last = day("9999-12-31")  // a Friday
        for text in ["tomorrow", "+1d", "+1w", "+1m", "+1y", "eow", "sat"] {
            let input = try DateInput(parsing: text)
            #expect(throws: TodoError.invalidDate(input.description, reason: .outOfRange), "\(text)") {
                try input.resolve(today: last)
            }
        }
        for text in ["today", "+0d", "-1y", "sow", "eom", "eoy", "yesterday"] {
            #expect(throws: Never.self, "\(text)") { try DateInput(parsing: text).resolve(today: last) }
        }
        #expect(try DateInput.endOf(.week).resolve(today: last, weekStart: .saturday) == last)

        let first = day("0001-01-01")  // a Monday
        for text in ["yesterday", "-1d", "-1w", "-1m", "-1y"] {
            let input = try DateInput(parsing: text)
            #expect(throws: TodoError.invalidDate(input.description, reason: .outOfRange), "\(text)") {
                try input.resolve(today: first)
            }
        }
        #expect(throws: TodoError.invalidDate("sow", reason: .outOfRange)) {
            try DateInput.startOf(.week).resolve(today: first, weekStart: .sunday)
        }
        for text in ["today", "sow", "som", "soy", "+1y", "mon"] {
            #expect(throws: Never.self, "\(text)") { try DateInput(parsing: text).resolve(today: first) }
        }
        // Counts no parse gives, however large, are out of range rather than a trap.
        for input: DateInput in [
            .daysFromToday(.max), .daysFromToday(.min), .weeksFromToday(.max), .weeksFromToday(.min),
            .monthsFromToday(.max), .monthsFromToday(.min), .yearsFromToday(.max), .yearsFromToday(.min),
        ] {
            #expect(throws: TodoError.invalidDate(input.description, reason: .outOfRange)) {
                try input.resolve(today: day("2030-01-30"))
            }
        }
    }

    /// Pieces of the new forms put together at random: every text is a date whose description
    /// reads back to it and that resolves to a day or `.outOfRange` on any day and week start,
    /// or an error that names the text as typed.
    @Test func randomPiecesAreADateOrATypedError() {
        var generator = FuzzTests.Generator(state: 18)
        let pieces = ["+", "-", "1", "0", "12", "999999", "d", "w", "m", "y", "so", "eo", "yesterday", "sun", " ", "x"]
        let days = [day("0001-01-01"), day("2028-02-29"), day("2030-12-31"), day("9999-12-31")]
        for _ in 0..<scaled(3_000) {
            let text = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            do {
                let input = try DateInput(parsing: text)
                #expect(try DateInput(parsing: input.description) == input, "\(text)")
                for today in days {
                    for weekStart in [Weekday.monday, .sunday] {
                        do {
                            _ = try input.resolve(today: today, weekStart: weekStart)
                        } catch {
                            #expect(error == .invalidDate(input.description, reason: .outOfRange), "\(text)")
                        }
                    }
                }
            } catch {
                guard case .invalidDate(let echoed, _) = error else {
                    Issue.record("\(text): not a date error: \(error)")
                    continue
                }
                #expect(echoed == text)
            }
        }
    }
}
