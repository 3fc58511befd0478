import Testing
import TodoCore

@testable import todo_cli

/// `todo list|ls [<filter>…] [--all | --done] [--tag] [--priority] [--overdue] [--sort] [--limit]`.
@Suite struct ListParsingTests {
    /// The query `list` makes of filter `words` (typed after it) and `query`'s other fields.
    func filtered(_ words: String..., query: TodoQuery = TodoQuery()) -> ListCommand {
        var query = query
        query.filter = (try? TodoFilter(parsing: words)) ?? .everything
        return ListCommand(query: query)
    }

    @Test func withoutArgumentsThePendingTodosInTheManualOrder() {
        #expect(command("list") == ListCommand(query: TodoQuery()))
        #expect(command("ls") == ListCommand(query: TodoQuery(status: .pending, sort: .position)))
    }

    @Test func theWordsAreFilterTerms() {
        #expect(command("ls", "oat", "milk") == filtered("oat", "milk"))
        #expect(command("ls", "--", "-urgent") == filtered("-urgent"))
        #expect(command("ls", "-urgent", "+home") == filtered("-urgent", "+home"), "-tag needs no --")
        #expect(command("ls", "project:Home", "or", "+garden") == filtered("project:Home", "or", "+garden"))
    }

    @Test func allAndDoneChooseTheStatus() {
        #expect(command("list", "--all") == ListCommand(query: TodoQuery(status: .all)))
        #expect(command("list", "-a") == ListCommand(query: TodoQuery(status: .all)))
        #expect(command("list", "--done") == ListCommand(query: TodoQuery(status: .done)))
    }

    @Test func allWithDoneIsAUsageError() {
        let error = usageError("list", "--all", "--done")
        #expect(error?.message == "'--all' and '--done' cannot be used together")
        #expect(error?.command == "list")
        #expect(errorMessage("ls", "--done", "-a") == "'--all' and '--done' cannot be used together")
    }

    @Test func filters() {
        #expect(command("list", "--tag", "shop") == ListCommand(query: TodoQuery(tag: "shop")))
        #expect(command("list", "-t", "+shop") == ListCommand(query: TodoQuery(tag: "shop")))
        #expect(command("list", "--priority", "high") == ListCommand(query: TodoQuery(priority: .high)))
        #expect(command("list", "-p", "none") == ListCommand(query: TodoQuery(priority: Priority.none)))
        #expect(command("list", "--overdue") == ListCommand(query: TodoQuery(overdueOnly: true)))
        #expect(errorMessage("list", "--tag", "a b") == TodoError.invalidTag("a b").cliMessage)
        #expect(errorMessage("list", "-p", "top") == TodoError.invalidPriority("top").cliMessage)
    }

    @Test(arguments: TodoQuery.Sort.allCases)
    func everySortOrder(_ sort: TodoQuery.Sort) {
        #expect(command("list", "--sort", sort.rawValue) == ListCommand(query: TodoQuery(sort: sort)))
        #expect(command("list", "--sort=\(sort.rawValue)") == ListCommand(query: TodoQuery(sort: sort)))
    }

    @Test func anUnknownSortOrderListsTheAllowedOnes() {
        #expect(
            errorMessage("list", "--sort", "title")
                == "'title' is not a valid value for '--sort <order>'; use position, due, priority, created or urgency")
        #expect(
            errorMessage("list", "--sort", "prority")
                == "'prority' is not a valid value for '--sort <order>'; use position, due, priority, created or urgency. "
                + "Did you mean 'priority'?")
    }

    @Test func theLimitIsAnIntegerZeroOrMore() {
        #expect(command("list", "--limit", "0") == ListCommand(query: TodoQuery(limit: 0)))
        #expect(command("list", "--limit=25") == ListCommand(query: TodoQuery(limit: 25)))
        for bad in ["-1", "abc", "2.5", "", "+3", "99999999999999999999999", " 3"] {
            #expect(
                errorMessage("list", "--limit", bad)
                    == "'\(bad)' is not a valid value for '--limit <count>'; use an integer, 0 or more")
        }
    }

    @Test func theLastOfARepeatedOptionWinsAndTagsAddUp() {
        let parsed = command(
            "ls", "--sort", "due", "--tag", "a", "--sort", "created", "-t", "b", "--limit", "3", "--limit", "4")
        #expect(parsed == ListCommand(query: TodoQuery(tags: ["a", "b"], sort: .created, limit: 4)))
        #expect(
            command("list", "-t", "a", "--tag=+b", "-t=#c") == ListCommand(query: TodoQuery(tags: ["a", "b", "c"])))
    }

    @Test func overdueWithDoneIsRefusedButWithAllItIsOnlyRedundant() {
        let error = usageError("list", "--overdue", "--done")
        #expect(error?.message == "'--overdue' and '--done' cannot be used together: overdue todos are pending ones")
        #expect(error?.command == "list")
        #expect(
            errorMessage("ls", "--done", "milk", "--overdue")
                == "'--overdue' and '--done' cannot be used together: overdue todos are pending ones")
        #expect(command("list", "--overdue", "--all") == ListCommand(query: TodoQuery(status: .all, overdueOnly: true)))
    }

    @Test func aSortOrderStartingWithADashIsABadOrderNotAMissingOne() {
        #expect(
            errorMessage("list", "--sort", "-due")
                == "'-due' is not a valid value for '--sort <order>'; use position, due, priority, created or urgency. "
                + "Did you mean 'due'?")
        #expect(
            errorMessage("list", "--sort", "--due")
                == "'--due' is not a valid value for '--sort <order>'; use position, due, priority, created or urgency")
        // An option of the command is an option: the value is missing.
        #expect(errorMessage("list", "--sort", "--all") == "missing value for '--sort <order>'")
        #expect(errorMessage("list", "--sort", "-a") == "missing value for '--sort <order>'")
        #expect(errorMessage("list", "--sort", "-q") == "missing value for '--sort <order>'")
        #expect(errorMessage("list", "--sort", "--") == "missing value for '--sort <order>'")
    }

    @Test func everythingTogether() {
        let parsed = command(
            "ls", "milk", "-a", "-t", "shop", "-p", "h", "--overdue", "--sort", "due", "--limit", "10", "oat")
        #expect(
            parsed
                == filtered(
                    "milk", "oat",
                    query: TodoQuery(
                        status: .all, tag: "shop", priority: .high, overdueOnly: true, sort: .due, limit: 10)))
    }

    @Test func optionsOfOtherCommandsAreUnknown() {
        #expect(errorMessage("list", "--yes") == "unknown option '--yes'")
        #expect(errorMessage("list", "--overdeu") == "unknown option '--overdeu'. Did you mean '--overdue'?")
        #expect(errorMessage("list", "--lim", "3") == "unknown option '--lim'. Did you mean '--limit'?")
    }
}
