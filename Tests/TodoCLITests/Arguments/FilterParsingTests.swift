import Testing
import TodoCore

@testable import todo_cli

/// Filters on the command line (issue 18): before the command (Taskwarrior's order) or after it,
/// joined with `and`; a filter alone lists (one id shows); structured terms only before the
/// command; `-tag` words; the commands that take a filter and those that refuse one.
@Suite struct FilterParsingTests {
    func filter(_ words: String...) -> TodoFilter {
        (try? TodoFilter(parsing: words)) ?? .everything
    }

    func list(_ filter: TodoFilter, status: TodoQuery.Status = .pending) -> ListCommand {
        var query = TodoQuery(status: status)
        query.filter = filter
        return ListCommand(query: query)
    }

    @Test func aFilterMayComeBeforeOrAfterTheCommand() {
        #expect(command("+work", "list") == list(filter("+work")))
        #expect(command("list", "+work") == list(filter("+work")))
        #expect(command("3", "done") == DoneCommand(selection: selection("3"), confirmed: false))
        #expect(
            command("project:Home", "due.before:eow", "next")
                == NextCommand(filter: filter("project:Home", "due.before:eow"), limit: nil))
        #expect(command("+work", "export") == ExportCommand(filter: filter("+work"), format: .json, output: nil))
    }

    /// The terms before and the terms after are each a group: `+a or +b` before `list +c` is
    /// `(+a or +b) and +c`, not `+a or (+b and +c)`.
    @Test func theTermsBeforeAndAfterAreJoinedAsTwoGroups() throws {
        let joined = try TodoFilter(parsing: ["+a", "or", "+b"]).and(TodoFilter(parsing: ["+c"]))
        #expect(command("+a", "or", "+b", "list", "+c") == list(joined))
        #expect(!(command("+a", "or", "+b", "list", "+c") == list(filter("+a", "or", "+b", "+c"))))
        let done = command("+a", "or", "+b", "done", "+c") as? DoneCommand
        #expect(done?.selection.filter == joined)
    }

    @Test func aFilterWithoutACommandListsAndOneIDShows() {
        #expect(command("3") == ShowCommand(id: 3))
        #expect(command("--json", "3") == ShowCommand(id: 3))
        #expect(invocation(["3", "--json"])?.global.json == true)
        #expect(command("3", "4") == list(filter("3", "4")))
        #expect(command("3-4") == list(filter("3-4")))
        #expect(command("+work") == list(filter("+work")))
        #expect(command("status:waiting") == list(filter("status:waiting"), status: .all))
    }

    @Test func onlyStructuredTermsComeBeforeTheCommand() {
        // A word that is neither a command nor a structured term is taken for a command.
        #expect(usageError("frob")?.message == "unknown command 'frob'")
        #expect(usageError("frob", "+work")?.message == "unknown command 'frob'")
        #expect(usageError("+work", "frob")?.message == "unknown command 'frob'")
        #expect(usageError("+work", "lsit")?.message == "unknown command 'lsit'. Did you mean 'list'?")
        #expect(usageError("milk", "list")?.message == "unknown command 'milk'")
        #expect(usageError("+work", "frob")?.command == nil)
        // After the command, search words are filter terms.
        #expect(command("list", "milk") == list(filter("milk")))
    }

    @Test func aFilterErrorIsAUsageErrorWithItsSuggestion() {
        let error = usageError("prioity:high", "list")
        #expect(error?.message == "unknown filter attribute 'prioity' in 'prioity:high'. Did you mean 'priority:'?")
        #expect(error?.command == "list")
        #expect(errorMessage("list", "is:overdu")?.hasSuffix("Did you mean 'is:overdue'?") == true)
        #expect(errorMessage("done", "(+a") == "'(' is not closed; add ')' after its terms")
        #expect(errorMessage("next", "due:someday")?.hasPrefix("'due:someday': 'someday' is not a date") == true)
        #expect(usageError("prioity:high")?.command == "list", "a filter alone lists")
    }

    @Test(arguments: [
        ["-5", "list"], ["list", "-5"], ["-5", "done"], ["done", "-5"], ["-5"], ["rm", "-5", "--yes"],
    ])
    func minusFiveIsAUsageErrorWhereverAFilterIsRead(_ arguments: [String]) {
        #expect(
            message(of: arguments)?.hasPrefix(
                "'-5' is not a filter term: after '-' comes a tag that starts with a letter (-work)") == true)
    }

    func message(of arguments: [String]) -> String? {
        switch CommandLineParser.parse(arguments) {
        case .success(let invocation):
            Issue.record("\(arguments) parsed to \(invocation.command)")
            return nil
        case .failure(let error):
            return error.message
        }
    }

    @Test func aDashWordIsATagToLeaveOutWhereAFilterIsRead() {
        #expect(command("-old", "list") == list(filter("-old")))
        #expect(command("list", "-old", "-a") == list(filter("-old"), status: .all))
        #expect(
            command("list", "-pending") == list(filter("-pending")), "p is --priority, but -pending is no option group")
        // One letter stays an option, known or not, and so does a group of the command's flags.
        #expect(usageError("list", "-x")?.message == "unknown option '-x'")
        #expect(usageError("-x", "list")?.message == "unknown option '-x'")
        #expect(invocation(["-q", "+work", "list"])?.global.quiet == true)
        #expect(command("rm", "+old", "-qy") == RemoveCommand(selection: selection("+old"), confirmed: true))
        #expect(command("list", "-p=high") == ListCommand(query: TodoQuery(priority: .high)))
        // Where no filter is read, it is an unknown option as before.
        #expect(usageError("add", "x", "-old")?.message == "unknown option '-old'")
    }

    @Test func theCommandsThatChangeTodosTakeAFilterWithYes() {
        #expect(command("done", "+work", "--yes") == DoneCommand(selection: selection("+work"), confirmed: true))
        #expect(command("undone", "+work", "-y") == UndoneCommand(selection: selection("+work"), confirmed: true))
        #expect(command("start", "3-5") == StartCommand(selection: selection("3-5"), confirmed: false))
        #expect(command("+a", "stop") == StopCommand(selection: selection("+a"), confirmed: false))
        #expect(
            command("delete", "project:Home", "-y")
                == RemoveCommand(selection: selection("project:Home"), confirmed: true))
        #expect(
            command("annotate", "+sales", "Called", "back")
                == AnnotateCommand(selection: selection("+sales"), text: "Called back", confirmed: false))
        #expect(
            command("+sales", "annotate", "Called", "back", "--yes")
                == AnnotateCommand(selection: selection("+sales"), text: "Called back", confirmed: true))
        #expect(errorMessage("annotate", "3") == "missing expected argument '<text>'")
        #expect(errorMessage("start") == "missing expected argument '<filter>'")
        #expect(
            errorMessage("done", "")
                == "an empty argument names no todo; give ids (3, 3-7, 4,9) or filter terms (+work)")
    }

    @Test func editTakesItsTodosFirstOrBeforeTheCommand() {
        let patch = TodoPatch(priority: .low)
        #expect(
            command("edit", "3", "pri:low") == EditCommand(selection: selection("3"), patch: patch, confirmed: false))
        #expect(
            command("3", "edit", "pri:low") == EditCommand(selection: selection("3"), patch: patch, confirmed: false))
        #expect(
            command("modify", "+old", "pri:low")
                == EditCommand(selection: selection("+old"), patch: patch, confirmed: false))
        let before = command("+old", "project:Home", "edit", "pri:low", "--yes") as? EditCommand
        #expect(before?.selection.filter == filter("+old", "project:Home"))
        #expect(before?.patch == patch && before?.confirmed == true)
    }

    @Test func oneIDBeforeACommandThatTakesOne() {
        #expect(command("3", "show") == ShowCommand(id: 3))
        #expect(command("3", "move", "1") == MoveCommand(id: 3, position: 1))
        #expect(command("3", "denotate", "2") == DenotateCommand(id: 3, annotation: "2"))
        #expect(errorMessage("3", "4", "show") == "'show' takes one <id> before it, not '3 4'")
        #expect(
            errorMessage("+work", "show")
                == "'+work' is not a todo id; ids are positive integers (run `todo list --all` to see them)")
    }

    @Test(arguments: ["add", "log", "clear", "undo", "stats", "import", "help", "completions"])
    func theOtherCommandsTakeNoFilter(_ name: String) {
        let error = usageError("+work", name)
        #expect(error?.message == "'\(name)' takes no filter; '+work' cannot come before it")
        #expect(error?.command == name)
    }

    @Test func listKeepsItsOptionsBesideTheFilter() {
        var query = TodoQuery(status: .done, tags: ["a", "b"], priority: .high, overdueOnly: false, sort: .due)
        query.filter = filter("project:Home")
        #expect(
            command("project:Home", "list", "--done", "-t", "a", "-t", "b", "-p", "h", "--sort", "due")
                == ListCommand(query: query))
        // --all and --done still choose the status when the filter names one too.
        #expect(command("list", "status:waiting", "--done") == list(filter("status:waiting"), status: .done))
    }

    @Test func nextTakesALimit() {
        #expect(command("next") == NextCommand(filter: .everything, limit: nil))
        #expect(command("next", "--limit", "3", "+work") == NextCommand(filter: filter("+work"), limit: 3))
        #expect(errorMessage("next", "--all") == "unknown option '--all'")
    }
}
