import Foundation
import TestSupport
import Testing

@testable import todo_cli

/// `todo` on a pseudo-terminal (colour, width, prompts) and `todo shell` in a pipe.
@Suite struct TerminalEndToEndTests {
    let todo = TodoSandbox()

    /// Runs `todo arguments…` with standard input and output on a new pseudo-terminal of
    /// `columns` columns, typing `input` once the terminal shows `prompt` (at once when it is
    /// empty); returns what the terminal showed. Waiting for the prompt, not for a time: the
    /// answer is typed when the question is there, however slowly `todo` starts. Gives up (and
    /// kills `todo`) only after ``Patience/limit`` without an end.
    func runOnTerminal(
        _ arguments: [String], columns: UInt16 = 80, input: String = "", after prompt: String = "",
        environment extra: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (status: Int32, screen: String) {
        // posix_openpt and friends are not in Glibc's Swift module: do what they do on Linux.
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(master >= 0)
        var unlock: Int32 = 0
        _ = ioctl(master, 0x4004_5431, &unlock)  // TIOCSPTLCK
        var number: UInt32 = 0
        _ = ioctl(master, 0x8004_5430, &number)  // TIOCGPTN
        let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: TodoSandbox.binary)
        process.arguments = arguments
        process.environment = todo.environment.merging(extra) { $1 }
        process.standardInput = .descriptor(slave)
        process.standardOutput = .descriptor(slave)
        process.standardError = .descriptor(slave)
        try process.run()
        close(slave)
        var screen = Data()
        var typed = input.isEmpty
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + Patience.limit
        while true {
            if !typed && (prompt.isEmpty || String(decoding: screen, as: UTF8.self).contains(prompt)) {
                _ = input.withCString { write(master, $0, strlen($0)) }
                typed = true
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                kill(process.processIdentifier, SIGKILL)
                Issue.record(
                    "todo \(arguments) did not end (typed: \(typed)): \(String(decoding: screen, as: UTF8.self))",
                    sourceLocation: sourceLocation)
                break
            }
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(left / .milliseconds(1) + 1, 60_000)))
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { continue }
            let count = read(master, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }  // EIO once the child closed the terminal
            screen.append(contentsOf: buffer[0..<count])
        }
        process.waitUntilExit()
        close(master)
        return (process.terminationStatus, String(decoding: screen, as: UTF8.self))
    }

    @Test func colourOnATerminalUnlessNoColorOrTheOption() async throws {
        await todo.run(["add", "Late", "--due", "2000-01-01", "--priority", "high"])
        let coloured = try runOnTerminal(["list"])
        #expect(coloured.status == 0)
        #expect(coloured.screen.contains("\u{1B}[31;1m"), "overdue and high priority in red: \(coloured.screen)")
        let noColor = try runOnTerminal(["list"], environment: ["NO_COLOR": "1"])
        #expect(!noColor.screen.contains("\u{1B}["), "\(noColor.screen)")
        #expect(noColor.screen.contains("Late"))
        let option = try runOnTerminal(["list", "--no-color"])
        #expect(!option.screen.contains("\u{1B}["))
    }

    @Test func theListingFitsTheTerminalWidth() async throws {
        await todo.run(["add", String(repeating: "very long title ", count: 10), "--tag", "work"])
        await todo.run(["add", "日本語のタイトルはとても長いのでここで切られるべきです本当に長いタイトルです"])
        let narrow = try runOnTerminal(["list", "--no-color"], columns: 40)
        let lines = narrow.screen.components(separatedBy: .newlines)
        #expect(lines.filter { $0.contains("[ ]") }.count == 2)
        for line in lines where line.contains("[ ]") {
            #expect(line.contains("…"), "cut: \(line)")
            #expect(displayWidth(line) <= 40, "\(line) takes \(displayWidth(line)) columns")
        }
    }

    /// Issue 17: at 30 columns lines were 31 to 39 wide, at 40 tags were cut to `+w…`, and the
    /// summary counted the rows shown.
    @Test func noLineIsWiderThanANarrowTerminal() async throws {
        await todo.run(["add", "Late", "--due", "2000-01-01", "--priority", "high", "--tag", "work"])
        for index in 1...18 {
            await todo.run([
                "add", "Task \(index): prepare the 日本語 slides 🎉 for the quarterly review", "--due",
                "2030-01-0\(index % 9 + 1)",
                "--priority", "low", "--tag", "work", "--tag", "presentation", "--tag", "q4",
            ])
        }
        await todo.run("done 1")
        for columns: UInt16 in [20, 30, 40, 80] {
            for arguments in [
                ["list"], ["list", "--all", "--limit", "4"], ["show", "2"], ["stats"], ["list", "zebra"],
            ] {
                let shown = try runOnTerminal(arguments, columns: columns)
                #expect(shown.status == 0)
                for line in shown.screen.withoutEscapes.components(separatedBy: .newlines) {
                    #expect(DisplayWidth.of(line) <= Int(columns), "\(arguments) at \(columns): '\(line)'")
                    #expect(!line.contains("+w…") && !line.contains("+p…"), "a tag cut to nothing: \(line)")
                }
            }
        }
        let limited = try runOnTerminal(["list", "--limit", "4", "--no-color"]).screen
        #expect(limited.contains("showing 4 of 18 pending"), "\(limited)")
        let nothing = try runOnTerminal(["list", "zebra", "--no-color"]).screen
        #expect(nothing.contains("No pending todos match \"zebra\"."), "\(nothing)")
        let coloured = try runOnTerminal(["list", "--done"]).screen
        #expect(coloured.contains("\u{1B}[2m1 [x] high 2000-01-01 Late  +work\u{1B}[0m"), "dim, no red: \(coloured)")
    }

    /// Issue 17: at 30 columns `done 99` printed a 63-column error line; `stats` and `show` were
    /// wider than 19 and 12 columns.
    @Test func messagesOnATerminalAreWrappedToItsWidth() async throws {
        await todo.run(["add", "Buy milk with a long title", "--tag", "shop", "--note", "some note here"])
        for columns: UInt16 in [1, 5, 11, 18, 30] {
            for arguments in [
                ["done", "99"], ["add", "x", "--priority", "urgent"], ["frob"], ["stats"], ["show", "1"],
                ["list", "--sort", "-due"],
            ] {
                let shown = try runOnTerminal(arguments, columns: columns)
                for line in shown.screen.withoutEscapes.components(separatedBy: .newlines) {
                    #expect(DisplayWidth.of(line) <= Int(columns), "\(arguments) at \(columns): '\(line)'")
                }
            }
        }
        let error = try runOnTerminal(["done", "99"], columns: 30)
        #expect(error.status == 1)
        #expect(
            error.screen.withoutEscapes.components(separatedBy: .newlines).filter { !$0.isEmpty } == [
                "Error: todo 99 does not exist;", "run `todo list --all` to see", "ids",
            ], "\(error.screen)")
        // Off a terminal, a message stays whole on its line, for tools that read it.
        let piped = await todo.run(["done", "99"], environment: ["COLUMNS": "30"])
        #expect(piped.stderr == "Error: todo 99 does not exist; run `todo list --all` to see ids\n")
    }

    @Test func aPipeFitsColumnsOrEightyColumns() async throws {
        await todo.run([
            "add", String(repeating: "A very long title ", count: 8), "--tag", "work", "--due", "2030-01-08",
        ])
        await todo.run(["add", "短い", "--tag", "home", "--tag", String(repeating: "t", count: 90)])
        for (environment, columns) in [(["COLUMNS": "30"], 30), ([:], 80), (["COLUMNS": "20"], 20)] {
            for arguments in [["list"], ["show", "1"], ["done", "1"], ["undo"], ["stats"]] {
                let result = await todo.run(arguments, environment: environment)
                #expect(result.status == 0, "\(result)")
                for line in result.stdout.split(separator: "\n") {
                    #expect(DisplayWidth.of(line) <= columns, "\(arguments) \(environment): '\(line)'")
                }
            }
        }
        #expect(await todo.run(["list", "--json"]).stdout.contains(String(repeating: "A very long title ", count: 7)))
    }

    @Test func aConfirmationIsAskedOnATerminal() async throws {
        await todo.run("add a")
        await todo.run("add b")
        let declined = try runOnTerminal(["rm", "1", "2"], input: "n\n", after: "[y/N] ")
        #expect(declined.screen.contains("Delete 2 todos?"))
        #expect(declined.status == 1)
        #expect(await todo.run("list --json").json.map { ($0 as? [Any])?.count } == 2)
        let accepted = try runOnTerminal(["rm", "1", "2"], input: "y\n", after: "[y/N] ")
        #expect(accepted.status == 0, "\(accepted.screen)")
        #expect(accepted.screen.contains("Deleted 1: a"))
        #expect(await todo.run("list --json").stdout == "[]\n")
    }

    /// A filter that selects several todos lists them, then asks (issue 18).
    @Test func aBulkChangeByFilterListsTheTodosAndAsks() async throws {
        await todo.run(["add", "Buy milk", "+shop"])
        await todo.run(["add", "Buy bread", "+shop"])
        await todo.run(["add", "Call mum"])
        let declined = try runOnTerminal(["+shop", "done", "--no-color"], input: "n\n")
        #expect(declined.status == 1)
        let screen = declined.screen.replacingOccurrences(of: "\r\n", with: "\n")
        #expect(screen.contains("1 [ ] Buy milk  +shop\n2 [ ] Buy bread  +shop\nComplete 2 todos? [y/N] "), "\(screen)")
        #expect(screen.contains("Nothing was changed."))
        #expect(await todo.run(["list", "--json"]).json.map { ($0 as? [Any])?.count } == 3)
        let accepted = try runOnTerminal(["+shop", "done"], input: "y\n")
        #expect(accepted.status == 0, "\(accepted.screen)")
        #expect(accepted.screen.contains("Completed 1: Buy milk"))
        #expect(accepted.screen.contains("Completed 2: Buy bread"))
        #expect(await todo.run(["list", "--json"]).json.map { ($0 as? [Any])?.count } == 1)
    }

    @Test func theShellRunsLinesFromAPipeAndGoesOnAfterErrors() async {
        let script = """
            add "Buy milk" --tag shop
            add Call mum
            done 1
            frob
            show 42
            list --all
            stats --json
            quit
            add never runs
            """
        let result = await todo.run(["shell"], input: script + "\n")
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Added 1: Buy milk"))
        #expect(result.stdout.contains("1 pending, 0 done"))
        #expect(result.stdout.contains("Completed 1: Buy milk"))
        #expect(result.stdout.contains("1 pending, 1 done"))
        #expect(result.stderr.contains("unknown command 'frob'"))
        #expect(result.stderr.contains("todo 42 does not exist"))
        #expect(result.stdout.contains("\"pending\":1"))
        #expect(!result.stdout.contains("never runs"))
        #expect(await todo.run("list --all --json").json.map { ($0 as? [Any])?.count } == 2)
    }

    @Test func theShellSeesChangesFromAnotherProcess() async throws {
        let input = ChildPipe()
        let output = ChildPipe()
        let process = try todo.start(["shell"], input: input, output: output)
        input.write(Data("add first\n".utf8))
        // The shell's own change is done (its counts shown) before the other process writes;
        // then the next line sees the other's change (the shell looks at the store before each
        // line). Signals, not sleeps: each step waits for the one before, however slow.
        let first = await onOwnThread {
            output.readUntil { String(decoding: $0, as: UTF8.self).contains("1 pending, 0 done\n") }
        }
        #expect(first.complete, "\(String(decoding: first.data, as: UTF8.self))")
        #expect(await todo.run("add from elsewhere").status == 0)
        input.write(Data("list\nquit\n".utf8))
        input.closeWriteEnd()
        let rest = await onOwnThread { output.readToEnd() }
        let text = String(decoding: first.data + rest, as: UTF8.self)
        await onOwnThread { process.waitUntilExit() }
        #expect(process.terminationStatus == 0)
        #expect(text.contains("2 pending, 0 done"), "\(text)")
        #expect(text.contains("from elsewhere"))
    }

    @Test func theShellEndsAtTheEndOfItsInput() async {
        let result = await todo.run(["shell"], input: "")
        #expect(result.status == 0 && result.stderr == "")
    }
}

/// Columns on a terminal (wide East Asian characters count two).
func displayWidth(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { width, scalar in
        let value = scalar.value
        let wide =
            (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0x1F300...0x1F64F).contains(value)
        return width + (wide ? 2 : 1)
    }
}
