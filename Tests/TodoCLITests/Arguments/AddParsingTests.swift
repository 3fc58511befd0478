import Testing
import TodoCore

@testable import todo_cli

/// `todo add <title words…> [--note] [--priority] [--due] [--tag]… [--repeat]`.
@Suite struct AddParsingTests {
    @Test func theWordsAreJoinedWithSingleSpacesIntoTheTitle() {
        #expect(command("add", "Buy", "oat", "milk") == draft("Buy oat milk"))
        #expect(command("add", "Buy oat milk") == draft("Buy oat milk"))
    }

    @Test func theTitleIsTrimmed() {
        #expect(command("add", "  Buy milk\t") == draft("Buy milk"))
        #expect(command("add", "", "Buy") == draft("Buy"))
    }

    @Test func everyOptionByItsLongName() {
        let parsed = command(
            "add", "Pay", "rent", "--note", "to the landlord", "--priority", "high", "--due", "2030-01-15", "--tag",
            "home", "--tag", "#money", "--repeat", "monthly")
        #expect(
            parsed
                == draft(
                    "Pay rent", note: "to the landlord", priority: .high,
                    due: .day(CalendarDay(year: 2030, month: 1, day: 15)!),
                    tags: ["home", "money"], recurrence: .monthly))
    }

    @Test func everyOptionByItsShortName() {
        let parsed = command(
            "add", "Call", "mum", "-n", "Sunday", "-p", "l", "-d", "tomorrow", "-t", "family", "-r", "3d")
        #expect(
            parsed
                == draft(
                    "Call mum", note: "Sunday", priority: .low, due: .tomorrow, tags: ["family"],
                    recurrence: .everyDays(3)))
    }

    @Test func everyOptionWithAnEqualsSign() {
        let parsed = command(
            "add", "x", "--note=a=b", "--priority=medium", "--due=+2w", "--tag=t", "--repeat=2w")
        #expect(
            parsed
                == draft(
                    "x", note: "a=b", priority: .medium, due: .weeksFromToday(2), tags: ["t"],
                    recurrence: .everyWeeks(2)))
    }

    @Test func aShortOptionTakesItsValueAfterAnEqualsSignOrInTheNextArgument() {
        #expect(command("add", "x", "-p=low") == draft("x", priority: .low))
        #expect(command("add", "x", "-p", "low") == draft("x", priority: .low))
    }

    @Test func aShortOptionTakingAValueEndsItsGroup() {
        #expect(errorMessage("add", "x", "-phigh") == "unknown option '-phigh'")
        #expect(errorMessage("add", "x", "-pt", "a") == "unknown option '-pt'")
        #expect(command("rm", "1", "-qy") == RemoveCommand(selection: selection("1"), confirmed: true))
    }

    @Test func optionsMayComeBetweenTheWordsOfTheTitle() {
        #expect(
            command("add", "Buy", "--tag", "shop", "milk", "-p", "h")
                == draft("Buy milk", priority: .high, tags: ["shop"]))
        #expect(errorMessage("--due", "today", "add", "x") == "unknown option '--due'")
    }

    @Test func theLastOfARepeatedSingleOptionWinsAndTagsAccumulate() {
        let parsed = command(
            "add", "x", "-p", "low", "--priority", "high", "-t", "a", "--tag", "b", "-d", "today", "-d", "friday")
        #expect(parsed == draft("x", priority: .high, due: .next(.friday), tags: ["a", "b"]))
        #expect(command("add", "x", "-n", "one", "-n", "two") == draft("x", note: "two"))
    }

    @Test func aDoubleDashLetsTheTitleStartWithADash() {
        #expect(command("add", "--", "-5", "degrees") == draft("-5 degrees"))
        #expect(command("add", "--", "--note", "x") == draft("--note x"))
        #expect(command("add", "-p", "h", "--", "-x") == draft("-x", priority: .high))
    }

    @Test func aNegativeNumberIsAWordOfTheTitle() {
        #expect(command("add", "-5", "degrees") == draft("-5 degrees"))
    }

    @Test func aTitleIsRequired() {
        let error = usageError("add")
        #expect(error?.message == "missing expected argument '<title>'")
        #expect(error?.command == "add")
        #expect(error?.usage.hasPrefix("USAGE: todo add <title> ... [--note <text>]") == true)
        #expect(errorMessage("add", "--tag", "x") == "missing expected argument '<title>'")
    }

    @Test func aBlankTitleIsRefusedWithTodoCoresMessage() {
        let blank = todoErrorMessage { () throws(TodoError) in _ = try Todo.validTitle("   ") }
        #expect(errorMessage("add", "   ") == blank)
        #expect(errorMessage("add", "") == blank)
        #expect(errorMessage("add", " ", "\t") == blank)
    }

    @Test(arguments: ["2030-02-30", "15/01/2030", "+3x", "soon", "", "+99999999999d"])
    func aBadDateIsRefusedWithTodoCoresMessage(_ date: String) {
        let expected = todoErrorMessage { () throws(TodoError) in _ = try DateInput(parsing: date) }
        #expect(expected != nil)
        #expect(errorMessage("add", "x", "--due", date) == expected)
        #expect(errorMessage("add", "x", "--due=\(date)") == expected)
    }

    @Test func theDateMessageNamesTheDay() {
        #expect(
            errorMessage("add", "x", "-d", "2030-02-30")
                == "'2030-02-30' is not a day of the calendar; check the month and the day (YYYY-MM-DD)")
    }

    @Test(arguments: ["urgent", "3", "none", "NONE", ""])
    func aBadPriorityIsRefusedListingWhatAddTakes(_ priority: String) {
        // `none` is for edit and list: add never suggests it.
        #expect(errorMessage("add", "x", "-p", priority) == "'\(priority)' is not a priority; use high, medium or low")
        #expect(
            errorMessage("add", "x", "--priority=\(priority)")
                == "'\(priority)' is not a priority; use high, medium or low")
    }

    @Test func aMisspeltPrioritySuggestsOnlyWhatAddTakes() {
        #expect(
            errorMessage("add", "x", "-p", "hihg")
                == "'hihg' is not a priority; use high, medium or low. Did you mean 'high'?")
        #expect(
            errorMessage("add", "x", "-p", "hi")
                == "'hi' is not a priority; use high, medium or low. Did you mean 'high'?")
        #expect(errorMessage("add", "x", "-p", "nnoe") == "'nnoe' is not a priority; use high, medium or low")
    }

    @Test(arguments: ["fortnightly", "0d", "3x", "1462d", "none"])
    func aBadRecurrenceIsRefusedWithTodoCoresMessage(_ recurrence: String) {
        #expect(errorMessage("add", "x", "--repeat", recurrence) == TodoError.invalidRecurrence(recurrence).cliMessage)
    }

    @Test(arguments: ["two words", "", "a,b", "#"])
    func aBadTagIsRefusedWithTodoCoresMessage(_ tag: String) {
        #expect(errorMessage("add", "x", "--tag", tag) == TodoError.invalidTag(tag).cliMessage)
    }

    @Test func aValueMissingAtTheEndOrBeforeAnotherOption() {
        #expect(errorMessage("add", "x", "--due") == "missing value for '--due <date>'")
        #expect(errorMessage("add", "x", "-d") == "missing value for '--due <date>'")
        #expect(errorMessage("add", "x", "--note", "--tag", "y") == "missing value for '--note <text>'")
        #expect(errorMessage("add", "x", "--note", "--") == "missing value for '--note <text>'")
        #expect(errorMessage("add", "x", "--note", "-p", "high") == "missing value for '--note <text>'")
    }

    @Test func aTextValueStartingWithADashIsWrittenWithAnEqualsSign() {
        // Not an option of add, but free text cannot be told from a mistyped option.
        #expect(
            errorMessage("add", "x", "--note", "-z")
                == "missing value for '--note <text>'; to give a value starting with '-', write '--note=-z'")
        #expect(
            errorMessage("add", "x", "-n", "--later")
                == "missing value for '--note <text>'; to give a value starting with '-', write '--note=--later'")
        #expect(command("add", "x", "--note=-z") == draft("x", note: "-z"))
        #expect(command("add", "x", "-n=-z") == draft("x", note: "-z"))
        #expect(command("add", "x", "--note", "-5") == draft("x", note: "-5"))
    }

    @Test func aClosedValueStartingWithADashIsABadValue() {
        #expect(
            errorMessage("add", "x", "--priority", "-urgent") == "'-urgent' is not a priority; use high, medium or low")
        #expect(errorMessage("add", "x", "-p", "-x") == "'-x' is not a priority; use high, medium or low")
        #expect(
            errorMessage("add", "x", "--due", "-friday")
                == TodoError.invalidDate("-friday", reason: .unrecognized).cliMessage + ". Did you mean 'friday'?")
        // Only a group of add's own options is read as options (`-qt`: --quiet, then --tag).
        #expect(errorMessage("add", "x", "--due", "-qt") == "missing value for '--due <date>'")
        #expect(
            errorMessage("add", "x", "-r", "-weekly")
                == TodoError.invalidRecurrence("-weekly").cliMessage + ". Did you mean 'weekly'?")
    }

    /// Values that start with the letter of a short option (`-h`elp, `-d`ue, `-t`ag, `-n`ote,
    /// `-p`riority, `-r`epeat) followed by letters that are no group of options.
    @Test(arguments: [
        (
            ["add", "x", "--priority", "-high"],
            "'-high' is not a priority; use high, medium or low. Did you mean 'high'?"
        ),
        (["add", "x", "-p", "-high"], "'-high' is not a priority; use high, medium or low. Did you mean 'high'?"),
        (
            ["list", "--priority", "-high"],
            "'-high' is not a priority; use high, medium, low or none. Did you mean 'high'?"
        ),
        (
            ["edit", "1", "--priority", "-none"],
            "'-none' is not a priority; use high, medium, low or none. Did you mean 'none'?"
        ),
        (
            ["add", "x", "--repeat", "-daily"],
            TodoError.invalidRecurrence("-daily").cliMessage + ". Did you mean 'daily'?"
        ),
        (
            ["edit", "1", "--repeat", "-daily"],
            TodoError.invalidRecurrence("-daily").cliMessage + ", or none to remove it. Did you mean 'daily'?"
        ),
        (
            ["add", "x", "--due", "-tomorrow"],
            TodoError.invalidDate("-tomorrow", reason: .unrecognized).cliMessage + ". Did you mean 'tomorrow'?"
        ),
        (["add", "x", "--due", "-hi"], TodoError.invalidDate("-hi", reason: .unrecognized).cliMessage),
        (["add", "x", "--due", "-pa"], TodoError.invalidDate("-pa", reason: .unrecognized).cliMessage),
        (
            ["list", "--sort", "-tag"],
            "'-tag' is not a valid value for '--sort <order>'; use position, due, priority, created or urgency"
        ),
        (["list", "--limit", "-all"], "'-all' is not a valid value for '--limit <count>'; use an integer, 0 or more"),
    ])
    func aClosedValueStartingWithTheLetterOfAShortOptionIsABadValue(arguments: [String], message: String) {
        #expect(errorMessage(arguments) == message)
    }

    @Test func anUnknownOptionIsSuggestedAmongTheCommandsAndTheGlobalOptions() {
        let error = usageError("add", "x", "--nite", "y")
        #expect(error?.message == "unknown option '--nite'. Did you mean '--note'?")
        #expect(error?.command == "add")
        #expect(errorMessage("add", "x", "--prio", "h") == "unknown option '--prio'. Did you mean '--priority'?")
        #expect(errorMessage("add", "x", "--repaet", "daily") == "unknown option '--repaet'. Did you mean '--repeat'?")
        #expect(errorMessage("add", "x", "--qiet") == "unknown option '--qiet'. Did you mean '--quiet'?")
        #expect(errorMessage("add", "x", "--hepl") == "unknown option '--hepl'. Did you mean '--help'?")
        #expect(errorMessage("add", "x", "--all") == "unknown option '--all'")
        #expect(errorMessage("add", "x", "-x") == "unknown option '-x'")
        #expect(errorMessage("add", "x", "-xn", "y") == "unknown option '-xn'")
    }

    @Test func aSingleDashLongOptionIsSuggestedItsDoubleDashForm() {
        #expect(errorMessage("add", "x", "-note", "y") == "unknown option '-note'. Did you mean '--note'?")
    }

    @Test func theErrorTextHasTheUsageAndPointsAtTheCommandsHelp() {
        #expect(
            usageError("add", "x", "--nite", "y")?.text == """
                Error: unknown option '--nite'. Did you mean '--note'?
                USAGE: todo add <title> ... [--note <text>] [--priority <priority>]
                                [--due <date>] [--tag <tag> ...] [--repeat <recurrence>]
                                [--project <project>] [--wait <date>] [--scheduled <date>]
                                [--depends <ids> ...]
                See 'todo add --help' for more information.

                """)
    }
}
