import Foundation
import Testing

@testable import todo_cli

/// The fish completion script, run for real (`complete -C`), a fake `todo` on `PATH` for the
/// ids and tags.
@Suite(.enabled(if: Shell.isInstalled("fish"))) struct FishCompletionTests {
    let sandbox: CompletionSandbox

    init() throws {
        sandbox = try CompletionSandbox()
    }

    @Test func helpOffersTheCommandsReportsAndAliases() throws {
        #expect(
            try Set(sandbox.completeInFish("todo help "))
                == Set(CommandCatalog.visibleNames + CompletionSandbox.configCommands))
        #expect(try sandbox.completeInFish("todo help ov") == ["overdue"])
    }

    @Test func configAndSetOfferTheConfigKeys() throws {
        #expect(try sandbox.completeInFish("todo config week") == ["week.start"])
        #expect(try sandbox.completeInFish("todo config al") == ["alias."])
        #expect(try sandbox.completeInFish("todo --set week") == ["week.start="])
        #expect(try sandbox.completeInFish("todo list --set hoo") == ["hooks="])
    }

    @Test func theCommandsAfterAFilter() throws {
        #expect(
            try Set(sandbox.completeInFish("todo +work "))
                == Set(CommandCatalog.visibleNames + CompletionSandbox.configCommands))
        #expect(try sandbox.completeInFish("todo project:Home 3 ne") == ["next"])
        #expect(try sandbox.completeInFish("todo +work done ") == ["3", "31"])
        #expect(try sandbox.completeInFish("todo +work edit 3 --untag ") == ["shop"])
    }

    @Test func filterTermsFromTheHelper() throws {
        #expect(try sandbox.completeInFish("todo list +s") == ["+shop"])
        #expect(try sandbox.completeInFish("todo burndown du") == ["due:"])
        #expect(try sandbox.completeInFish("todo tags project:H") == ["project:Home", "project:Home.Garden"])
        #expect(sandbox.calls.filter { $0.hasPrefix("__complete-filter") }.count == 3)
    }

    @Test func doneOffersThePendingTodosAndUndoneTheDoneOnes() throws {
        #expect(try sandbox.completeInFish("todo done ") == ["3", "31"])
        #expect(try sandbox.completeInFish("todo done 3 ") == ["3", "31"])
        #expect(try sandbox.completeInFish("todo undone ") == ["12"])
        #expect(try sandbox.completeInFish("todo reopen ") == ["12"])
        #expect(sandbox.calls.filter { $0 == "__complete-ids pending" }.count == 2)
        #expect(sandbox.calls.filter { $0 == "__complete-ids done" }.count == 2)
    }

    @Test(arguments: ["show", "edit", "rm", "delete", "move"])
    func everyTodoForTheCommandsTakingAnyTodo(_ name: String) throws {
        #expect(try sandbox.completeInFish("todo \(name) ") == ["3", "12", "31"])
        #expect(sandbox.calls.allSatisfy { $0 == "__complete-ids" })
    }

    @Test func theTagsInUseForEveryTagOption() throws {
        #expect(try sandbox.completeInFish("todo list --tag ") == ["errands", "shop", "Work"])
        #expect(try sandbox.completeInFish("todo ls -t s") == ["shop"])
        #expect(try sandbox.completeInFish("todo list --tag=s") == ["--tag=shop"])
        #expect(try sandbox.completeInFish("todo add x --tag ") == ["errands", "shop", "Work"])
        #expect(try sandbox.completeInFish("todo edit 3 -t ") == ["errands", "shop", "Work"])
        #expect(sandbox.calls.allSatisfy { $0 == "__complete-tags" })
    }

    @Test func untagOffersTheTagsOfTheTodoBeingEdited() throws {
        #expect(try sandbox.completeInFish("todo edit 3 --untag ") == ["shop"])
        #expect(try sandbox.completeInFish("todo edit --title x 3 --untag ") == ["shop"])
        #expect(try sandbox.completeInFish("todo edit --untag ") == ["errands", "shop", "Work"])
        #expect(sandbox.calls == ["__complete-tags 3", "__complete-tags 3", "__complete-tags"])
    }

    @Test func theStoreGivenWithFileIsAsked() throws {
        _ = try sandbox.completeInFish("todo --file a.json done ")
        _ = try sandbox.completeInFish("todo list --file=b.json --tag ")
        #expect(sandbox.calls == ["--file a.json __complete-ids pending", "--file b.json __complete-tags"])
    }
}
