import Foundation
import TestSupport
import Testing

/// `todo shell` shows the live counts when another process changes the store: on a terminal
/// while its prompt waits, in a pipe before the next line's output.
@Suite struct ShellLiveCountsTests {
    let todo = TodoSandbox()

    @Test(
        .enabled(if: TmuxPane.testsRun, "tmux is not installed: skipped (.ci/run installs it; CI=true fails)"))
    func aChangeMadeElsewhereShowsWhileThePromptWaits() async throws {
        // Blocking work on a thread of its own; the expectations on the test's own task.
        let outcome = await onOwnThread { [todo] () -> (started: [String]?, shown: [String]?, quit: Bool) in
            todo.run("add first")
            guard let pane = try? TmuxPane(sandbox: todo) else { return (nil, nil, false) }
            pane.startTodo("shell")
            let started = pane.waitFor("1 pending, 0 done. Type a command", timeout: 300)
            guard started.seen else { return (started.screen, nil, false) }
            todo.run("add from elsewhere")
            // Nothing typed: the counts appear on their own, and the prompt again below them.
            let shown = pane.waitFor(timeout: 300) { screen in
                guard let counts = screen.lastIndex(where: { $0.hasPrefix("2 pending, 0 done") }) else { return false }
                return screen[(counts + 1)...].contains { $0.hasPrefix("todo>") }
            }
            pane.type("quit")
            pane.press("Enter")
            let quit = pane.waitFor(timeout: 300) { screen in
                screen.lastIndex(of: "todo> quit").map { screen[($0 + 1)...].contains("$") } ?? false
            }
            return (started.screen, shown.seen ? nil : shown.screen, quit.seen)
        }
        let started = try #require(outcome.started, "tmux did not start")
        #expect(started.contains { $0.contains("1 pending, 0 done. Type a command") }, "\(started)")
        #expect(outcome.shown == nil, "the counts did not show while the prompt waited: \(outcome.shown ?? [])")
        #expect(outcome.quit, "quit did not end the shell")
    }

    @Test func inAPipeTheCountsOfAChangeMadeElsewhereComeBeforeTheNextLinesOutput() async throws {
        let input = ChildPipe()
        let output = ChildPipe()
        let process = try todo.start(["shell"], input: input, output: output)
        input.write(Data("add first\n".utf8))
        // The shell's own change first, all its output read.
        var text = await onOwnThread {
            var seen = ""
            while !seen.contains("1 pending, 0 done\n") {
                let some = output.readSome()
                if some.isEmpty { break }
                seen += String(decoding: some, as: UTF8.self)
            }
            return seen
        }
        await todo.run("add from elsewhere")
        input.write(Data("stats --json\nquit\n".utf8))
        input.closeWriteEnd()
        text += await onOwnThread { String(decoding: output.readToEnd(), as: UTF8.self) }
        await onOwnThread { process.waitUntilExit() }
        #expect(process.terminationStatus == 0)
        let counts = try #require(text.range(of: "2 pending, 0 done"), "\(text)")
        let stats = try #require(text.range(of: "\"pending\":2"), "\(text)")
        #expect(counts.lowerBound < stats.lowerBound, "\(text)")
    }
}
