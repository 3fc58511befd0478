import Foundation
import ReactorKitTesting
import Testing
import TodoCore

@testable import todo_cli

/// Hooks under `todo ui`, with real scripts: what they say goes to the message line (never to
/// the terminal, where it would corrupt the screen), and a refusal is an error message.
@Suite struct UISessionHookTests {
    let alerts = UIAlertService()
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("todo-ui-hooks-\(UUID())").path
        try FileManager.default.createDirectory(atPath: folder + "/hooks", withIntermediateDirectories: true)
    }

    /// Writes the executable hook `name` with the shell script `body`.
    func hook(_ name: String, _ body: String) throws {
        let path = folder + "/hooks/" + name
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }

    /// A session over the sample todos, running the hooks of the folder.
    func session() -> (UISession, TodoServiceProvider) {
        let hooks = HookRunner(folder: folder + "/hooks", environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"])
        let provider = TodoServiceProvider(
            storage: InMemoryTodoStorage(todos: sampleTodos), alertService: alerts, clock: uiClock, hooks: hooks)
        let session = UISession(
            shell: AppShell(provider: provider), alerts: alerts, size: TerminalSize(rows: 24, columns: 80))
        return (session, provider)
    }

    @Test func whatAHookSaysShowsOnTheMessageLine() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try hook("on-add-remind", #"read todo; echo "$todo"; echo 'Remember the receipt'"#)
        try hook("on-exit-log", #"printf 'Logged \033[2J\033[31mall\n'"#)
        let (ui, _) = session()
        defer { ui.tearDown() }
        ui.handle([.character("a")] + "Buy bread".map(Key.character) + [.enter])
        let message = try #require(ui.state.message)
        #expect(message.text.hasPrefix("Added 5: Buy bread · on-add-remind: Remember the receipt"), "\(message)")
        #expect(message.text.contains("on-exit-log: Logged \u{FFFD}[2J\u{FFFD}[31mall"), "\(message)")
        #expect(!message.isError)
        let screen = ui.frame().text
        #expect(screen.contains { $0.contains("on-add-remind: Remember the receipt") }, "\(screen)")
        #expect(!screen.joined().contains("\u{1B}"), "no escape sequence from a hook reaches the terminal")
        ui.handle([.character("j")])
        #expect(ui.state.message == nil, "the next key clears it")
    }

    @Test func aRefusalIsAnErrorMessageAndChangesNothing() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try hook("on-modify-guard", "echo 'Not on a Monday'; exit 1")
        let (ui, provider) = session()
        defer { ui.tearDown() }
        ui.handle([.character(" ")])
        let message = try #require(ui.state.message)
        #expect(message.isError)
        #expect(message.text.contains("on-modify-guard refused the change: Not on a Monday"), "\(message)")
        #expect(ui.frame().text.joined().contains("Not on a Monday"), "on the message line, wrapped")
        let stored = try provider.todoService.fetch(TodoQuery(status: .all)).toBlocking().single()
        #expect(stored.first { $0.id == 1 }?.isDone == false)
        #expect(ui.frame().text[2].hasPrefix(">1 [ ] high"), "the list as it was")
    }
}
