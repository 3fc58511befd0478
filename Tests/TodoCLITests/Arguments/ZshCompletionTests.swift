import Foundation
import Testing

@testable import todo_cli

/// The zsh completion script, run for real: Tab typed in an interactive zsh on a
/// pseudo-terminal, a fake `todo` on `PATH` for the ids and tags.
@Suite(.enabled(if: Shell.isInstalled("zsh"))) struct ZshCompletionTests {
    let sandbox: CompletionSandbox

    init() throws {
        sandbox = try CompletionSandbox()
    }

    @Test func theCommands() throws {
        #expect(try sandbox.completeInZsh("todo ") == CommandCatalog.visibleNames + CompletionSandbox.configCommands)
        #expect(sandbox.commandCalls == ["__complete-commands"])
        #expect(try sandbox.completeInZsh("todo re") == ["reopen"])
    }

    @Test func helpOffersTheCommandsReportsAndAliases() throws {
        #expect(
            try sandbox.completeInZsh("todo help ") == CommandCatalog.visibleNames + CompletionSandbox.configCommands)
        #expect(try sandbox.completeInZsh("todo help ov") == ["overdue"])
    }

    @Test func configAndSetOfferTheConfigKeys() throws {
        #expect(try sandbox.completeInZsh("todo config week") == ["week.start"])
        #expect(try sandbox.completeInZsh("todo config al") == ["alias."])
        #expect(try sandbox.completeInZsh("todo --set week") == ["week.start="])
        #expect(try sandbox.completeInZsh("todo list --set hoo") == ["hooks="])
    }

    @Test func theCommandsAfterAFilter() throws {
        #expect(
            try sandbox.completeInZsh("todo +work ") == CommandCatalog.visibleNames + CompletionSandbox.configCommands)
        #expect(try sandbox.completeInZsh("todo project:Home 3 ne") == ["next"])
        #expect(try sandbox.completeInZsh("todo +work done ") == ["3", "31"])
    }

    @Test func filterTermsFromTheHelper() throws {
        #expect(try sandbox.completeInZsh("todo list +s") == ["+shop"])
        #expect(try sandbox.completeInZsh("todo burndown du") == ["due:"])
        #expect(try sandbox.completeInZsh("todo tags project:H") == ["project:Home", "project:Home.Garden"])
        #expect(sandbox.calls.filter { $0.hasPrefix("__complete-filter") }.count == 3)
    }

    @Test func doneOffersThePendingTodosAndUndoneTheDoneOnes() throws {
        #expect(try sandbox.completeInZsh("todo done ") == ["3", "31"])
        #expect(try sandbox.completeInZsh("todo done 3 ") == ["3", "31"])
        #expect(try sandbox.completeInZsh("todo undone ") == ["12"])
        #expect(try sandbox.completeInZsh("todo reopen ") == ["12"])
        #expect(sandbox.calls.filter { $0 == "__complete-ids pending" }.count == 2)
        #expect(sandbox.calls.filter { $0 == "__complete-ids done" }.count == 2)
    }

    @Test(arguments: ["show", "edit", "rm", "delete", "move"])
    func everyTodoForTheCommandsTakingAnyTodo(_ name: String) throws {
        #expect(try sandbox.completeInZsh("todo \(name) ") == ["3", "12", "31"])
        #expect(sandbox.calls == ["__complete-ids"])
    }

    @Test func theTagsInUseForEveryTagOption() throws {
        #expect(try sandbox.completeInZsh("todo list --tag ") == ["errands", "shop", "Work"])
        #expect(try sandbox.completeInZsh("todo ls -t s") == ["shop"])
        #expect(try sandbox.completeInZsh("todo add x --tag ") == ["errands", "shop", "Work"])
        #expect(try sandbox.completeInZsh("todo edit 3 --tag ") == ["errands", "shop", "Work"])
        #expect(sandbox.calls.allSatisfy { $0 == "__complete-tags" })
    }

    @Test func untagOffersTheTagsOfTheTodoBeingEdited() throws {
        #expect(try sandbox.completeInZsh("todo edit 3 --untag ") == ["shop"])
        #expect(try sandbox.completeInZsh("todo edit --title x 3 --untag ") == ["shop"])
        #expect(try sandbox.completeInZsh("todo edit --untag ") == ["errands", "shop", "Work"])
        #expect(sandbox.calls == ["__complete-tags 3", "__complete-tags 3", "__complete-tags"])
    }

    @Test func theStoreGivenWithFileIsAsked() throws {
        _ = try sandbox.completeInZsh("todo --file a.json done ")
        _ = try sandbox.completeInZsh("todo list --file=b.json --tag ")
        _ = try sandbox.completeInZsh("todo show --file c.json ")
        #expect(
            sandbox.calls == [
                "--file a.json __complete-ids pending", "--file b.json __complete-tags", "--file c.json __complete-ids",
            ])
    }

    @Test func globalOptionsAmongTheArgumentsOfACommand() throws {
        #expect(try sandbox.completeInZsh("todo show --json ") == ["3", "12", "31"])
        #expect(try sandbox.completeInZsh("todo edit -q 3 --untag ") == ["shop"])
        #expect(try sandbox.completeInZsh("todo --json list --no-color --tag ") == ["errands", "shop", "Work"])
        #expect(try sandbox.completeInZsh("todo --json sh") == ["show", "shell"])
    }
}
