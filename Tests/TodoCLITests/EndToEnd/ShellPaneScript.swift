import Foundation
import TestSupport
import Testing

/// A session with `todo shell` in a tmux pane, scripted on a thread of its own: keys typed, the
/// pane read, and what was looked for noted as ``Check``s, which the test expects afterwards on
/// its own task (`#expect` on another thread is not attributed to the test).
///
/// Every wait is a generous limit (300 s) that a loaded machine only gets closer to: nothing
/// depends on timing. Something that must *not* show is looked for after something that must,
/// and that comes later.
struct ShellPaneScript {
    /// One thing looked for: what, whether it was seen, and the pane's lines then.
    struct Check: Sendable {
        var what: String
        var passed: Bool
        var screen: [String]
    }

    /// How long a wait lasts at most.
    static let timeout: Double = 300

    let pane: TmuxPane
    private(set) var checks: [Check] = []

    /// Runs `body` with a new pane of `columns` × `rows` in `sandbox` (plus `environment`), on a
    /// thread of its own; returns the checks (a failed one when tmux did not start).
    static func run(
        in sandbox: TodoSandbox, columns: Int = 80, rows: Int = 24, environment: [String: String] = [:],
        _ body: @escaping @Sendable (inout ShellPaneScript) -> Void
    ) async -> [Check] {
        await onOwnThread {
            let pane: TmuxPane
            do {
                pane = try TmuxPane(sandbox: sandbox, columns: columns, rows: rows, environment: environment)
            } catch {
                return [Check(what: "tmux starts: \(error)", passed: false, screen: [])]
            }
            var script = ShellPaneScript(pane: pane)
            body(&script)
            return script.checks
        }
    }

    /// Expects every check to have passed.
    static func expectAll(_ checks: [Check], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!checks.isEmpty, sourceLocation: sourceLocation)
        for check in checks {
            #expect(
                check.passed, "\(check.what)\n\(check.screen.joined(separator: "\n"))", sourceLocation: sourceLocation)
        }
    }

    /// Starts `todo arguments` in the pane, and waits for its prompt (`banner`: a text to wait
    /// for first).
    mutating func start(_ arguments: String = "shell", banner: String? = "Type a command") {
        pane.startTodo(arguments)
        if let banner {
            waitFor("\(arguments) starts", banner)
        }
        waitFor("the prompt of \(arguments)") { $0.last(where: { !$0.isEmpty })?.hasPrefix("todo>") == true }
    }

    /// Waits until `condition` holds for the pane's lines; notes whether it did.
    @discardableResult
    mutating func waitFor(_ what: String, _ condition: ([String]) -> Bool) -> [String] {
        let result = pane.waitFor(timeout: ShellPaneScript.timeout, condition)
        checks.append(Check(what: what, passed: result.seen, screen: result.screen))
        return result.screen
    }

    /// Waits until some line contains `text`.
    @discardableResult
    mutating func waitFor(_ what: String, _ text: String) -> [String] {
        waitFor(what) { $0.contains { $0.contains(text) } }
    }

    /// Waits until the last line that is not empty is `line` (trailing spaces dropped).
    @discardableResult
    mutating func waitForLastLine(_ what: String, _ line: String) -> [String] {
        waitFor(what) { $0.last(where: { !$0.isEmpty }) == line }
    }

    /// Waits until the shell shows its prompt again, reading the next line: keys typed before
    /// that reach a terminal that is not yet in raw mode, whose line discipline takes some of
    /// them itself (Ctrl-D, Ctrl-U, Ctrl-W), as it would from a person typing ahead.
    mutating func waitForPrompt(_ what: String) {
        waitFor("the prompt after \(what)") {
            $0.last(where: { !$0.isEmpty })?.trimmingCharacters(in: .whitespaces) == "todo>"
        }
    }

    /// Notes a check made at once.
    mutating func check(_ what: String, _ passed: Bool, screen: [String]? = nil) {
        checks.append(Check(what: what, passed: passed, screen: screen ?? pane.capture()))
    }

    /// Types `text`, then presses Enter.
    func run(_ text: String) {
        pane.type(text)
        pane.press("Enter")
    }

    /// Waits until the pane is back at `sh` and checks that the terminal's settings are as they
    /// were (`echo`, `icanon`, `isig` on).
    mutating func expectTerminalRestored(_ what: String) {
        let back = pane.waitFor(format: "#{pane_current_command}", toBe: "sh", timeout: ShellPaneScript.timeout)
        check("\(what): back at the shell", back)
        pane.type("clear; stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo -e icanon -e -icanon -e isig -e -isig")
        pane.press("Enter")
        let screen = waitFor("\(what): stty answers") { $0.contains("icanon") || $0.contains("-icanon") }
        let words = Set(screen.map { $0.trimmingCharacters(in: .whitespaces) })
        check(
            "\(what): echo, icanon and isig are on again",
            words.isSuperset(of: ["echo", "icanon", "isig"]) && words.isDisjoint(with: ["-echo", "-icanon", "-isig"]),
            screen: screen)
        pane.type("clear")
        pane.press("Enter")
        waitFor("\(what): cleared") { !$0.contains { $0.contains("icanon") } }
    }
}
