import Testing
import TodoCore

@testable import todo_cli

/// The fields of issue 18 on `add`, `log` and `edit`: `--project`, `--wait`, `--scheduled`,
/// `--depends`, and every field written inline among the words (`InlineAttributes`); a field
/// given both ways is refused.
@Suite struct InlineFieldParsingTests {
    func added(_ arguments: String...) -> TodoDraft? {
        (command(arguments) as? AddCommand)?.draft
    }

    func command(_ arguments: [String]) -> (any ParsedCommand)? {
        invocation(arguments)?.command
    }

    @Test func inlineAttributesOnAdd() {
        let draft = added(
            "add", "Call", "Bob", "due:fri", "+sales", "pri:h", "project:Work", "wait:+2d", "scheduled:mon",
            "repeat:weekly", "dep:4,7")
        #expect(
            draft
                == TodoDraft(
                    title: "Call Bob", priority: .high, due: .next(.friday), tags: ["sales"], recurrence: .weekly,
                    project: "Work", wait: .daysFromToday(2), scheduled: .next(.monday), depends: [4, 7]))
    }

    @Test func theNewOptionsOnAdd() {
        let draft = added(
            "add", "Call", "Bob", "--project", "Home.Garden", "--wait", "+2d", "--scheduled", "2030-02-01",
            "--depends", "4,7", "--depends", "9")
        #expect(draft?.project == "Home.Garden")
        #expect(draft?.wait == .daysFromToday(2))
        #expect(draft?.scheduled == .day(CalendarDay(year: 2030, month: 2, day: 1)!))
        #expect(draft?.depends == [4, 7, 9])
    }

    @Test func optionsAndInlineFieldsAddUpButAFieldIsGivenOnce() {
        #expect(added("add", "x", "+a", "--tag", "b", "dep:1", "--depends", "2")?.tags == ["a", "b"])
        #expect(added("add", "x", "dep:1", "--depends", "2")?.depends == [1, 2])
        #expect(
            errorMessage("add", "x", "due:fri", "--due", "mon")
                == "the due date is given twice, with --due and inline (due:); give it once")
        #expect(
            errorMessage("add", "x", "pri:h", "-p", "low")
                == "the priority is given twice, with --priority and inline (pri:); give it once")
        #expect(
            errorMessage("add", "x", "--project", "A", "pro:B")
                == "the project is given twice, with --project and inline (project:); give it once")
        #expect(errorMessage("log", "x", "wait:fri", "--wait", "fri")?.hasPrefix("the wait day is given twice") == true)
    }

    @Test func aBadInlineValueNamesItsWord() {
        #expect(
            errorMessage("add", "x", "due:someday")
                == "'due:someday': 'someday' is not a date; use YYYY-MM-DD, today, tomorrow, yesterday, a weekday (monday), +3d or -3d (also w, m, y: weeks, months, years), sow, som, soy, eow, eom or eoy"
        )
        #expect(errorMessage("add", "x", "dep:x")?.hasPrefix("'dep:x': 'x' is not a todo's id") == true)
        #expect(errorMessage("add", "x", "due:") == "'due:': it needs a value after the colon")
        #expect(errorMessage("add", "due:fri") == TodoError.blankTitle.cliMessage, "nothing left for the title")
    }

    @Test func wordsAfterADoubleDashAreTitleText() {
        #expect(added("add", "Call", "--", "due:fri", "+x")?.title == "Call due:fri +x")
        #expect(added("add", "Call", "--", "due:fri")?.due == nil)
        #expect(added("add", "--", "-5", "degrees")?.title == "-5 degrees")
        #expect(added("add", "Meet", "at", "10:30", "Re:", "budget")?.title == "Meet at 10:30 Re: budget")
    }

    @Test func logAddsADoneTodo() {
        let log = command(["log", "Called", "Bob", "+sales", "--project", "Work"]) as? LogCommand
        #expect(log?.draft == TodoDraft(title: "Called Bob", tags: ["sales"], project: "Work", isDone: true))
    }

    @Test func badValuesOfTheNewOptions() {
        #expect(
            errorMessage("add", "x", "--project", "Home Garden")
                == TodoError.invalidProject("Home Garden").cliMessage)
        #expect(
            errorMessage("add", "x", "--project", " ")
                == "the project for '--project <project>' is empty; give a name such as Home.Garden")
        #expect(
            errorMessage("add", "x", "--depends", "4,x")
                == "'4,x' is not a list of todo ids for '--depends <ids>'; give ids such as 4 or 4,7")
        #expect(
            errorMessage("add", "x", "--depends", "-4")
                == "'-4' is not a list of todo ids for '--depends <ids>'; give ids such as 4 or 4,7")
        #expect(
            errorMessage("edit", "1", "--depends", "nnoe")
                == "'nnoe' is not a list of todo ids for '--depends <ids>'; give ids such as 4 or 4,7, -4 to remove one, or none to remove them all. Did you mean 'none'?"
        )
        #expect(errorMessage("add", "x", "--wait", "someday")?.hasPrefix("'someday' is not a date") == true)
        #expect(errorMessage("add", "x", "--scheduled", "none")?.hasPrefix("'none' is not a date") == true)
    }

    func patch(_ arguments: String...) -> TodoPatch? {
        (command(arguments) as? EditCommand)?.patch
    }

    @Test func inlineChangesOnEdit() {
        #expect(
            patch("edit", "3", "due:none", "pri:high", "-errands", "+home", "project:Home", "dep:-4", "dep:5")
                == TodoPatch(
                    priority: .high, due: .clear, addTags: ["home"], removeTags: ["errands"], project: .set("Home"),
                    addDepends: [5], removeDepends: [4]))
        #expect(
            patch("edit", "3", "due:", "wait:", "scheduled:", "project:", "repeat:", "dep:")
                == TodoPatch(
                    due: .clear, recurrence: .clear, project: .clear, wait: .clear, scheduled: .clear,
                    clearDepends: true))
        #expect(
            patch("edit", "3", "Buy", "oat", "milk", "+shop") == TodoPatch(title: "Buy oat milk", addTags: ["shop"]))
        #expect(patch("edit", "3", "--", "pri:h", "-x") == TodoPatch(title: "pri:h -x"))
    }

    @Test func theNewOptionsOnEditWithNone() {
        #expect(
            patch("edit", "3", "--project", "none", "--wait", "none", "--scheduled", "fri", "--depends", "none")
                == TodoPatch(project: .clear, wait: .clear, scheduled: .set(.next(.friday)), clearDepends: true))
        #expect(
            patch("edit", "3", "--depends", "4,-5", "--depends", "6")
                == TodoPatch(addDepends: [4, 6], removeDepends: [5]))
        // none, then new ones: the dependencies are those.
        #expect(patch("edit", "3", "--depends", "none", "dep:7") == TodoPatch(addDepends: [7], clearDepends: true))
    }

    @Test func editRefusesAFieldGivenTwiceAndContradictions() {
        #expect(
            errorMessage("edit", "3", "New", "title", "--title", "Other")
                == "the title is given twice, with --title and as words; give it once")
        #expect(
            errorMessage("edit", "3", "due:fri", "--due", "none")
                == "the due date is given twice, with --due and inline (due:); give it once")
        #expect(
            errorMessage("edit", "3", "+xy", "-xy")
                == "the tag 'xy' is both added and removed; a tag cannot be added and removed at once")
        #expect(
            errorMessage("edit", "3", "--tag", "XY", "-xy")
                == "the tag 'XY' is both added and removed; a tag cannot be added and removed at once")
        #expect(
            errorMessage("edit", "3", "dep:4", "--depends", "-4")
                == "todo 4 is both added to and removed from the dependencies; give one")
        #expect(errorMessage("edit", "3", " ") == TodoError.blankTitle.cliMessage)
        // One letter is an option of the command: --untag removes a one-letter tag.
        #expect(errorMessage("edit", "3", "-x") == "unknown option '-x'")
    }
}
