import Foundation
import Testing
import TodoCore

@testable import todo_cli

/// `todo help <topic>`: the topics beside the commands, `todo help dates` in full, and the
/// dates table of Docs/CLI.md that says the same.
@Suite struct HelpTopicTests {
    @Test func topicsAreNamedLikeNoCommand() {
        let names = HelpTopic.all.map(\.name)
        #expect(Set(names).count == names.count)
        for name in names {
            #expect(CommandCatalog.command(named: name) == nil, "\(name) is a command too")
        }
    }

    @Test(arguments: [["help", "dates"], ["--help", "dates"], ["dates", "--help"], ["--json", "help", "dates"]])
    func helpOfATopic(_ arguments: [String]) {
        #expect(invocation(arguments)?.command == HelpCommand(text: HelpRenderer.help(for: .dates)))
    }

    @Test(arguments: [["help", "filters"], ["--help", "filters"], ["filters", "--help"]])
    func helpOfTheFilters(_ arguments: [String]) {
        #expect(invocation(arguments)?.command == HelpCommand(text: HelpRenderer.help(for: .filters)))
    }

    /// The table of terms of Docs/Filters.md has the rows of `todo help filters`, in the same
    /// order.
    @Test func theFilterGuideShowsTheSameTable() throws {
        let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/Filters.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let table =
            "| Term | Keeps the todos… | Examples |\n|---|---|---|\n"
            + FilterForm.all.map(\.markdownRow).joined(separator: "\n") + "\n\n"
        #expect(text.contains(table))
        #expect(HelpRenderer.help(for: .filters).contains("Docs/Filters.md"))
    }

    /// Every example of `todo help filters` is a filter TodoCore reads, and every form that is
    /// code is a structured term (or, for text and other words, a search).
    @Test(arguments: FilterForm.all)
    func eachFilterExampleIsAFilter(_ form: FilterForm) throws {
        for example in form.examples {
            let words = example.split(separator: " ").map(String.init)
            #expect(throws: Never.self, "\(example)") { try TodoFilter(parsing: words) }
        }
        let words = form.examples.flatMap { $0.split(separator: " ").map(String.init) }
        #expect(words.allSatisfy(TodoFilter.isStructuredTerm) == form.formsAreCode, "\(form.examples)")
    }

    @Test func aTopicIsNoCommand() {
        #expect(usageError("dates")?.message == "unknown command 'dates'")
        #expect(usageError("help", "date")?.message.hasPrefix("unknown command 'date'") == true)
        #expect(errorMessage("help", "dates", "add") == "unexpected argument 'add'")
        #expect(command("help", "help") == HelpCommand(text: HelpRenderer.help(for: HelpCommand.spec)))
    }

    @Test func theTopLevelHelpListsTheTopics() {
        let help = HelpRenderer.topLevelHelp()
        #expect(help.contains("\n\nTOPICS:\n  dates                   The forms of a date: "))
        for topic in HelpTopic.all {
            #expect(help.contains("\n  \(topic.name) "))
        }
        #expect(help.hasSuffix("\n\n  See 'todo help <subcommand>' for detailed help.\n"))
        #expect(HelpRenderer.help(forTopic: nil) == help)
        #expect(HelpRenderer.help(forTopic: "frob") == help)
        #expect(HelpRenderer.help(forTopic: "dates") == HelpRenderer.help(for: .dates))
    }

    /// Issue 18: `todo help dates` said "Weeks start on Monday" whatever `week.start` said.
    @Test func theHelpOfDatesFollowsTheConfiguredWeekStart() throws {
        var sunday = ConfigCommands()
        sunday.weekStart = .sunday
        let help = HelpRenderer.help(forTopic: "dates", config: sunday)
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("Weeks start on Sunday, as week.start in the config file says (for sow and eow;"))
        #expect(!help.contains("Monday"), "\(help)")
        #expect(help.contains("The first day of this week: 2030-01-27."), "\(help)")
        #expect(help.contains("The last day of this week: 2030-02-02."), "\(help)")
        #expect(HelpRenderer.help(forTopic: "dates", config: .none) == HelpRenderer.help(for: .dates))
        let invocation = try CommandLineParser.parse(["dates", "--help"], config: sunday).get()
        #expect((invocation.command as? HelpCommand)?.text == help)
        let helpDates = try CommandLineParser.parse(["help", "dates"], config: sunday).get()
        #expect((helpDates.command as? HelpCommand)?.text == help)
    }

    @Test func theHelpOfDatesInFull() {
        #expect(
            HelpRenderer.help(for: .dates) == """
                OVERVIEW: The forms of a date: 2030-02-14, fri, +3d, -1w, +1m, eom and more.

                --due takes one of these forms, in any case. The examples are as seen on
                Wednesday 2030-01-30. Weeks start on Monday (for sow and eow; a weekday name is
                always the next such day). N is at most 36525 days, 5217 weeks, 1200 months or
                100 years; a date before 0001-01-01 or after 9999-12-31 is refused.

                FORMS:
                  YYYY-MM-DD              A day of the calendar (2030-02-30 is refused):
                                          2030-02-14.
                  today                   Today: 2030-01-30.
                  tomorrow                The day after today: 2030-01-31.
                  yesterday               The day before today: 2030-01-29.
                  monday ... sunday       The next such day (or mon ... sun), 1 to 7 days ahead:
                                          fri is 2030-02-01.
                  +Nd                     N days after today: +3d is 2030-02-02.
                  -Nd                     N days before today: -3d is 2030-01-27.
                  +Nw                     N weeks after today: +2w is 2030-02-13.
                  -Nw                     N weeks before today: -2w is 2030-01-16.
                  +Nm                     The same day N months after today, or that month's
                                          last day if it is shorter: +1m is 2030-02-28.
                  -Nm                     The same day N months before today, or that month's
                                          last day if it is shorter: -1m is 2029-12-30.
                  +Ny                     The same day N years after today (29 February: 28
                                          February in a common year): +1y is 2031-01-30.
                  -Ny                     The same day N years before today (29 February: 28
                                          February in a common year): -1y is 2029-01-30.
                  sow                     The first day of this week: 2030-01-28.
                  eow                     The last day of this week: 2030-02-03.
                  som                     The first day of this month: 2030-01-01.
                  eom                     The last day of this month: 2030-01-31.
                  soy                     The first day of this year: 2030-01-01.
                  eoy                     The last day of this year: 2030-12-31.

                """)
    }

    @Test(arguments: HelpTopic.all)
    func everyLineOfATopicFitsInEightyColumns(_ topic: HelpTopic) {
        let help = HelpRenderer.help(for: topic)
        #expect(help.hasPrefix("OVERVIEW: "))
        #expect(help.hasSuffix("\n") && !help.hasSuffix("\n\n"))
        #expect(!help.contains("USAGE:"))
        for line in help.split(separator: "\n") {
            #expect(line.count <= 80, "too long: \(line)")
        }
        for section in topic.sections {
            #expect(help.contains("\n\n\(section.heading):\n"))
            for entry in section.entries {
                // A label too long for its column has the description on the next line.
                #expect(
                    help.contains("\n  \(entry.label) ") || help.contains("\n  \(entry.label)\n"), "\(entry.label)")
            }
        }
    }

    /// Every example of `todo help dates` is what TodoCore makes of it, on the day they are
    /// said to be seen on.
    @Test(arguments: DateForm.all)
    func eachDateExampleIsTrue(_ form: DateForm) throws {
        let today = try CalendarDay(parsing: DateForm.exampleToday)
        #expect(today.weekday.rawValue == DateForm.exampleWeekday.lowercased())
        let input = try DateInput(parsing: form.example)
        #expect(try input.resolve(today: today, weekStart: .monday).description == form.result)
    }

    /// Every kind of `DateInput` has its row: a new case does not compile here until it is
    /// named, and then fails until `todo help dates` shows it.
    @Test func everyKindOfDateHasARow() throws {
        func kind(_ input: DateInput) -> String {
            switch input {
            case .day: return "day"
            case .today: return "today"
            case .tomorrow: return "tomorrow"
            case .yesterday: return "yesterday"
            case .next: return "weekday"
            case .daysFromToday(let count): return count < 0 ? "-d" : "+d"
            case .weeksFromToday(let count): return count < 0 ? "-w" : "+w"
            case .monthsFromToday(let count): return count < 0 ? "-m" : "+m"
            case .yearsFromToday(let count): return count < 0 ? "-y" : "+y"
            case .startOf(let period): return "start of \(period)"
            case .endOf(let period): return "end of \(period)"
            }
        }
        let shown = try DateForm.all.map { try kind(DateInput(parsing: $0.example)) }
        #expect(Set(shown).count == DateForm.all.count, "one row per kind")
        #expect(Set(shown).count == 5 + 8 + 2 * DateInput.Period.allCases.count)
    }

    /// Every command has its row in the commands table of Docs/CLI.md, every option of every
    /// command is named there, and the manual has the sections issue 18 asks for.
    @Test func theManualNamesEveryCommandAndOption() throws {
        let manual = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/CLI.md")
        let text = try String(contentsOf: manual, encoding: .utf8)
        for command in CommandCatalog.visibleCommands {
            #expect(text.contains("\n| `todo \(command.name)"), "\(command.name)")
            for option in command.options {
                #expect(text.contains("--\(option.long)"), "\(command.name) --\(option.long)")
            }
        }
        for heading in ["### Filters", "### Inline attributes", "## Coming from Taskwarrior"] {
            #expect(text.contains("\n\(heading)\n"), "\(heading)")
        }
        #expect(text.contains("(Filters.md)"))
    }

    /// The dates table of Docs/CLI.md has the rows of `todo help dates`, in the same order.
    @Test func theManualShowsTheSameTable() throws {
        let manual = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/CLI.md")
        let text = try String(contentsOf: manual, encoding: .utf8)
        let rows = DateForm.all.map { form in
            let example = form.example == form.result ? "`\(form.example)`" : "`\(form.example)` → \(form.result)"
            return "| `\(form.form)` | \(form.meaning) | \(example) |"
        }
        let table = "| form | meaning | example |\n|---|---|---|\n" + rows.joined(separator: "\n") + "\n\n"
        #expect(text.contains(table))
        #expect(text.contains("The examples are as seen on \(DateForm.exampleWeekday) \(DateForm.exampleToday)."))
    }
}
