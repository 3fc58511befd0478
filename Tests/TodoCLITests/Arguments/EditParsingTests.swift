import Testing
import TodoCore

@testable import todo_cli

/// `todo edit <id> [--title] [--note|none] [--priority|none] [--due|none] [--tag]… [--untag]…
/// [--repeat|none]`.
@Suite struct EditParsingTests {
    @Test func anEditWithoutChangesParses() {
        #expect(command("edit", "3") == EditCommand(id: 3, patch: TodoPatch()))
    }

    @Test func anIDIsRequiredAndOnlyOne() {
        let error = usageError("edit", "--title", "x")
        #expect(error?.message == "missing expected argument '<id>'")
        #expect(error?.command == "edit")
        #expect(errorMessage("edit", "3", "4") == "unexpected argument '4'")
    }

    @Test func everyFieldSet() {
        let parsed = command(
            "edit", "3", "--title", " Buy oat milk ", "--note", "2 litres", "--priority", "high", "--due", "friday",
            "--tag", "shop", "-t", "+dairy", "--untag", "errands", "--untag", "#old", "--repeat", "weekly")
        let patch = TodoPatch(
            title: "Buy oat milk", note: .set("2 litres"), priority: .high, due: .set(.next(.friday)),
            addTags: ["shop", "dairy"], removeTags: ["errands", "old"], recurrence: .set(.weekly))
        #expect(parsed == EditCommand(id: 3, patch: patch))
    }

    @Test func shortNamesAndEqualsSigns() {
        let parsed = command("edit", "-n=x", "2", "-p", "m", "-d", "+3d", "-r", "10d", "--untag=a")
        let patch = TodoPatch(
            note: .set("x"), priority: .medium, due: .set(.daysFromToday(3)), removeTags: ["a"],
            recurrence: .set(.everyDays(10)))
        #expect(parsed == EditCommand(id: 2, patch: patch))
    }

    @Test func noneClearsTheNoteTheDueDateAndTheRepetitionAndRemovesThePriority() {
        #expect(command("edit", "1", "--note", "none") == EditCommand(id: 1, patch: TodoPatch(note: .clear)))
        #expect(command("edit", "1", "--note", "NONE") == EditCommand(id: 1, patch: TodoPatch(note: .clear)))
        #expect(command("edit", "1", "--due", "none") == EditCommand(id: 1, patch: TodoPatch(due: .clear)))
        #expect(command("edit", "1", "--repeat", "None") == EditCommand(id: 1, patch: TodoPatch(recurrence: .clear)))
        #expect(
            command("edit", "1", "--priority", "none") == EditCommand(id: 1, patch: TodoPatch(priority: Priority.none)))
    }

    @Test func aBlankNewTitleIsRefusedWithTodoCoresMessage() {
        #expect(errorMessage("edit", "1", "--title", "  ") == TodoError.blankTitle.description)
        #expect(errorMessage("edit", "1", "--title=") == TodoError.blankTitle.description)
    }

    @Test func badValuesAreRefusedWithTodoCoresMessages() {
        #expect(
            errorMessage("edit", "1", "--due", "2030-02-30")
                == TodoError.invalidDate("2030-02-30", reason: .noSuchDay).description)
        #expect(
            errorMessage("edit", "1", "--due", "15/01/2030")
                == TodoError.invalidDate("15/01/2030", reason: .unrecognized).description + ", or none to remove it")
        #expect(errorMessage("edit", "1", "--priority", "urgent") == TodoError.invalidPriority("urgent").description)
        #expect(
            errorMessage("edit", "1", "--repeat", "hourly")
                == TodoError.invalidRecurrence("hourly").description + ", or none to remove it")
        #expect(errorMessage("edit", "1", "--untag", "a b") == TodoError.invalidTag("a b").description)
        #expect(errorMessage("edit", "1", "--tag", "") == TodoError.invalidTag("").description)
        #expect(
            errorMessage("edit", "1", "--tag", "a,b")
                == "'a,b' is not a tag: a tag is one word, without spaces or commas (give --tag once per tag)")
    }

    @Test func theLastOfARepeatedOptionWinsAndTagsAccumulate() {
        let parsed = command(
            "edit", "1", "--title", "a", "--title", "b", "--due", "today", "--due", "none", "-t", "x", "-t", "y")
        #expect(parsed == EditCommand(id: 1, patch: TodoPatch(title: "b", due: .clear, addTags: ["x", "y"])))
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
                == EditCommand(id: 1, patch: TodoPatch(addTags: ["x"], removeTags: ["y"])))
    }

    @Test func misspeltOptionsAreSuggested() {
        #expect(errorMessage("edit", "1", "--titel", "x") == "unknown option '--titel'. Did you mean '--title'?")
        #expect(errorMessage("edit", "1", "--untga", "x") == "unknown option '--untga'. Did you mean '--untag'?")
        #expect(errorMessage("edit", "1", "--due") == "missing value for '--due <date>'")
    }
}
