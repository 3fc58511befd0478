import Foundation
import Testing

/// What the user typed, echoed back in a message (an unknown command, an option, a bad value, a
/// path), never reaches the terminal raw: control characters are shown as `�`, as in the
/// listing (issue 17: `todo $'li\e[2Jst'` cleared the screen).
@Suite struct ErrorTextEndToEndTests {
    let todo = TodoSandbox()

    /// Whether `text` holds a C0 control other than a line break, DEL or a C1 control.
    func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    @Test func anUnknownCommandIsEchoedSafely() async {
        let result = await todo.run(["li\u{1B}[2Jst"])
        #expect(result.status == 64)
        #expect(!hasControl(result.stderr), "\(result.stderr.debugDescription)")
        #expect(
            result.stderr.hasPrefix("Error: unknown command 'li\u{FFFD}[2Jst'"), "\(result.stderr.debugDescription)")
    }

    @Test func aLineBreakInAnEchoedWordIsASpaceAsInTheListing() async {
        let result = await todo.run(["lis\nt\u{9B}2J"])
        #expect(result.status == 64)
        #expect(!hasControl(result.stderr), "\(result.stderr.debugDescription)")
        #expect(
            result.stderr.hasPrefix("Error: unknown command 'lis t\u{FFFD}2J'\n"), "\(result.stderr.debugDescription)")
    }

    @Test func optionsValuesAndSuggestionsAreEchoedSafely() async {
        let cases: [([String], String)] = [
            (["list", "--so\u{07}rt", "due"], "unknown option '--so\u{FFFD}rt'"),
            (["list", "--sort", "du\u{1B}e"], "'du\u{FFFD}e' is not a valid value for '--sort <order>'"),
            (["show", "1\u{1B}[31m"], "'1\u{FFFD}[31m' is not a todo id"),
            (["add", "x", "--due", "\u{1B}]0;pwned\u{07}"], "\u{FFFD}]0;pwned\u{FFFD}"),
            (["add", "x", "--priority", "hi\u{1B}gh"], "hi\u{FFFD}gh"),
            (["help", "lis\u{1B}t"], "unknown command 'lis\u{FFFD}t'"),
            (["--fi\u{1B}le", "x", "list"], "unknown option '--fi\u{FFFD}le'"),
        ]
        for (arguments, expected) in cases {
            let result = await todo.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result)")
            #expect(!hasControl(result.stderr), "\(arguments): \(result.stderr.debugDescription)")
            #expect(result.stderr.contains(expected), "\(arguments): \(result.stderr.debugDescription)")
        }
    }

    @Test func failuresNamingAPathShowItSafely() async {
        let missing = todo.folder + "/no\u{1B}[2Jsuch.txt"
        let result = await todo.run(["import", missing])
        #expect(result.status == 74, "\(result)")
        #expect(!hasControl(result.stderr), "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("no\u{FFFD}[2Jsuch.txt"), "\(result.stderr.debugDescription)")
        let exported = await todo.run(["export", "--output", todo.folder + "/out\u{1B}[2J.json"])
        #expect(exported.status == 0, "\(exported)")
        #expect(!hasControl(exported.stdout), "\(exported.stdout.debugDescription)")
        #expect(exported.stdout.contains("out\u{FFFD}[2J.json"), "\(exported.stdout.debugDescription)")
    }

    @Test func insideTheShellTooAnUnknownCommandIsEchoedSafely() async {
        let result = await todo.run(["shell"], input: "li\u{1B}[2Jst\n'ad\u{07}d' x\nlist --sort 'd\u{1B}ue'\n")
        #expect(result.status == 0, "\(result)")
        #expect(!hasControl(result.stderr), "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("unknown command 'li\u{FFFD}[2Jst'"), "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("unknown command 'ad\u{FFFD}d'"), "\(result.stderr.debugDescription)")
        #expect(result.stderr.contains("'d\u{FFFD}ue' is not a valid value"), "\(result.stderr.debugDescription)")
    }
}
