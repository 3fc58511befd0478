import Foundation
import TestSupport
import Testing

/// `todo ui` for real, in a tmux pane: keys typed, the pane read, the store checked with
/// `todo list --json`; the terminal given back after `q`, Ctrl-C, SIGTERM and a crash signal.
/// Each wait is for what the pane shows, up to ``Patience/limit``, so that a loaded machine or a
/// sanitizer build slows the tests down without failing them.
@Suite(
    .serialized,
    .enabled(
        if: TmuxPane.testsRun,
        "tmux is not installed: the end-to-end tests of todo ui are skipped (.ci/run installs it)")
)
struct UIEndToEndTests {
    let todo = TodoSandbox()

    /// Every todo in the store, as `todo list --all --json` prints them.
    func stored() -> [[String: Any]] {
        todo.run("list --all --json").json as? [[String: Any]] ?? []
    }

    func storedTodo(_ id: Int) -> [String: Any]? {
        stored().first { $0["id"] as? Int == id }
    }

    /// Starts `todo ui` in a new pane and waits for its first screen.
    func startUI(
        columns: Int = 80, rows: Int = 24, environment: [String: String] = [:], arguments: String = "ui",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> TmuxPane {
        let pane = try TmuxPane(sandbox: todo, columns: columns, rows: rows, environment: environment)
        pane.startTodo(arguments)
        let started = pane.waitFor(" todo  all · by position")
        try #require(started.seen, "todo ui did not start: \(started.screen)", sourceLocation: sourceLocation)
        #expect(pane.display("#{alternate_on}") == "1", "the alternate screen", sourceLocation: sourceLocation)
        return pane
    }

    /// Checks that the pane is back at the shell, on the normal screen, with the cursor shown
    /// and the terminal's settings as they were (`echo`, `icanon`, `isig` on).
    func expectTerminalRestored(_ pane: TmuxPane, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            pane.waitFor(format: "#{pane_current_command}", toBe: "sh"), "back at the shell",
            sourceLocation: sourceLocation)
        #expect(pane.display("#{alternate_on}") == "0", "the normal screen", sourceLocation: sourceLocation)
        #expect(pane.display("#{cursor_flag}") == "1", "the cursor shown", sourceLocation: sourceLocation)
        pane.type("clear; stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo -e icanon -e -icanon -e isig -e -isig")
        pane.press("Enter")
        let settings = pane.waitFor { screen in screen.contains("icanon") || screen.contains("-icanon") }
        let words = Set(settings.screen.map { $0.trimmingCharacters(in: .whitespaces) })
        #expect(
            words.isSuperset(of: ["echo", "icanon", "isig"]) && words.isDisjoint(with: ["-echo", "-icanon", "-isig"]),
            "stty -a after todo ui: \(settings.screen)", sourceLocation: sourceLocation)
    }

    @Test func addEditToggleSearchDeleteUndoAndQuit() throws {
        let pane = try startUI()
        #expect(pane.waitFor("No todos yet. Press a to add one.").seen)

        // add, every field through the form
        pane.press("a")
        #expect(pane.waitFor(" New todo").seen)
        pane.type("Buy milk")
        pane.press("Tab", "Tab", "h", "Tab")
        pane.type("tomorrow")
        pane.press("Tab")
        pane.type("shop")
        pane.press("Enter")
        #expect(pane.waitFor("Added 1: Buy milk").seen)
        let milk = storedTodo(1)
        #expect(milk?["title"] as? String == "Buy milk")
        #expect(milk?["priority"] as? String == "high")
        #expect(milk?["tags"] as? [String] == ["shop"])
        #expect(milk?["due"] is String)
        pane.press("a")
        pane.type("Call mum")
        pane.press("Enter")
        #expect(pane.waitFor("Added 2: Call mum").seen)
        #expect(pane.waitFor { $0.contains { $0.hasPrefix(">2 [ ]") } }.seen, "the new todo is selected")

        // edit
        pane.press("e")
        #expect(pane.waitFor(" Edit 2: Call mum").seen)
        pane.press("C-u")
        pane.type("Call mum and dad")
        pane.press("Enter")
        #expect(pane.waitFor("Saved 2: Call mum and dad").seen)
        #expect(storedTodo(2)?["title"] as? String == "Call mum and dad")

        // toggle
        pane.press("Space")
        #expect(pane.waitFor("Completed 2: Call mum and dad").seen)
        #expect(storedTodo(2)?["isDone"] as? Bool == true)
        #expect(pane.waitFor(" Done (1)").seen)

        // search, live, then cleared
        pane.press("/")
        pane.type("milk")
        let searched = pane.waitFor { $0.first?.contains("/milk") == true && !$0.contains { $0.contains("Call mum") } }
        #expect(searched.seen, "\(searched.screen)")
        #expect(searched.screen.contains { $0.contains("1 [ ] high") && $0.contains("Buy milk") })
        pane.press("Enter")
        pane.press("Escape")
        let cleared = pane.waitFor { $0.first?.contains("/milk") == false && $0.contains { $0.contains("Call mum") } }
        #expect(cleared.seen, "\(cleared.screen)")

        // delete, asked first: declined, then confirmed
        pane.press("g", "d")
        #expect(pane.waitFor("Delete \"Buy milk\"?").seen)
        pane.press("n")
        #expect(pane.waitFor("Nothing was deleted.").seen)
        #expect(stored().count == 2)
        pane.press("d")
        #expect(pane.waitFor("Delete \"Buy milk\"?").seen)
        pane.press("y")
        #expect(pane.waitFor("Deleted 1: Buy milk (u undoes)").seen)
        #expect(storedTodo(1) == nil)

        // undo
        pane.press("u")
        #expect(pane.waitFor("Undid deleting 1: Buy milk").seen)
        #expect(storedTodo(1)?["title"] as? String == "Buy milk")

        // quit
        pane.press("q")
        expectTerminalRestored(pane)
        #expect(stored().count == 2)
    }

    @Test func cancellingAChangedFormAsksLeaveOrStay() throws {
        let pane = try startUI()
        pane.press("a")
        pane.type("Half typed")
        pane.press("Escape")
        #expect(pane.waitFor("Really cancel?").seen)
        #expect(pane.waitFor("All changes will be lost").seen)
        pane.press("n")
        #expect(
            pane.waitFor {
                !$0.contains { $0.contains("Really cancel?") } && $0.contains { $0.contains(">Title     Half typed") }
            }.seen)
        pane.press("Escape")
        #expect(pane.waitFor("Really cancel?").seen)
        pane.press("y")
        #expect(pane.waitFor("No todos yet.").seen)
        #expect(stored().isEmpty)
        pane.press("C-c")
        expectTerminalRestored(pane)
    }

    @Test func theContextTheFilterLanguageAndTheViews() throws {
        todo.writeConfig("context.home = project:Home\ncontext = home\n")
        todo.run("add Fix the tap project:Home +diy")
        todo.run("add Plant bulbs project:Home.Garden")
        todo.run("add Write slides project:Work")
        let pane = try startUI()
        let narrowed = pane.waitFor { screen in
            screen.contains { $0.contains("context: home") } && screen.contains { $0.contains("Plant bulbs") }
        }
        #expect(narrowed.seen, "\(narrowed.screen)")
        #expect(!narrowed.screen.contains { $0.contains("Write slides") })

        pane.press("/")
        pane.type("+diy")
        let filtered = pane.waitFor { screen in
            screen.first?.contains("/+diy") == true && !screen.contains { $0.contains("Plant bulbs") }
        }
        #expect(filtered.seen, "\(filtered.screen)")
        pane.press("Enter")

        pane.press("3")
        #expect(pane.waitFor("Garden").seen)
        pane.press("j", "Enter")
        let project = pane.waitFor { screen in
            screen.first?.contains("/project:Home.Garden") == true && !screen.contains { $0.contains("Fix the tap") }
        }
        #expect(project.seen, "\(project.screen)")

        pane.press("4")
        #expect(pane.waitFor(" todo  calendar").seen)
        pane.press("2")
        #expect(pane.waitFor(" todo  next · pending · by urgency").seen)
        pane.press("q")
        expectTerminalRestored(pane)
    }

    @Test func aTodoAddedByAnotherProcessAppearsWithinASecond() throws {
        todo.run(["add", "Already there"])
        let pane = try startUI()
        #expect(pane.waitFor("1 [ ] Already there").seen)
        // The yardstick of this machine, now: how long a key takes to show (tmux, todo ui,
        // the capture), the slower of opening and closing the help.
        let clock = ContinuousClock()
        var start = clock.now
        pane.press("?")
        #expect(pane.waitFor("┌─ Keys").seen)
        let opening = clock.now - start
        start = clock.now
        pane.press("Escape")
        #expect(pane.waitFor { !$0.contains { $0.contains("┌─ Keys") } }.seen)
        let key = max(opening, clock.now - start)
        let added = todo.run(["add", "Added from another terminal"])
        #expect(added.status == 0, "\(added)")
        start = clock.now
        let seen = pane.waitFor("2 [ ] Added from another terminal")
        let latency = clock.now - start
        print("todo ui showed a todo added by another process after \(latency) (a key: \(key))")
        #expect(seen.seen, "\(seen.screen)")
        // Within a second on an idle machine (the store is looked at every 250 ms), two
        // allowed; the bound grows with the time a key takes here (four keys' worth), measured
        // before and after, so that a machine slow then, or slow only now, is not a failure.
        start = clock.now
        pane.press("?")
        #expect(pane.waitFor("┌─ Keys").seen)
        let reopening = clock.now - start
        start = clock.now
        pane.press("Escape")
        #expect(pane.waitFor { !$0.contains { $0.contains("┌─ Keys") } }.seen)
        let keyAfter = max(reopening, clock.now - start)
        let bound = max(.seconds(2), max(key, keyAfter) * 4)
        #expect(latency < bound, "within \(bound) (a key took \(key), then \(keyAfter)): \(latency)")
        #expect(pane.waitFor(" 2 pending · 0 done").seen, "the counts too")
        pane.press("q")
        expectTerminalRestored(pane)
    }

    @Test(arguments: [("TERM", SIGTERM), ("SEGV", SIGSEGV), ("HUP", SIGHUP), ("ABRT", SIGABRT)])
    func theTerminalIsRestoredAfterASignal(name: String, signal: Int32) throws {
        todo.run(["add", "Something"])
        let pane = try startUI()
        let pid = try #require(pane.todoPID)
        #expect(kill(pid, signal) == 0)
        expectTerminalRestored(pane)
        #expect(kill(pid, 0) != 0, "the process ended with SIG\(name)")
    }

    @Test func resizingRedrawsAtFortyColumns() throws {
        todo.run(["add", "A title long enough to be cut at forty columns, and then some", "--tag", "work"])
        todo.run(["add", "日本語のタイトルはとても長いのでここで切られるべきです"])
        let pane = try startUI()
        pane.tmux(["resize-window", "-t", "0", "-x", "40", "-y", "20"])
        let narrow = pane.waitFor { screen in
            screen.count == 20 && screen.contains { $0.hasPrefix(" todo  all") }
                && screen.contains { $0.hasPrefix(" 2 pending · 0 done") && $0.hasSuffix("? help") }
        }
        #expect(narrow.seen, "\(narrow.screen)")
        for line in narrow.screen { #expect(displayWidth(line) <= 40, "\(line)") }
        #expect(narrow.screen.contains { $0.hasPrefix(">1 [ ] A title long") && $0.contains("…") })
        pane.press("j")
        #expect(pane.waitFor { $0.contains { $0.hasPrefix(">2 [ ] 日本語") } }.seen, "still usable")
        pane.tmux(["resize-window", "-t", "0", "-x", "100", "-y", "30"])
        #expect(
            pane.waitFor { $0.contains { $0.contains("│") && $0.contains("status     pending") } }.seen,
            "the detail beside")
        pane.press("q")
        expectTerminalRestored(pane)
    }

    @Test func coloursFollowNoColorAndTheOption() throws {
        todo.run(["add", "Late", "--due", "2000-01-01", "--priority", "high"])
        let coloured = try startUI()
        #expect(coloured.capture(withEscapes: true).joined().contains("\u{1B}["), "colours on a terminal")
        coloured.press("q")
        expectTerminalRestored(coloured)
        for (environment, arguments) in [(["NO_COLOR": "1"], "ui"), ([:], "ui --no-color")] {
            let plain = try startUI(environment: environment, arguments: arguments)
            let screen = plain.capture(withEscapes: true)
            #expect(!screen.joined().contains("\u{1B}["), "no colour with \(environment) \(arguments): \(screen)")
            #expect(screen.contains { $0.hasPrefix(">1 [ ] high 2000-01-01 Late") })
            plain.press("q")
            expectTerminalRestored(plain)
        }
    }

    @Test func theScreenForTheDocs() throws {
        todo.run([
            "add", "Buy milk", "--due", "tomorrow", "--priority", "high", "--tag", "shop", "--note",
            "Two litres, the organic one.",
        ])
        todo.run(["add", "Write the quarterly report", "--due", "+3d", "--tag", "work"])
        todo.run(["add", "Water plants", "--repeat", "weekly", "--due", "today"])
        todo.run(["add", "お茶を買う 🍵", "--priority", "low", "--tag", "shop"])
        todo.run(["add", "Call mum"])
        todo.run(["done", "5"])
        let pane = try startUI()
        let screen = pane.waitFor("4 pending · 1 done").screen
        #expect(screen.count == 24)
        #expect(screen[2].hasPrefix(">1 [ ] high"))
        #expect(screen.contains { $0.contains("お茶を買う 🍵") })
        #expect(screen.contains { $0.hasPrefix(" 1  Buy milk") })
        if let path = ProcessInfo.processInfo.environment["TODO_UI_CAPTURE"] {
            try (screen.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        pane.press("?")
        #expect(pane.waitFor("┌─ Keys").seen)
        pane.press("Escape")
        pane.press("q")
        expectTerminalRestored(pane)
    }
}

/// `todo ui` where there is no terminal.
@Suite struct UIRefusalEndToEndTests {
    let todo = TodoSandbox()

    @Test func refusesWithoutATerminal() {
        let result = todo.run(["ui"])
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "Error: todo ui needs a terminal, and standard input and output are not one; use todo list or todo shell in scripts\n"
        )
        #expect(todo.storeBytes == nil, "nothing written")
    }

    @Test func aDamagedStoreIsRefusedFirstWithItsExitCode() {
        todo.writeStore("{\"version\": 1, \"todos\": [")
        let before = todo.storeBytes
        let result = todo.run(["ui"])
        #expect(result.status == 65)
        #expect(result.stdout == "")
        #expect(result.stderr.contains("todos.json"), "names the file: \(result.stderr)")
        #expect(todo.storeBytes == before, "unchanged")
    }

    @Test func theHelpShowsTheKeys() {
        let result = todo.run(["ui", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("  space: mark done / not done\n"))
        #expect(result.stdout.contains("  d or Del: delete the todo (asks first)\n"))
    }
}
