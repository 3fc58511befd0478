import Foundation
import TestSupport
import Testing

/// `todo shell` on a real terminal (tmux): the line is edited with arrows and Ctrl keys before it
/// runs, the history goes back to earlier lines and is kept across sessions, the live counts
/// draw the prompt and the partial line again, and the terminal is given back however the shell
/// ends.
@Suite(
    .serialized,
    .enabled(if: TmuxPane.testsRun, "tmux is not installed: skipped (.ci/run installs it; CI=true fails)"))
struct ShellLineEditingTests {
    let todo = TodoSandbox()

    /// The titles in the store, by id, and which are done.
    func stored() async -> [(id: Int, title: String, isDone: Bool)] {
        let todos = await todo.run("list --all --json").json as? [[String: Any]] ?? []
        return todos.compactMap { object in
            guard let id = object["id"] as? Int, let title = object["title"] as? String else { return nil }
            return (id, title, object["isDone"] as? Bool ?? false)
        }
    }

    var historyPath: String { todo.folder + "/xdg/todo/shell-history" }

    @Test func arrowsAndControlKeysEditTheLineBeforeItRuns() async {
        let checks = await ShellPaneScript.run(in: todo) { script in
            let pane = script.pane
            script.start()
            pane.type("dd Buy milk")
            pane.press("Home")
            pane.type("a")
            pane.press("End")
            pane.type("X")
            pane.press("BSpace", "Enter")
            script.waitFor("Home, End and Backspace", "Added 1: Buy milk")
            script.waitForPrompt("Home, End and Backspace")
            pane.type("add Cal mum")
            pane.press("Left", "Left", "Left", "Left")
            pane.type("l")
            pane.press("Enter")
            script.waitFor("Left", "Added 2: Call mum")
            script.waitForPrompt("Left")
            pane.type("add garbage words")
            pane.press("C-w", "C-w")
            pane.type("Water plants")
            pane.press("Enter")
            script.waitFor("Ctrl-W", "Added 3: Water plants")
            script.waitForPrompt("Ctrl-W")
            pane.type("junk")
            pane.press("C-u")
            pane.type("done 1")
            pane.press("Enter")
            script.waitFor("Ctrl-U", "Completed 1: Buy milk")
            script.waitForPrompt("Ctrl-U")
            pane.type("show 2 and more words")
            pane.press("C-a", "Right", "Right", "Right", "Right", "Right", "Right", "C-k", "Enter")
            script.waitFor("Ctrl-A, Right and Ctrl-K") { $0.contains { $0.hasPrefix("2  Call mum") } }
            script.waitForPrompt("show 2")
            pane.type("xxlist --all")
            pane.press("C-a", "DC", "C-f", "C-b", "C-d", "C-e", "Enter")
            script.waitFor("Delete, Ctrl-F, Ctrl-B, Ctrl-D and Ctrl-E") { $0.contains { $0.hasPrefix("1 [x]") } }
            script.run("quit")
            script.expectTerminalRestored("quit")
        }
        ShellPaneScript.expectAll(checks)
        let todos = await stored()
        #expect(todos.map(\.title) == ["Buy milk", "Call mum", "Water plants"], "\(todos)")
        #expect(todos.map(\.isDone) == [true, false, false])
    }

    @Test func theHistoryGoesBackAndIsKeptForTheNextSession() async throws {
        let path = historyPath
        let checks = await ShellPaneScript.run(in: todo) { script in
            let pane = script.pane
            script.start()
            script.run("add one")
            script.waitFor("the first line runs", "Added 1: one")
            script.run("stats --json")
            script.waitFor("the second line runs", "\"pending\":1")
            pane.press("Up", "Up")
            script.waitForLastLine("Up twice: the first line", "todo> add one")
            pane.press("Down")
            script.waitForLastLine("Down: the second line", "todo> stats --json")
            pane.press("Down")
            script.waitForLastLine("Down: the empty line being typed", "todo>")
            pane.press("C-d")
            script.expectTerminalRestored("Ctrl-D")
            let saved = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "none"
            script.check(
                "the history file after the first session: \(saved.debugDescription)",
                saved == "add one\nstats --json\n")
            script.start()
            pane.press("Up")
            script.waitForLastLine("the next session: Up", "todo> stats --json")
            pane.press("Up", "Enter")
            script.waitFor("the next session runs a line of the first", "Added 2: one")
            script.run("quit")
            script.expectTerminalRestored("quit")
        }
        ShellPaneScript.expectAll(checks)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "add one\nstats --json\nadd one\nquit\n")
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600, "readable by its owner only")
        #expect(await stored().map(\.title) == ["one", "one"])
    }

    @Test func aHistoryThatCannotBeKeptIsReportedOnceAndTheShellGoesOn() async throws {
        let blocker = todo.folder + "/not-a-folder"
        try "".write(toFile: blocker, atomically: false, encoding: .utf8)
        let checks = await ShellPaneScript.run(in: todo, environment: ["XDG_DATA_HOME": blocker]) { script in
            script.start()
            script.run("add a")
            script.waitFor("the line runs", "Added 1: a")
            script.run("add b")
            let screen = script.waitFor("the next line runs", "Added 2: b")
            let text = screen.joined()  // the warning wraps
            script.check(
                "one warning, naming the file",
                text.components(separatedBy: "Warning: the history cannot be read").count == 2
                    && text.contains(blocker + "/todo/shell-history"), screen: screen)
            script.pane.press("Up")
            script.waitForLastLine("the session's own history still works", "todo> add b")
            script.pane.press("C-u")
            script.run("quit")
            script.expectTerminalRestored("quit")
        }
        ShellPaneScript.expectAll(checks)
    }

    @Test func ctrlCClearsTheLineAndCtrlDOnAnEmptyLineEndsTheShell() async {
        let checks = await ShellPaneScript.run(in: todo) { script in
            let pane = script.pane
            script.start()
            pane.type("add never")
            script.waitForLastLine("typed", "todo> add never")
            pane.press("C-c")
            script.waitForLastLine("Ctrl-C: an empty line", "todo>")
            script.run("add kept")
            script.waitFor("the next line runs", "Added 1: kept")
            pane.type("x")
            pane.press("BSpace", "C-d")
            script.expectTerminalRestored("Ctrl-D")
        }
        ShellPaneScript.expectAll(checks)
        #expect(await stored().map(\.title) == ["kept"])
    }

    @Test func ctrlZSuspendsAndFgBringsTheLineBack() async {
        let checks = await ShellPaneScript.run(in: todo) { script in
            let pane = script.pane
            script.start()
            pane.type("add susp")
            script.waitForLastLine("typed", "todo> add susp")
            pane.press("C-z")
            script.waitFor("stopped", "Stopped")
            script.expectTerminalRestored("Ctrl-Z")
            script.run("fg")
            script.waitForLastLine("fg: the line drawn again", "todo> add susp")
            pane.type("ended")
            pane.press("Enter")
            script.waitFor("the line goes on", "Added 1: suspended")
            script.run("quit")
            script.expectTerminalRestored("quit")
        }
        ShellPaneScript.expectAll(checks)
    }

    @Test func aChangeMadeElsewhereShowsItsCountsAndThePartialLineAgain() async {
        let sandbox = todo
        let checks = await ShellPaneScript.run(in: todo) { script in
            let pane = script.pane
            script.start()
            script.run("add first")
            script.waitFor("the shell's own change", "1 pending, 0 done")
            pane.type("add part")
            pane.press("Left", "Left", "Right", "Right")
            script.waitForLastLine("a partial line", "todo> add part")
            sandbox.run("add from elsewhere")
            script.waitFor("the counts above the prompt, the partial line below them") { screen in
                guard let counts = screen.lastIndex(where: { $0.hasPrefix("2 pending, 0 done") }) else { return false }
                return screen[(counts + 1)...].first(where: { !$0.isEmpty }) == "todo> add part"
            }
            pane.type("ial")
            pane.press("Enter")
            script.waitFor("the line goes on where it was", "Added 3: partial")
            script.run("quit")
            script.expectTerminalRestored("quit")
        }
        ShellPaneScript.expectAll(checks)
        #expect(await stored().map(\.title) == ["first", "from elsewhere", "partial"])
    }

    @Test func wideCombiningAndLongLinesStayOnOneRowWithTheCursorInPlace() async {
        let title = "日本語のタイトル cafe\u{301} and a long tail that scrolls"
        let checks = await ShellPaneScript.run(in: todo, columns: 30) { script in
            let pane = script.pane
            script.start("shell", banner: nil)
            pane.type("add " + title)
            let end = script.waitFor("the end of the line shown") {
                $0.last(where: { !$0.isEmpty })?.hasSuffix("tail that scrolls") == true
            }
            let row = end.last(where: { !$0.isEmpty }) ?? ""
            script.check("one row, the last column free: \(row)", row.hasPrefix("todo> ") && displayWidth(row) <= 29)
            script.check("the cursor after the text", pane.display("#{cursor_x}") == "\(displayWidth(row))")
            pane.press("Home")
            let start = script.waitFor("Home shows the start") {
                $0.last(where: { !$0.isEmpty })?.hasPrefix("todo> add 日本語のタイ") == true
            }
            script.check("the cursor after the prompt", pane.display("#{cursor_x}") == "6", screen: start)
            pane.press("Right", "Right", "Right", "Right", "Right")  // "add " and a wide character
            let moved = pane.waitFor(format: "#{cursor_x}", toBe: "12", timeout: ShellPaneScript.timeout)
            script.check("Right past a wide character moves two columns", moved)
            pane.press("End", "Enter")
            script.waitFor("the line runs", "Added 1: 日本語")
            script.run("quit")
            script.expectTerminalRestored("quit")
        }
        ShellPaneScript.expectAll(checks)
        #expect(await stored().map(\.title) == [title])
    }

    @Test func aSignalWhileALineIsEditedGivesTheTerminalBack() async {
        let checks = await ShellPaneScript.run(in: todo) { script in
            for (name, signal) in [("SIGTERM", SIGTERM), ("SIGINT", SIGINT), ("SIGSEGV", SIGSEGV)] {
                script.start()
                script.pane.type("add never")
                script.waitForLastLine("\(name): typed", "todo> add never")
                guard let pid = script.pane.todoPID else {
                    script.check("\(name): the pid of todo", false)
                    return
                }
                kill(pid, signal)
                script.expectTerminalRestored(name)
            }
        }
        ShellPaneScript.expectAll(checks)
        #expect(await stored().isEmpty)
    }
}
