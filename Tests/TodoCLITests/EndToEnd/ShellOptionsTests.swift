import Foundation
import TestSupport
import Testing

/// `todo shell --quiet` and `todo shell --json` (or `todo --quiet shell`…): every line runs as if
/// it had the option; the banner and the counts are left out; with `--json` standard output is
/// one line of JSON per result.
@Suite struct ShellOptionsTests {
    let todo = TodoSandbox()

    /// A session doing a bit of everything, with one line that fails.
    let session = """
        add a
        add b --tag x --due 2030-01-08
        list
        stats
        done 1
        frob
        list --all
        export
        undo
        show 1
        rm 2
        quit
        """

    @Test(arguments: [["shell", "--json"], ["--json", "shell"]])
    func withJSONStandardOutputIsOneLineOfJSONPerResult(arguments: [String]) async throws {
        let result = await todo.run(arguments, input: session + "\n")
        #expect(result.status == 0, "\(result)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(result.stdout.hasSuffix("\n"))
        #expect(lines.count == 10, "one line per result:\n\(result.stdout)")
        for line in lines {
            let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8))
            #expect(parsed != nil, "not JSON: \(line)")
        }
        let list = try #require(lines.count > 2 ? lines[2] : nil)
        #expect((try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [Any])?.count == 2)
        #expect(!result.stdout.contains("pending,"), "no counts")
        #expect(result.stderr.contains("unknown command 'frob'"), "errors still on standard error")
    }

    @Test func withJSONAChangeMadeElsewhereAddsNothingToStandardOutput() async throws {
        let input = ChildPipe()
        let output = ChildPipe()
        let process = try todo.start(["shell", "--json"], input: input, output: output)
        input.write(Data("add first\n".utf8))
        let first = await onOwnThread { output.readSome() }
        await todo.run("add from elsewhere")
        input.write(Data("stats\nquit\n".utf8))
        input.closeWriteEnd()
        let rest = await onOwnThread { output.readToEnd() }
        await onOwnThread { process.waitUntilExit() }
        let text = String(decoding: first + rest, as: UTF8.self)
        #expect(process.terminationStatus == 0)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2, "\(text)")
        #expect(lines.last?.hasPrefix("{\"pending\":2,") == true, "\(text)")
    }

    @Test(arguments: [["shell", "--quiet"], ["--quiet", "shell"], ["-q", "shell"]])
    func quietPrintsNothingButErrors(arguments: [String]) async {
        // Without `export`, whose document is printed whatever the options, as `todo -q export` does.
        let result = await todo.run(arguments, input: session.replacingOccurrences(of: "export\n", with: "") + "\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout == "", "no messages, no results, no counts: \(result.stdout)")
        #expect(result.stderr.contains("unknown command 'frob'"), "\(result)")
        let stored = await todo.run("list --all --json").json as? [[String: Any]]
        #expect(stored?.map { $0["title"] as? String } == ["a"], "the lines ran: \(stored ?? [])")
    }

    @Test func aLinesOwnOptionsStillApply() async {
        let result = await todo.run(["shell"], input: "add a --quiet\nlist --json\n")
        #expect(result.status == 0, "\(result)")
        #expect(!result.stdout.contains("Added"), "\(result.stdout)")
        #expect(result.stdout.contains("\"title\":\"a\""), "\(result.stdout)")
    }

    @Test func aSessionFromAPipeKeepsNoHistory() async {
        let result = await todo.run(["shell"], input: "add a\nlist\n")
        #expect(result.status == 0, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: todo.folder + "/xdg/todo/shell-history"))
    }

    @Test(.enabled(if: TmuxPane.testsRun, "tmux is not installed: skipped (.ci/run installs it; CI=true fails)"))
    func quietOnATerminalShowsNoBannerNoCountsNoMessages() async {
        let checks = await ShellPaneScript.run(in: todo) { script in
            script.start("shell --quiet", banner: nil)
            script.run("add a")
            script.run("frob")
            let screen = script.waitFor("the error of the line after", "unknown command 'frob'")
            script.check("no banner", !screen.contains { $0.contains("Type a command") }, screen: screen)
            script.check("no message", !screen.contains { $0.contains("Added") }, screen: screen)
            script.check("no counts", !screen.contains { $0.contains("pending") }, screen: screen)
            script.run("quit")
            script.expectTerminalRestored("quit")
        }
        ShellPaneScript.expectAll(checks)
    }

    @Test(.enabled(if: TmuxPane.testsRun, "tmux is not installed: skipped (.ci/run installs it; CI=true fails)"))
    func jsonOnATerminalKeepsStandardOutputForTheResults() async throws {
        let file = todo.folder + "/results.jsonl"
        let sandbox = todo
        let checks = await ShellPaneScript.run(in: todo) { script in
            let pane = script.pane
            script.start("shell --json > \(file)", banner: nil)
            script.run("add a")
            sandbox.run("add from elsewhere")
            pane.type("stats")
            pane.press("Left", "Right")  // the line is edited on standard error's terminal
            pane.press("Enter")
            pane.press("Up", "Up", "Enter")  // "add a" again, from the history
            script.run("frob")
            let screen = script.waitFor("the error of the last line", "unknown command 'frob'")
            script.check("no banner", !screen.contains { $0.contains("Type a command") }, screen: screen)
            script.check("no counts", !screen.contains { $0.contains("pending") }, screen: screen)
            script.check("the prompts", screen.filter { $0.hasPrefix("todo> ") }.count == 4, screen: screen)
            script.run("quit")
            script.expectTerminalRestored("quit")
        }
        ShellPaneScript.expectAll(checks)
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4 && lines.last == "", "\(lines)")
        for line in lines.dropLast() {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "not JSON: \(line)")
        }
        #expect(lines.count > 1 && lines[1].hasPrefix("{\"pending\":2,"), "\(lines)")
    }
}
