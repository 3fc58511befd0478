import Foundation
import TestSupport
import Testing
import TodoCore

@testable import todo_cli

/// The bash completion script, run for real: `_todo` with `COMP_WORDS` and `COMP_CWORD` set,
/// a fake `todo` on `PATH` for the ids.
@Suite struct BashCompletionTests {
    let sandbox: CompletionSandbox
    static let ids = ["3", "12", "31"]

    init() throws {
        sandbox = try CompletionSandbox()
    }

    @Test func theScriptIsValidBash() throws {
        let result = try Shell.run("bash", ["-n", sandbox.folder + "/todo.bash"])
        #expect(result.status == 0, "\(result.error)")
        #expect(CompletionScript.render(for: .bash).contains("\ncomplete -F _todo todo\n"))
    }

    /// Filter terms before the command (issue 18) are skipped to find it; bash may split
    /// `key:value` into three words (`:` is in `COMP_WORDBREAKS`).
    @Test func theCommandsAfterAFilter() throws {
        #expect(
            try sandbox.complete("todo", "+work", "") == CommandCatalog.visibleNames + CompletionSandbox.configCommands)
        #expect(try Set(sandbox.complete("todo", "3", "-old", "d")) == ["done", "denotate", "delete"])
        #expect(try sandbox.complete("todo", "project:Home", "is:overdue", "ne") == ["next"])
        #expect(try sandbox.complete("todo", "project", ":", "Home", "(", "+a", "or", "+b", ")", "ne") == ["next"])
        #expect(try sandbox.complete("todo", "+work", "done", "") == ["3", "31"])
        #expect(sandbox.calls == ["__complete-ids pending"])
    }

    @Test func theCommandsAndAliases() throws {
        #expect(try sandbox.complete("todo", "") == CommandCatalog.visibleNames + CompletionSandbox.configCommands)
        #expect(sandbox.commandCalls == ["__complete-commands"])
        #expect(try sandbox.complete("todo", "ov") == ["overdue"])  // a report of the config file
        #expect(try sandbox.complete("todo", "re") == ["reopen"])
        #expect(try Set(sandbox.complete("todo", "d")) == ["done", "denotate", "delete"])
        #expect(try sandbox.complete("todo", "--json", "-q", "sh") == ["show", "shell"])
        #expect(try sandbox.complete("todo", "--file", "x.json", "st") == ["start", "stop", "stats"])
        #expect(try !sandbox.complete("todo", "").contains("__complete-ids"))
    }

    /// `todo help` takes a command's name, a report's or an alias's (issue 19).
    @Test func helpOffersTheCommandsReportsAndAliases() throws {
        #expect(
            try sandbox.complete("todo", "help", "") == CommandCatalog.visibleNames + CompletionSandbox.configCommands)
        #expect(try sandbox.complete("todo", "help", "ov") == ["overdue"])
        #expect(try sandbox.complete("todo", "help", "z") == ["zz"])
    }

    /// `todo config` and `--set` take the keys of the config file: TodoCore's, and the families
    /// (`alias.`, `context.`, `report.`) a name completes (issue 19).
    @Test func configAndSetOfferTheConfigKeys() throws {
        let keys = TodoConfig.knownKeys + CompletionScript.configKeyFamilies
        #expect(try sandbox.complete("todo", "config", "") == keys)
        #expect(try sandbox.complete("todo", "config", "week") == ["week.start"])
        #expect(try sandbox.complete("todo", "config", "al") == ["alias."])
        #expect(try sandbox.complete("todo", "config", "co") == ["color", "context", "context."])
        #expect(try sandbox.complete("todo", "--set", "week") == ["week.start="])
        #expect(
            try sandbox.complete("todo", "--set", "") == TodoConfig.knownKeys.map { $0 + "=" }
                + CompletionScript.configKeyFamilies)
        #expect(try sandbox.complete("todo", "list", "--set", "hoo") == ["hooks="])
        #expect(try sandbox.complete("todo", "--set", "=", "da") == ["date.format="], "--set=da, split by bash")
        #expect(try sandbox.complete("todo", "--set", "week.start", "=", "sunday", "li") == ["list"])
        #expect(try sandbox.complete("todo", "--set", "week.start", "=", "sunday", "done", "") == ["3", "31"])
    }

    @Test func theOptionsBeforeTheCommand() throws {
        #expect(
            try sandbox.complete("todo", "-")
                == ["--file", "--json", "--no-color", "--quiet", "-q", "--set", "--version", "--help", "-h"])
        #expect(try sandbox.complete("todo", "--n") == ["--no-color"])
    }

    @Test(arguments: CommandCatalog.visibleCommands.flatMap(\.names))
    func theOptionsOfEachCommandWithTheGlobalOnes(_ name: String) throws {
        let command = try #require(CommandCatalog.command(named: name))
        let expected = (command.options + OptionSpec.globals + [.help]).flatMap(\.spellings)
        let firstArgument: [String] = command.arguments.first?.isRequired == true ? ["1"] : []
        #expect(try sandbox.complete(["todo", name] + firstArgument + ["-"]) == expected)
    }

    @Test func optionValuesFromTheDeclarations() throws {
        #expect(try sandbox.complete("todo", "add", "x", "--priority", "") == ["high", "medium", "low"])
        #expect(try sandbox.complete("todo", "add", "x", "-p", "m") == ["medium"])
        #expect(try sandbox.complete("todo", "list", "-p", "") == ["high", "medium", "low", "none"])
        #expect(try sandbox.complete("todo", "edit", "1", "--priority", "") == ["high", "medium", "low", "none"])
        #expect(try sandbox.complete("todo", "ls", "--sort", "") == TodoQuery.Sort.allCases.map(\.rawValue))
        #expect(try sandbox.complete("todo", "export", "--format", "") == ["json", "todotxt", "taskwarrior", "ics"])
        #expect(try sandbox.complete("todo", "import", "f", "-f", "") == ["json", "todotxt", "taskwarrior", "ics"])
        #expect(try sandbox.complete("todo", "add", "x", "--repeat", "") == ["daily", "weekly", "monthly", "yearly"])
        #expect(
            try sandbox.complete("todo", "edit", "1", "-r", "") == ["daily", "weekly", "monthly", "yearly", "none"])
        #expect(try sandbox.complete("todo", "add", "x", "--due", "") == ["today", "tomorrow"] + ValueSpec.weekdays)
        #expect(try sandbox.complete("todo", "add", "x", "-d", "t") == ["today", "tomorrow", "tuesday", "thursday"])
        #expect(try sandbox.complete("todo", "edit", "1", "--due", "n") == ["none"])
        #expect(try sandbox.complete("todo", "edit", "1", "--note", "") == ["none"])
        #expect(try sandbox.complete("todo", "completions", "") == ["bash", "zsh", "fish"])
        #expect(try sandbox.complete("todo", "help", "l") == ["log", "list", "ls"])
    }

    @Test func freeTextGetsNothing() throws {
        #expect(try sandbox.complete("todo", "add", "") == [])
        #expect(try sandbox.complete("todo", "add", "x", "--note", "") == [])
        #expect(try sandbox.complete("todo", "list", "--limit", "") == [])
        #expect(try sandbox.complete("todo", "list", "") == [])
        #expect(sandbox.calls == [])
    }

    @Test func optionValuesAfterAnEqualsSign() throws {
        // bash splits `--priority=h` into `--priority`, `=`, `h` (`=` is in COMP_WORDBREAKS).
        #expect(try sandbox.complete("todo", "add", "x", "--priority", "=", "h") == ["high"])
        #expect(try sandbox.complete("todo", "add", "x", "--priority", "=") == ["high", "medium", "low"])
        // Without `=` in COMP_WORDBREAKS, the word stays whole and the replies keep the option.
        #expect(try sandbox.complete("todo", "list", "--sort=d") == ["--sort=due"])
    }

    @Test(arguments: ["show", "edit", "rm", "delete", "move"])
    func theIdsOfEveryTodoForTheCommandsTakingAnyTodo(_ name: String) throws {
        #expect(try sandbox.complete("todo", name, "") == Self.ids)
        #expect(try sandbox.complete("todo", name, "1") == ["12"])
        #expect(sandbox.calls.allSatisfy { $0 == "__complete-ids" })
        #expect(!sandbox.calls.isEmpty)
    }

    @Test func doneOffersThePendingTodosAndUndoneTheDoneOnes() throws {
        #expect(try sandbox.complete("todo", "done", "") == ["3", "31"])
        #expect(try sandbox.complete("todo", "done", "3", "") == ["3", "31"])
        #expect(try sandbox.complete("todo", "undone", "") == ["12"])
        #expect(try sandbox.complete("todo", "reopen", "1") == ["12"])
        #expect(
            sandbox.calls == [
                "__complete-ids pending", "__complete-ids pending", "__complete-ids done", "__complete-ids done",
            ])
    }

    @Test func filterTermsFromTheHelper() throws {
        #expect(try sandbox.complete("todo", "list", "+s") == ["+shop"])
        #expect(try sandbox.complete("todo", "next", "du") == ["due:"])
        // bash splits project:H into three words: the key goes back before asking, off the answers.
        #expect(try sandbox.complete("todo", "summary", "project", ":", "H") == ["Home", "Home.Garden"])
        #expect(try sandbox.complete("todo", "calendar", "project", ":") == [":Home", ":Home.Garden"])
        #expect(try sandbox.complete("todo", "done", "du") == ["due:"], "after the pending ids")
        #expect(
            sandbox.calls == [
                "__complete-filter -- +s", "__complete-filter -- du", "__complete-filter -- project:H",
                "__complete-filter -- project:", "__complete-ids pending", "__complete-filter -- du",
            ])
    }

    @Test func theTagsInUseForEveryTagOption() throws {
        #expect(try sandbox.complete("todo", "list", "--tag", "") == ["errands", "shop", "Work"])
        #expect(try sandbox.complete("todo", "ls", "-t", "s") == ["shop"])
        #expect(try sandbox.complete("todo", "add", "x", "--tag", "") == ["errands", "shop", "Work"])
        #expect(try sandbox.complete("todo", "edit", "3", "-t", "W") == ["Work"])
        #expect(try sandbox.complete("todo", "list", "--tag=e") == ["--tag=errands"])
        #expect(try sandbox.complete("todo", "list", "--tag", "=", "sh") == ["shop"])
        #expect(sandbox.calls.allSatisfy { $0 == "__complete-tags" })
        #expect(sandbox.calls.count == 6)
    }

    @Test func untagOffersTheTagsOfTheTodoBeingEdited() throws {
        #expect(try sandbox.complete("todo", "edit", "3", "--untag", "") == ["shop"])
        #expect(try sandbox.complete("todo", "edit", "--title", "x", "3", "--untag", "") == ["shop"])
        #expect(try sandbox.complete("todo", "edit", "--untag", "") == ["errands", "shop", "Work"])
        #expect(sandbox.calls == ["__complete-tags 3", "__complete-tags 3", "__complete-tags"])
    }

    @Test func aTagIsOfferedAsItIsWithoutExpansion() throws {
        let fake = sandbox.folder + "/bin/todo"
        try ExecutableFile.write("#!/bin/sh\nprintf '%s\\n' '$HOME' 'a*' '$(touch pwned)'\n", to: fake)
        #expect(try sandbox.complete("todo", "list", "--tag", "") == ["$HOME", "a*", "$(touch pwned)"])
        #expect(try sandbox.complete("todo", "list", "--tag", "$") == ["$HOME", "$(touch pwned)"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.folder + "/pwned"))
    }

    @Test func idsOnlyWhereAnIdIsExpected() throws {
        #expect(try sandbox.complete("todo", "undone", "3", "") == ["12"])
        #expect(try sandbox.complete("todo", "rm", "3", "--yes", "") == Self.ids)
        #expect(try sandbox.complete("todo", "show", "3", "") == [])
        #expect(try sandbox.complete("todo", "move", "3", "") == [])
        #expect(try sandbox.complete("todo", "edit", "3", "--title", "x", "") == [])
        #expect(try sandbox.complete("todo", "edit", "--title", "x", "") == Self.ids)
        #expect(try sandbox.complete("todo", "edit", "--due", "=", "today", "") == Self.ids)
    }

    @Test func theStoreGivenWithFileIsAskedForIds() throws {
        _ = try sandbox.complete("todo", "--file", "/tmp/a.json", "show", "")
        _ = try sandbox.complete("todo", "done", "--file=b.json", "")
        _ = try sandbox.complete("todo", "rm", "--file", "=", "c.json", "")
        _ = try sandbox.complete("todo", "--file", "~/d.json", "move", "")
        #expect(
            sandbox.calls == [
                "--file /tmp/a.json __complete-ids", "--file b.json __complete-ids pending",
                "--file c.json __complete-ids",
                "--file \(sandbox.folder)/d.json __complete-ids",
            ])
    }

    @Test func filePaths() throws {
        #expect(try Set(sandbox.complete("todo", "import", "")).isSuperset(of: ["a.json", "b.txt", "bin"]))
        #expect(try sandbox.complete("todo", "import", "a") == ["a.json"])
        #expect(try sandbox.complete("todo", "import", "a.json", "") == [])
        #expect(try sandbox.complete("todo", "export", "--output", "b") == ["b.txt", "bin"])
        #expect(try sandbox.complete("todo", "export", "-o", "a") == ["a.json"])
        #expect(try sandbox.complete("todo", "--file", "a") == ["a.json"])
        #expect(try sandbox.complete("todo", "list", "--file", "=", "a") == ["a.json"])
    }
}
