import Testing
import TodoCore

@testable import todo_cli

/// The commands that take ids: `show`, `done`, `undone`/`reopen`, `rm`/`delete`, `move`.
@Suite struct IDCommandParsingTests {
    static let badIDs = ["abc", "0", "-3", "", "+3", "3.0", " 3", "3a", "٣", "0x10"]

    @Test func showTakesOneID() {
        #expect(command("show", "3") == ShowCommand(id: 3))
        #expect(command("show", "007") == ShowCommand(id: 7))
    }

    @Test func showWithoutAnIDOrWithTwo() {
        let missing = usageError("show")
        #expect(missing?.message == "missing expected argument '<id>'")
        #expect(missing?.usage == "USAGE: todo show <id>")
        #expect(missing?.command == "show")
        #expect(errorMessage("show", "1", "2") == "unexpected argument '2'")
    }

    @Test(arguments: IDCommandParsingTests.badIDs)
    func anIDThatIsNotAPositiveIntegerIsAUsageError(_ id: String) {
        let message = "'\(id)' is not a todo id; ids are positive integers (run `todo list --all` to see them)"
        #expect(errorMessage("show", id) == message)
        #expect(errorMessage("edit", id, "--title", "x") == message)
        #expect(errorMessage("done", "1", id) == message)
        #expect(errorMessage("undone", id) == message)
        #expect(errorMessage("rm", id, "--yes") == message)
        #expect(errorMessage("move", id, "1") == message)
    }

    @Test func anIDTooLargeIsSaidToBeTooLarge() {
        let message = "'99999999999999999999999' is too large to be a todo id (run `todo list --all` to see the ids)"
        #expect(errorMessage("show", "99999999999999999999999") == message)
        #expect(errorMessage("done", "1", "99999999999999999999999") == message)
        #expect(errorMessage("show", "0099999999999999999999") != nil)
    }

    @Test func aNegativeIDIsAnIDNotAnOption() {
        #expect(usageError("show", "-3")?.message.hasPrefix("'-3' is not a todo id") == true)
        #expect(usageError("done", "-12")?.message.hasPrefix("'-12' is not a todo id") == true)
    }

    @Test func doneTakesOneIDOrMore() {
        #expect(command("done", "3") == DoneCommand(ids: [3]))
        #expect(command("done", "3", "1", "2") == DoneCommand(ids: [3, 1, 2]))
        #expect(errorMessage("done") == "missing expected argument '<id>'")
    }

    @Test func undoneAndItsAliasReopen() {
        #expect(command("undone", "4", "5") == UndoneCommand(ids: [4, 5]))
        #expect(command("reopen", "4") == UndoneCommand(ids: [4]))
        let error = usageError("reopen")
        #expect(error?.message == "missing expected argument '<id>'")
        #expect(error?.command == "undone")
    }

    @Test func rmAndItsAliasDeleteWithOrWithoutConfirmation() {
        #expect(command("rm", "1") == RemoveCommand(ids: [1], confirmed: false))
        #expect(command("rm", "1", "2", "--yes") == RemoveCommand(ids: [1, 2], confirmed: true))
        #expect(command("delete", "-y", "1", "2") == RemoveCommand(ids: [1, 2], confirmed: true))
        #expect(command("rm", "1", "-y", "2") == RemoveCommand(ids: [1, 2], confirmed: true))
        #expect(errorMessage("delete") == "missing expected argument '<id>'")
        #expect(errorMessage("rm", "1", "--yes=no") == "'--yes' does not take a value")
        #expect(errorMessage("rm", "1", "--ye") == "unknown option '--ye'. Did you mean '--yes'?")
    }

    @Test func moveTakesAnIDAndAPosition() {
        #expect(command("move", "3", "1") == MoveCommand(id: 3, position: 1))
        let missing = usageError("move", "3")
        #expect(missing?.message == "missing expected argument '<position>'")
        #expect(missing?.usage == "USAGE: todo move <id> <position>")
        #expect(errorMessage("move") == "missing expected argument '<id>'")
        #expect(errorMessage("move", "1", "2", "3") == "unexpected argument '3'")
    }

    @Test(arguments: ["0", "-1", "top", "", "99999999999999999999999"])
    func aPositionThatIsNotAPositiveIntegerIsAUsageError(_ position: String) {
        #expect(
            errorMessage("move", "3", position)
                == "'\(position)' is not a position; use a positive integer (1 is the top of the list)")
    }
}
