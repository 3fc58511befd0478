import Testing
import TodoCore

@testable import todo_cli

/// The commands that take ids: `show`, `move`, `denotate`; and `done`, `undone`/`reopen`,
/// `rm`/`delete`, which take ids or any filter.
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
        #expect(errorMessage("move", id, "1") == message)
        #expect(errorMessage("denotate", id, "1") == message)
    }

    /// `done`, `undone`, `rm`, `edit` and the other commands that change todos take a filter
    /// (issue 18): what is no id there is a search word or a tag, and only what no filter reads is
    /// refused.
    @Test(arguments: [
        ("0", "'0' is not an id: ids start at 1"),
        (
            "-3",
            "'-3' is not a filter term: after '-' comes a tag that starts with a letter (-work), and ids are positive (5); to leave out a tag that starts otherwise, write 'not +TAG'"
        ),
        ("3a", nil), ("abc", nil), ("+3", nil), ("٣", nil),
    ])
    func whatIsNoIDIsAFilterTerm(word: String, error: String?) {
        for name in ["done", "undone", "rm", "start", "stop"] {
            if let error {
                #expect(errorMessage(name, "1", word) == error, "\(name)")
            } else {
                #expect(command(name, "1", word) != nil, "\(name)")
            }
        }
        if let error {
            #expect(errorMessage("edit", word, "--title", "x") == error)
            #expect(errorMessage("annotate", word, "x") == error)
        }
    }

    @Test func anIDTooLargeIsSaidToBeTooLarge() {
        let message = "'99999999999999999999999' is too large to be a todo id (run `todo list --all` to see the ids)"
        #expect(errorMessage("show", "99999999999999999999999") == message)
        #expect(
            errorMessage("done", "1", "99999999999999999999999")
                == "'99999999999999999999999' is not an id: ids go up to 9000000000000000000")
        #expect(errorMessage("show", "0099999999999999999999") != nil)
    }

    @Test func aNegativeIDIsAnIDNotAnOption() {
        #expect(usageError("show", "-3")?.message.hasPrefix("'-3' is not a todo id") == true)
        #expect(usageError("done", "-12")?.message.hasPrefix("'-12' is not a filter term") == true)
    }

    @Test func doneTakesOneIDOrMore() {
        #expect(command("done", "3") == DoneCommand(selection: selection("3"), confirmed: false))
        #expect(command("done", "3", "1", "2") == DoneCommand(selection: selection("3", "1", "2"), confirmed: false))
        #expect(
            command("done", "3", "1", "2")?.isEqual(
                to: DoneCommand(selection: selection("1", "2", "3"), confirmed: false)) == false, "in the order typed")
        #expect(errorMessage("done") == "missing expected argument '<filter>'")
    }

    @Test func undoneAndItsAliasReopen() {
        #expect(command("undone", "4", "5") == UndoneCommand(selection: selection("4", "5"), confirmed: false))
        #expect(command("reopen", "4") == UndoneCommand(selection: selection("4"), confirmed: false))
        let error = usageError("reopen")
        #expect(error?.message == "missing expected argument '<filter>'")
        #expect(error?.command == "undone")
    }

    @Test func rmAndItsAliasDeleteWithOrWithoutConfirmation() {
        #expect(command("rm", "1") == RemoveCommand(selection: selection("1"), confirmed: false))
        #expect(command("rm", "1", "2", "--yes") == RemoveCommand(selection: selection("1", "2"), confirmed: true))
        #expect(command("delete", "-y", "1", "2") == RemoveCommand(selection: selection("1", "2"), confirmed: true))
        #expect(command("rm", "1", "-y", "2") == RemoveCommand(selection: selection("1", "2"), confirmed: true))
        #expect(errorMessage("delete") == "missing expected argument '<filter>'")
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
