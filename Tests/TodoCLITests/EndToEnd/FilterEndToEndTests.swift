import Foundation
import TestSupport
import Testing

/// Filters on the real binary (issue 18): `list`, `next` and `export` narrowed by filter terms
/// before or after the command, the status a filter names, and the commands that change the
/// todos a filter selects — their scope, the confirmation `--yes` stands for, "No todo matches",
/// one change and one `undo` step, all or nothing.
@Suite struct FilterEndToEndTests {
    let todo = TodoSandbox()

    func ids(_ arguments: [String]) async -> [Int] {
        let result = await todo.run(arguments + ["--json"])
        return (result.json as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
    }

    func todos() async -> [Int: [String: Any]] {
        let objects = await todo.run(["list", "status:all", "--json"]).json as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: objects.map { ($0["id"] as? Int ?? 0, $0) })
    }

    /// 1 Buy milk +shop (Home), 2 Buy bread +shop (Home.Kitchen), 3 Write report +work (Work),
    /// 4 Call mum (done), 5 Plan trip (waiting), 6 Homework +school.
    func addTodos() async {
        await todo.run(["add", "Buy", "milk", "+shop", "project:Home", "-q"])
        await todo.run(["add", "Buy", "bread", "+shop", "project:Home.Kitchen", "-q"])
        await todo.run(["add", "Write", "report", "+work", "project:Work", "pri:h", "-q"])
        await todo.run(["log", "Call", "mum", "-q"])
        await todo.run(["add", "Plan", "trip", "wait:+5d", "-q"])
        await todo.run(["add", "Homework", "+school", "-q"])
    }

    @Test func listTakesFilterTermsBeforeOrAfterTheCommand() async {
        await addTodos()
        #expect(await ids(["list"]) == [1, 2, 3, 6], "pending: not done, not waiting")
        #expect(await ids(["list", "+shop"]) == [1, 2])
        #expect(await ids(["+shop", "list"]) == [1, 2])
        #expect(await ids(["project:Home", "list"]) == [1, 2], "Home and below it, never Homework")
        #expect(await ids(["list", "project:Home", "or", "+work"]) == [1, 2, 3])
        #expect(await ids(["list", "not", "+shop"]) == [3, 6])
        #expect(await ids(["list", "-shop", "-work"]) == [6])
        #expect(await ids(["list", "bread"]) == [2], "a search word")
        #expect(await ids(["list", "HOME"]) == [1, 2, 6], "search words look in the project too, in any case")
        #expect(await ids(["+shop", "list", "milk"]) == [1])
        #expect(await ids(["2-3,6", "list"]) == [2, 3, 6])
        #expect(await ids(["list", "pri:h"]) == [3])
        #expect(await ids(["+shop"]) == [1, 2], "a filter without a command lists")
        #expect(await ids(["list", "+shop", "--tag", "shop", "--priority", "none"]) == [1, 2], "options combine")
        #expect(await ids(["list", "+shop", "--limit", "1"]) == [1])
    }

    @Test func aFilterThatNamesAStatusListsThoseTodos() async {
        await addTodos()
        #expect(await ids(["list", "status:waiting"]) == [5])
        #expect(await ids(["is:waiting", "list"]) == [5])
        #expect(await ids(["list", "status:done"]) == [4])
        #expect(await ids(["list", "status:all"]) == [1, 2, 3, 4, 5, 6])
        #expect(await ids(["list", "status:pending"]) == [1, 2, 3, 6])
        #expect(await ids(["list", "--all"]) == [1, 2, 3, 4, 5, 6], "--all shows the waiting ones too")
        #expect(await ids(["list", "--done"]) == [4])
        #expect(await ids(["list", "Plan"]) == [], "the default hides the waiting todo")
    }

    @Test func oneIDAloneShowsIt() async {
        await addTodos()
        let shown = await todo.run(["3"])
        #expect(shown.status == 0)
        #expect(shown.stdout.hasPrefix("3  Write report\n"), "\(shown)")
        #expect(shown.stdout.contains("project    Work"))
        #expect(await todo.run(["3", "--json"]).json as? [String: Any] != nil)
        #expect(await todo.run(["3", "show"]).stdout == shown.stdout)
    }

    @Test func filterErrorsAreUsageErrors() async {
        await addTodos()
        for arguments in [
            ["prioity:high", "list"], ["list", "prioity:high"], ["prioity:high"], ["done", "prioity:high"],
            ["prioity:high", "done", "--yes"], ["next", "prioity:high"], ["export", "prioity:high"],
        ] {
            let result = await todo.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(
                result.stderr.hasPrefix(
                    "Error: unknown filter attribute 'prioity' in 'prioity:high'. Did you mean 'priority:'?\nUSAGE: "),
                "\(arguments): \(result.stderr)")
            #expect(result.stdout == "")
        }
        for arguments in [["-5"], ["list", "-5"], ["done", "-5"], ["-5", "rm", "--yes"], ["list", "("]] {
            #expect(await todo.run(arguments).status == 64, "\(arguments)")
        }
        let unknown = await todo.run(["frob", "+work"])
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("Error: unknown command 'frob'\n"))
        #expect(await todo.run(["+work", "frob"]).status == 64)
        #expect(await todo.run(["+work", "add", "x"]).status == 64)
    }

    @Test func doneByFilterAsksUnlessYesAndChangesNothingWithout() async {
        await addTodos()
        let before = todo.storeBytes
        let refused = await todo.run(["+shop", "done"])
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stdout == "")
        #expect(
            refused.stderr
                == "Error: complete 2 todos needs a confirmation, and standard input is not a terminal; pass --yes to confirm\n"
        )
        #expect(todo.storeBytes == before, "nothing written")
        let done = await todo.run(["+shop", "done", "--yes"])
        #expect(done.status == 0)
        #expect(done.stdout == "Completed 1: Buy milk\nCompleted 2: Buy bread\n")
        // One change: one undo step brings both back.
        let undone = await todo.run(["undo"])
        #expect(undone.stdout == "Undid completing 2 todos\n")
        #expect(await ids(["list", "+shop"]) == [1, 2])
    }

    @Test func aFilterSelectingOneTodoOrIdsAsksNothing() async {
        await addTodos()
        #expect(await todo.run(["done", "milk"]).stdout == "Completed 1: Buy milk\n")
        #expect(await todo.run(["done", "2", "3"]).stdout == "Completed 2: Buy bread\nCompleted 3: Write report\n")
        #expect(await todo.run(["undone", "1-3"]).status == 0, "ids name exactly their todos")
        #expect(await ids(["list"]) == [1, 2, 3, 6])
    }

    /// Issue 18: "No todo matches …", exit 1, the store unchanged, from every command that
    /// changes the todos a filter selects, in both orders.
    @Test(arguments: [
        (["done"], " (pending or waiting)"), (["undone"], " (done)"), (["rm"], ""), (["edit"], ""),
        (["start"], " (pending or waiting)"), (["stop"], " (pending or waiting)"), (["annotate"], ""),
    ])
    func everyBulkCommandSaysNoTodoMatches(command: [String], among: String) async {
        await addTodos()
        let before = todo.storeBytes
        let extra = command == ["edit"] ? ["pri:h"] : command == ["annotate"] ? ["Called"] : []
        for arguments in [command + ["+nomatch"] + extra, ["+nomatch"] + command + extra] {
            let result = await todo.run(arguments + ["--yes"])
            #expect(result.status == 1, "\(arguments): \(result)")
            #expect(
                result.stderr == "Error: No todo matches +nomatch\(among); nothing was changed\n",
                "\(arguments): \(result)")
            #expect(result.stdout == "")
        }
        #expect(todo.storeBytes == before)
    }

    /// Issue 18: near misses of short forms and attribute keys that are no filter keys were
    /// silent searches.
    @Test func nearMissesAndAttributesThatAreNoFilterTermsAreUsageErrors() async {
        await addTodos()
        for (arguments, text) in [
            (["list", "shed:today"], "unknown filter attribute 'shed' in 'shed:today'. Did you mean 'sched:'?"),
            (["shed:today", "list"], "unknown filter attribute 'shed' in 'shed:today'. Did you mean 'sched:'?"),
            (["list", "depends:4"], "'depends:4' is not a filter term: dependencies are filtered with is:blocked"),
            (["list", "dep:4"], "'dep:4' is not a filter term: dependencies are filtered with is:blocked"),
            (
                ["list", "repeat:weekly"],
                "'repeat:weekly' is not a filter term: the todos that repeat are filtered with is:recurring"
            ),
            (["done", "recur:daily", "--yes"], "'recur:daily' is not a filter term"),
        ] {
            let result = await todo.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("Error: \(text)"), "\(arguments): \(result)")
            #expect(result.stdout == "")
        }
    }

    @Test func noMatchFailsWithTheFilterInItsNormalForm() async {
        await addTodos()
        let result = await todo.run(["done", "+nothing", "pri:H"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "Error: No todo matches +nothing and priority:high (pending or waiting); nothing was changed\n")
        #expect(
            await todo.run(["undone", "+shop"]).stderr
                == "Error: No todo matches +shop (done); nothing was changed\n")
        #expect(await todo.run(["rm", "nothing"]).stderr == "Error: No todo matches nothing; nothing was changed\n")
        #expect(await todo.run(["rm", "7-9"]).stderr == "Error: No todo matches 7-9; nothing was changed\n")
        // Ids named one by one keep their message.
        #expect(
            await todo.run(["done", "9"]).stderr == "Error: todo 9 does not exist; run `todo list --all` to see ids\n")
    }

    @Test func eachCommandChoosesAmongItsTodosUnlessTheFilterNamesAStatus() async {
        await addTodos()
        // done: among the todos not done, waiting ones included (the done "Call mum" is left out).
        let done = await todo.run(["done", "not", "+shop", "not", "+work", "not", "+school", "--yes", "--json"])
        let completed = (done.json as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
        #expect(completed == [5], "\(done)")
        await todo.run("undo")
        // undone: among the done todos.
        #expect(await todo.run(["undone", "Call"]).stdout == "Reopened 4: Call mum\n")
        await todo.run("undo")
        // A status in the filter: those todos, whatever the scope.
        #expect(await todo.run(["done", "status:done", "--json"]).json as? [[String: Any]] != nil)
        #expect(await todo.run(["rm", "status:waiting"]).stdout == "Deleted 5: Plan trip\n")
    }

    @Test func theFilterBeforeAndTheOneAfterAreJoinedAsGroups() async {
        await addTodos()
        // (+shop or +work) and milk: 1 only; +shop or (+work and milk) would be 1 and 2.
        #expect(await ids(["+shop", "or", "+work", "list", "milk"]) == [1])
        #expect(await ids(["list", "+shop", "or", "+work", "milk"]) == [1, 2])
    }

    @Test func bulkEditChangesEveryTodoInOneStep() async {
        await addTodos()
        let refused = await todo.run(["+shop", "edit", "pri:low"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("change 2 todos needs a confirmation"))
        let edited = await todo.run(["+shop", "modify", "pri:low", "project:Errands", "--yes"])
        #expect(edited.stdout == "Updated 1: Buy milk\nUpdated 2: Buy bread\n", "\(edited)")
        let all = await todos()
        #expect(all[1]?["priority"] as? String == "low" && all[2]?["project"] as? String == "Errands")
        #expect(all[3]?["priority"] as? String == "high", "others untouched")
        #expect(await todo.run(["undo"]).stdout == "Undid editing 2 todos\n")
        #expect(await todos()[1]?["project"] as? String == "Home")
        // A second edit that changes nothing is said so, per todo.
        await todo.run(["+shop", "edit", "pri:low", "--yes"])
        #expect(await todo.run(["edit", "1-2", "pri:low"]).stdout == "Unchanged 1: Buy milk\nUnchanged 2: Buy bread\n")
    }

    @Test func bulkJSONIsAnArrayForAFilterAndAnObjectForOneID() async {
        await addTodos()
        let one = await todo.run(["start", "3", "--json"])
        #expect((one.json as? [String: Any])?["changed"] as? Bool == true, "\(one)")
        let many = await todo.run(["+shop", "start", "--yes", "--json"])
        let objects = many.json as? [[String: Any]] ?? []
        #expect(objects.compactMap { $0["id"] as? Int } == [1, 2])
        #expect(objects.allSatisfy { $0["changed"] as? Bool == true && $0["startedAt"] is String })
        let filtered = await todo.run(["stop", "milk", "--json"])
        #expect((filtered.json as? [[String: Any]])?.count == 1, "a filter gives an array, even of one")
    }

    @Test func aFailedWriteChangesNothing() async {
        await addTodos()
        let before = todo.storeBytes
        let result = await todo.run(
            ["+shop", "done", "--yes"], environment: ["TODO_SIMULATE_FAULT": "write:ENOSPC"])
        #expect(result.status == 74, "\(result)")
        #expect(todo.storeBytes == before)
        #expect(await ids(["list", "+shop"]) == [1, 2])
    }

    @Test func exportAndNextTakeAFilter() async throws {
        await addTodos()
        let exported = await todo.run(["+shop", "export"])
        let document = try #require(exported.json as? [String: Any])
        let titles = (document["todos"] as? [[String: Any]])?.compactMap { $0["title"] as? String }
        #expect(titles == ["Buy milk", "Buy bread"])
        let all = await todo.run(["export", "status:all", "--format", "todotxt"])
        #expect(all.stdout.split(separator: "\n").count == 6)
        #expect(await ids(["project:Home", "next"]) == [1, 2])
        #expect(await ids(["next", "+work"]) == [3])
    }
}
