import Testing
import TodoCore

@testable import todo_cli

/// `todo edit <filter> [<change> ...] [--title] [--note|none] [--priority|none] [--due|none]
/// [--tag]… [--untag]… [--repeat|none] [--project|none] [--wait|none] [--scheduled|none]
/// [--depends|none]… [--yes]`, the inline changes, and a filter before the command.
@Suite struct EditParsingTests {
    /// `edit <words>` with `patch`.
    func edit(_ words: String..., patch: TodoPatch = TodoPatch(), confirmed: Bool = false) -> EditCommand {
        EditCommand(selection: selection(words), patch: patch, confirmed: confirmed)
    }

    func edit(_ word: String, _ patch: TodoPatch) -> EditCommand {
        edit(word, patch: patch)
    }

    @Test func anEditWithoutChangesParses() {
        #expect(command("edit", "3") == edit("3", TodoPatch()))
    }

    @Test func theTodosAreRequired() {
        let error = usageError("edit", "--title", "x")
        #expect(error?.message == "missing expected argument '<filter>'")
        #expect(error?.command == "edit")
        // The words after the first one are changes: here a new title.
        #expect(command("edit", "3", "4") == edit("3", TodoPatch(title: "4")))
    }

    @Test func everyFieldSet() {
        let parsed = command(
            "edit", "3", "--title", " Buy oat milk ", "--note", "2 litres", "--priority", "high", "--due", "friday",
            "--tag", "shop", "-t", "+dairy", "--untag", "errands", "--untag", "#old", "--repeat", "weekly")
        let patch = TodoPatch(
            title: "Buy oat milk", note: .set("2 litres"), priority: .high, due: .set(.next(.friday)),
            addTags: ["shop", "dairy"], removeTags: ["errands", "old"], recurrence: .set(.weekly))
        #expect(parsed == edit("3", patch))
    }

    @Test func shortNamesAndEqualsSigns() {
        let parsed = command("edit", "-n=x", "2", "-p", "m", "-d", "+3d", "-r", "10d", "--untag=a")
        let patch = TodoPatch(
            note: .set("x"), priority: .medium, due: .set(.daysFromToday(3)), removeTags: ["a"],
            recurrence: .set(.everyDays(10)))
        #expect(parsed == edit("2", patch))
    }

    @Test func noneClearsTheNoteTheDueDateAndTheRepetitionAndRemovesThePriority() {
        #expect(command("edit", "1", "--note", "none") == edit("1", TodoPatch(note: .clear)))
        #expect(command("edit", "1", "--note", "NONE") == edit("1", TodoPatch(note: .clear)))
        #expect(command("edit", "1", "--due", "none") == edit("1", TodoPatch(due: .clear)))
        #expect(command("edit", "1", "--repeat", "None") == edit("1", TodoPatch(recurrence: .clear)))
        #expect(
            command("edit", "1", "--priority", "none") == edit("1", TodoPatch(priority: Priority.none)))
    }

    @Test func aBlankNewTitleIsRefusedWithTodoCoresMessage() {
        #expect(errorMessage("edit", "1", "--title", "  ") == TodoError.blankTitle.cliMessage)
        #expect(errorMessage("edit", "1", "--title=") == TodoError.blankTitle.cliMessage)
    }

    @Test func badValuesAreRefusedWithTodoCoresMessages() {
        #expect(
            errorMessage("edit", "1", "--due", "2030-02-30")
                == TodoError.invalidDate("2030-02-30", reason: .noSuchDay).cliMessage)
        #expect(
            errorMessage("edit", "1", "--due", "15/01/2030")
                == TodoError.invalidDate("15/01/2030", reason: .unrecognized).cliMessage + ", or none to remove it")
        #expect(errorMessage("edit", "1", "--priority", "urgent") == TodoError.invalidPriority("urgent").cliMessage)
        #expect(
            errorMessage("edit", "1", "--repeat", "hourly")
                == TodoError.invalidRecurrence("hourly").cliMessage + ", or none to remove it")
        #expect(errorMessage("edit", "1", "--untag", "a b") == TodoError.invalidTag("a b").cliMessage)
        #expect(errorMessage("edit", "1", "--tag", "") == TodoError.invalidTag("").cliMessage)
        #expect(
            errorMessage("edit", "1", "--tag", "a,b")
                == "'a,b' is not a tag: a tag is one word, without spaces or commas (give --tag once per tag)")
    }

    @Test func theLastOfARepeatedOptionWinsAndTagsAccumulate() {
        let parsed = command(
            "edit", "1", "--title", "a", "--title", "b", "--due", "today", "--due", "none", "-t", "x", "-t", "y")
        #expect(parsed == edit("1", TodoPatch(title: "b", due: .clear, addTags: ["x", "y"])))
    }

    @Test func addingAndRemovingTheSameTagIsRefused() {
        let error = usageError("edit", "1", "--tag", "x", "--untag", "x")
        #expect(
            error?.message
                == "'--tag x' and '--untag x' cannot be used together: a tag cannot be added and removed at once")
        #expect(error?.command == "edit")
        // Tags compare without regard to case, and a leading + or # is not part of the tag.
        #expect(
            errorMessage("edit", "--untag", "Shop", "1", "-t", "a", "-t", "+shop")
                == "'--tag shop' and '--untag Shop' cannot be used together: a tag cannot be added and removed at once")
        #expect(
            command("edit", "1", "--tag", "x", "--untag", "y")
                == edit("1", TodoPatch(addTags: ["x"], removeTags: ["y"])))
    }

    @Test func misspeltOptionsAreSuggested() {
        #expect(errorMessage("edit", "1", "--titel", "x") == "unknown option '--titel'. Did you mean '--title'?")
        #expect(errorMessage("edit", "1", "--untga", "x") == "unknown option '--untga'. Did you mean '--untag'?")
        #expect(errorMessage("edit", "1", "--due") == "missing value for '--due <date>'")
    }
}
