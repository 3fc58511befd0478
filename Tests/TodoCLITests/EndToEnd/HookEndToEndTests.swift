import Foundation
import TestSupport
import Testing

/// Hooks through the `todo` command, with real scripts in the hooks folder beside the config
/// file: accepting, changing, refusing, printing garbage, messages, and `hooks = off`.
@Suite struct HookEndToEndTests {
    let todo = TodoSandbox()

    func todos() async -> [[String: Any]] {
        await todo.run(["list", "--all", "--json"]).json as? [[String: Any]] ?? []
    }

    @Test func anAcceptingHookLetsTheChangeThrough() async {
        todo.writeHook("on-add-accept", "#!/bin/sh\ncat\necho checked >&2\n")
        let result = await todo.run(["add", "Buy", "milk"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "Added 1: Buy milk\n")
        #expect(result.stderr == "on-add-accept: checked\n")
        #expect(await todos().map { $0["title"] as? String } == ["Buy milk"])
    }

    @Test func aHookChangesTheTodo() async throws {
        todo.writeHook(
            "on-add-inbox",
            "#!/bin/sh\nsed 's/\"tags\":\\[\\]/\"tags\":[\"inbox\"]/'\n")
        let result = await todo.run(["add", "Call", "Bob", "--json"])
        #expect(result.status == 0, "\(result)")
        let object = try #require(result.json as? [String: Any])
        #expect(object["tags"] as? [String] == ["inbox"])
        #expect(await todos().first?["tags"] as? [String] == ["inbox"])
    }

    @Test func aRefusingHookStopsTheChangeWithExit1() async {
        await todo.run(["add", "Keep", "me"])
        let store = todo.storeBytes
        todo.writeHook(
            "on-modify-policy", "#!/bin/sh\necho 'todos are forever'\necho 'more detail'\nexit 3\n")
        let result = await todo.run(["done", "1"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "Error: the hook on-modify-policy refused the change: todos are forever; nothing was changed\n",
            "\(result)")
        #expect(todo.storeBytes == store)
    }

    @Test func aHookPrintingGarbageRefusesTheChange() async {
        todo.writeHook("on-add-broken", "#!/bin/sh\ncat >/dev/null\necho '{not json}'\n")
        let result = await todo.run(["add", "Anything"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.hasPrefix("Error: "))
        #expect(result.stderr.contains("on-add-broken"), "\(result)")
        let left = await todos()
        #expect(left.isEmpty)
    }

    @Test func hooksOffInTheConfigOrWithSetRunsNone() async {
        todo.writeHook("on-add-refuse", "#!/bin/sh\necho no\nexit 1\n")
        #expect(await todo.run(["add", "Refused"]).status == 1)
        let once = await todo.run(["--set", "hooks=off", "add", "Once"])
        #expect(once.status == 0, "\(once)")
        todo.writeConfig("hooks = off\n")
        #expect(await todo.run(["add", "Again"]).status == 0)
        #expect(await todos().map { $0["title"] as? String } == ["Once", "Again"])
        #expect(await todo.run(["--set", "hooks=on", "add", "Refused"]).status == 1)
    }

    @Test func onExitHooksGetTheArgumentsAndTheChange() async throws {
        let log = todo.folder + "/exit.log"
        todo.writeHook("on-exit-log", "#!/bin/sh\necho \"$@\" > '\(log)'\ncat >> '\(log)'\necho logged\n")
        let result = await todo.run(["add", "Pay", "rent"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr == "on-exit-log: logged\n")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.hasPrefix("api:2 args:todo add Pay rent command:add rc:\(todo.configPath) data:\(todo.storePath)"))
        #expect(text.contains("\"title\":\"Pay rent\""))
    }

    @Test func theShellRunsHooksToo() async {
        todo.writeHook("on-add-refuse", "#!/bin/sh\necho 'not in the shell either'\nexit 1\n")
        let result = await todo.run(["shell", "--quiet"], input: "add Something\n")
        #expect(result.stderr.contains("refused the change: not in the shell either"), "\(result)")
        #expect(await todos().isEmpty)
    }
}
