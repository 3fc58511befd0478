import Foundation
import TestSupport
import Testing

/// Contexts through the `todo` command: `context.NAME = filter`, `context = NAME`, `todo context`,
/// what the active one narrows (`list`, `next`, reports) and what `add` and `log` get from it.
@Suite struct ContextEndToEndTests {
    let todo = TodoSandbox()

    func todos(_ arguments: [String]) async -> [[String: Any]] {
        await todo.run(arguments + ["--json"]).json as? [[String: Any]] ?? []
    }

    func titles(_ arguments: [String]) async -> [String] {
        await todos(arguments).compactMap { $0["title"] as? String }
    }

    func addSome() async {
        await todo.run(["add", "Report", "project:Work", "+office"])
        await todo.run(["add", "Call", "project:Work"])
        await todo.run(["add", "Garden", "+home"])
    }

    @Test func theActiveContextNarrowsListNextAndReports() async {
        await addSome()
        todo.writeConfig(
            "context.work = project:Work +office\ncontext.home = +home\ncontext = work\n"
                + "report.all.filter = status:pending\n")
        #expect(await titles(["list"]) == ["Report"])
        #expect(await titles(["next"]) == ["Report"])
        #expect(await titles(["all"]) == ["Report"])
        #expect(await titles(["list", "Call"]) == [])  // the context and the typed filter both hold
        #expect(await titles(["--set", "context=home", "list"]) == ["Garden"])
        #expect(await titles(["--set", "context=none", "list"]) == ["Report", "Call", "Garden"])
        // The reports count what the context selects, and a typed filter within it.
        let tags = await todo.run(["tags", "--json"]).stdout
        #expect(tags.contains("\"office\"") && !tags.contains("\"home\""), "\(tags)")
        let everyTag = await todo.run(["--set", "context=none", "tags", "--json"]).stdout
        #expect(everyTag.contains("\"office\"") && everyTag.contains("\"home\""), "\(everyTag)")
        let summary = await todo.run(["--set", "context=home", "summary", "--json"]).stdout
        #expect(!summary.contains("\"Work\""), "\(summary)")
        #expect(await todo.run(["--set", "context=none", "summary", "--json"]).stdout.contains("\"Work\""))
        // Commands that change todos are not narrowed: ids name any todo.
        #expect(await todo.run(["done", "3"]).status == 0)
    }

    @Test func addAndLogGetTheContextsTagsAndProject() async throws {
        todo.writeConfig("context.work = project:Work +office -home\ncontext = work\n")
        let added = try #require(await todo.run(["add", "Plan", "--json"]).json as? [String: Any])
        #expect(added["tags"] as? [String] == ["office"])
        #expect(added["project"] as? String == "Work")
        let typed = try #require(
            await todo.run(["add", "Plan", "project:Work.Q4", "+urgent", "--json"]).json as? [String: Any])
        #expect(typed["tags"] as? [String] == ["office", "urgent"])
        #expect(typed["project"] as? String == "Work.Q4")  // the typed project wins
        let logged = try #require(await todo.run(["log", "Met", "--json"]).json as? [String: Any])
        #expect(logged["project"] as? String == "Work" && logged["tags"] as? [String] == ["office"])
        // A new todo shows in its context.
        #expect(await titles(["list"]) == ["Plan", "Plan"])
    }

    @Test func aContextWithOrGivesNewTodosNothing() async throws {
        todo.writeConfig("context.either = +home or +garden\ncontext = either\n")
        let added = try #require(await todo.run(["add", "Weed", "--json"]).json as? [String: Any])
        #expect(added["tags"] as? [String] == [])
        #expect(added["project"] is NSNull)
    }

    @Test func contextSwitchesShowsAndLists() async {
        await addSome()
        todo.writeConfig("# contexts\ncontext.work = project:Work +office\ncontext.home = +home\n")
        let none = await todo.run(["context"])
        #expect(none.status == 0 && none.stdout.hasPrefix("No context is active."), "\(none)")
        let switched = await todo.run(["context", "home"])
        #expect(switched.status == 0, "\(switched)")
        #expect(switched.stdout == "Context: home (+home)\n")
        #expect(
            todo.configText == "# contexts\ncontext.work = project:Work +office\ncontext.home = +home\ncontext = home\n"
        )
        #expect(await titles(["list"]) == ["Garden"])
        #expect(await todo.run(["context"]).stdout == "Context: home (+home)\n")
        let list = await todo.run(["context", "list"])
        #expect(list.stdout == "* home  +home\n  work  project:Work and +office\n", "\(list)")
        let off = await todo.run(["context", "none"])
        #expect(off.status == 0 && off.stdout == "No context is active.\n", "\(off)")
        #expect(await titles(["list"]) == ["Report", "Call", "Garden"])
        #expect(todo.configText == "# contexts\ncontext.work = project:Work +office\ncontext.home = +home\n")
    }

    @Test func switchingToAnUndefinedContextFails() async {
        todo.writeConfig("context.work = +office\n")
        let result = await todo.run(["context", "wrok"])
        #expect(result.status == 78, "\(result)")
        #expect(result.stderr.contains("no context named 'wrok' is defined"))
        #expect(result.stderr.contains("Did you mean 'work'?"))
        #expect(todo.configText == "context.work = +office\n")
    }

    @Test func contextJSON() async throws {
        todo.writeConfig("context.work = project:Work +office\ncontext = work\n")
        let active = try #require(await todo.run(["context", "--json"]).json as? [String: Any])
        #expect(active["name"] as? String == "work")
        #expect(active["tags"] as? [String] == ["office"])
        #expect(active["project"] as? String == "Work")
        let list = try #require(await todo.run(["context", "list", "--json"]).json as? [[String: Any]])
        #expect(list.count == 1)
    }
}
