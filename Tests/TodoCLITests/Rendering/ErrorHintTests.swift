import Testing
import TodoCore

@testable import todo_cli

/// `todo` prints TodoCore's neutral errors with the command line's own hints.
@Suite struct ErrorHintTests {
    @Test func unknownIdsPointAtTheListCommand() {
        #expect(TodoError.unknownTodos([9]).cliMessage == "todo 9 does not exist; run `todo list --all` to see ids")
        #expect(
            TodoError.unknownTodos([8, 9]).cliMessage
                == "todos 8, 9 do not exist; nothing was changed; run `todo list --all` to see ids")
    }

    @Test func aDamagedStoreGetsTheShellCommandThatMovesItAside() {
        let error = TodoError.storeDamaged(
            file: "/s/todos.json", problem: "bad JSON", recovery: .fixOrMoveAside(file: "/s/todos.json"))
        #expect(
            error.cliMessage
                == "the store /s/todos.json cannot be read: bad JSON; it was left unchanged. Fix the JSON by hand, or move the file away to start an empty store: mv '/s/todos.json' '/s/todos.json.damaged'"
        )
        let backup = TodoError.storeDamaged(
            file: "/s/todos.json", problem: "bad JSON",
            recovery: .restoreBackup(backup: "/s/todos.json.bak", store: "/s/todos.json"))
        #expect(
            backup.cliMessage.hasSuffix(
                "run: cp '/s/todos.json.bak' '/s/todos.json' (or fix the JSON by hand; see Docs/StoreFormat.md)"))
    }

    @Test func theOtherHints() {
        #expect(TodoError.invalidTag("a b").cliMessage.hasSuffix(" (give --tag once per tag)"))
        #expect(
            TodoError.storeLocked(file: "/s/todos.json", seconds: 10).cliMessage
                == "the store /s/todos.json stayed locked by another process for 10 s; nothing was changed. Try again, or set TODO_LOCK_TIMEOUT to wait longer"
        )
        #expect(
            TodoError.storeTooNew(file: "f", version: 9, supported: 2).cliMessage.hasSuffix("Upgrade todo to read it"))
        #expect(TodoError.nothingToUndo.cliMessage == TodoError.nothingToUndo.description)  // no hint to add
    }

    @Test func theCommandPrintsTheHint() {
        let todo = InProcessTodo()
        let result = todo.run("done 9")
        #expect(result.stderr == "Error: todo 9 does not exist; run `todo list --all` to see ids\n")
    }
}
