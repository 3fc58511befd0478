import Foundation
import TestSupport
import Testing

/// The option rules of issue 17 as a user meets them: tags that add up, values that are only
/// those a command takes, values starting with `-`, contradictions refused (64, the store
/// unchanged).
@Suite struct OptionRulesEndToEndTests {
    let todo = TodoSandbox()

    func titles(_ arguments: [String]) async -> [String] {
        (await todo.run(arguments + ["--json"]).json as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    /// Runs `arguments`; expects exit 64, `message` on standard error, nothing on standard
    /// output, the store unchanged.
    func expectRefused(
        _ arguments: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let before = todo.storeBytes
        let result = await todo.run(arguments)
        #expect(result.status == 64, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stdout == "", sourceLocation: sourceLocation)
        #expect(
            result.stderr.hasPrefix("Error: \(message)\nUSAGE: todo "), "\(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(todo.storeBytes == before, sourceLocation: sourceLocation)
    }

    @Test func everyTagOfListMustMatch() async {
        await todo.run(["add", "Buy milk", "--tag", "shop", "--tag", "errands"])
        await todo.run(["add", "Buy stamps", "--tag", "shop"])
        await todo.run(["add", "Post letter", "--tag", "Errands"])
        #expect(await titles(["list", "--tag", "shop", "--tag", "errands"]) == ["Buy milk"])
        #expect(await titles(["list", "-t", "ERRANDS"]) == ["Buy milk", "Post letter"])
    }

    @Test func addTakesNoNonePriorityAndDoesNotSuggestIt() async {
        await expectRefused(
            ["add", "x", "--priority", "urgent"], "'urgent' is not a priority; use high, medium or low")
        await expectRefused(["add", "x", "--priority", "none"], "'none' is not a priority; use high, medium or low")
        #expect(await todo.run(["add", "x", "--priority", "high"]).status == 0)
        #expect(await todo.run(["edit", "1", "--priority", "none"]).status == 0)
    }

    @Test func aBadValueStartingWithADashIsNamed() async {
        await expectRefused(
            ["list", "--sort", "-due"],
            "'-due' is not a valid value for '--sort <order>'; use position, due, priority, created or urgency. Did you mean 'due'?"
        )
        await expectRefused(
            ["add", "x", "--note", "-later"],
            "missing value for '--note <text>'; to give a value starting with '-', write '--note=-later'")
        #expect(await todo.run(["add", "x", "--note=-later"]).status == 0)
    }

    /// `-high` starts with `-h` (help), `-daily` with `-d` (--due), `-tomorrow` with `-t` (--tag),
    /// `-none` with `-n` (--note): still values, refused as bad ones, not "missing value".
    @Test func aBadValueStartingWithTheLetterOfAShortOptionIsNamed() async {
        await todo.run(["add", "x"])
        await expectRefused(
            ["add", "x", "--priority", "-high"],
            "'-high' is not a priority; use high, medium or low. Did you mean 'high'?")
        await expectRefused(
            ["list", "--priority", "-high"],
            "'-high' is not a priority; use high, medium, low or none. Did you mean 'high'?")
        await expectRefused(
            ["edit", "1", "--priority", "-none"],
            "'-none' is not a priority; use high, medium, low or none. Did you mean 'none'?")
        for (arguments, word) in [
            (["add", "x", "--repeat", "-daily"], "daily"), (["add", "x", "--due", "-tomorrow"], "tomorrow"),
        ] {
            let result = await todo.run(arguments)
            #expect(result.status == 64, "\(result)")
            #expect(result.stderr.contains("'-\(word)' is not a "), "\(result)")
            #expect(result.stderr.contains("Did you mean '\(word)'?"), "\(result)")
        }
    }

    @Test func aFieldGivenTwiceInlineIsRefused() async {
        await todo.run(["add", "x"])
        await expectRefused(
            ["add", "f", "due:fri", "due:mon"],
            "'due:mon': the due date is given twice, here and as 'due:fri'; give it once")
        await expectRefused(
            ["log", "f", "pro:A", "project:B"],
            "'project:B': the project is given twice, here and as 'pro:A'; give it once")
        await expectRefused(
            ["edit", "1", "pri:h", "pri:l"], "'pri:l': the priority is given twice, here and as 'pri:h'; give it once")
        #expect(await todo.run(["add", "y", "+a", "+a", "+b"]).status == 0, "tags given twice are fine")
    }

    @Test func contradictionsAreRefused() async {
        await todo.run(["add", "Buy milk", "--tag", "x"])
        await expectRefused(
            ["list", "--overdue", "--done"],
            "'--overdue' and '--done' cannot be used together: overdue todos are pending ones")
        await expectRefused(
            ["edit", "1", "--tag", "x", "--untag", "X"],
            "'--tag x' and '--untag X' cannot be used together: a tag cannot be added and removed at once")
        #expect(await todo.run(["list", "--overdue", "--all"]).status == 0, "redundant, not contradictory")
    }
}
