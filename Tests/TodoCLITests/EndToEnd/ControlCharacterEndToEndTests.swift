import Foundation
import TestSupport
import Testing

/// Control characters in titles, notes and tags (an imported title with an escape sequence)
/// never reach the terminal raw: the human-readable output shows them as `�`; `--json` and
/// exports keep them exact.
@Suite struct ControlCharacterEndToEndTests {
    let todo = TodoSandbox()
    /// A title with ESC (C0), DEL, CSI (C1), BEL, a tab and a line break.
    let title = "esc\u{1B}[31mred\u{7F}x\u{9B}2J\u{07}\tend\nnext"
    /// What the one-line outputs show of it.
    let shown = "esc\u{FFFD}[31mred\u{FFFD}x\u{FFFD}2J\u{FFFD} end next"

    /// Whether `text` holds a C0 control other than a line break, DEL or a C1 control.
    func hasControl(_ text: String, allowingTabs: Bool = false) -> Bool {
        text.unicodeScalars.contains {
            ($0.value < 0x20 && $0 != "\n" && !(allowingTabs && $0 == "\t")) || (0x7F...0x9F).contains($0.value)
        }
    }

    @Test func theHumanReadableOutputShowsControlCharactersAsReplacementCharacters() async throws {
        let added = await todo.run(["add", title, "--note", "one\u{1B}]0;pwned\u{07}\r\n\ttwo\u{85}three"])
        #expect(added.status == 0, "\(added)")
        #expect(added.stdout == "Added 1: \(shown)\n")
        let listing = await todo.run("ls")
        #expect(listing.stdout == "1 [ ] \(shown)\n", "\(listing)")
        let detail = await todo.run("show 1")
        #expect(!hasControl(detail.stdout, allowingTabs: true), "\(detail.stdout.debugDescription)")
        #expect(detail.stdout.hasPrefix("1  \(shown)\n"), "\(detail.stdout.debugDescription)")
        #expect(
            detail.stdout.contains("\n   one\u{FFFD}]0;pwned\u{FFFD}\n   \ttwo\n   three\n"),
            "\(detail.stdout.debugDescription)")
        let done = await todo.run("done 1")
        #expect(done.stdout == "Completed 1: \(shown)\n")
        let shell = await todo.run(["shell"], input: "ls --all\nundone 1\n")
        #expect(!hasControl(shell.stdout), "\(shell.stdout.debugDescription)")
        #expect(shell.stdout.contains("Reopened 1: \(shown)\n"), "\(shell.stdout.debugDescription)")
    }

    @Test func importedTagsAreShownSafelyToo() async throws {
        let file = todo.folder + "/tagged.txt"
        try "Call +wo\u{1B}[2Jrk\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(await todo.run(["import", file, "-q"]).status == 0)
        let listing = await todo.run("ls")
        #expect(!hasControl(listing.stdout), "\(listing.stdout.debugDescription)")
        let detail = await todo.run("show 1")
        #expect(!hasControl(detail.stdout), "\(detail.stdout.debugDescription)")
    }

    @Test func jsonAndExportsKeepTheTextExact() async throws {
        await todo.run(["add", title])
        let json = await todo.run("--json show 1")
        let object = try #require(json.json as? [String: Any])
        #expect(object["title"] as? String == title)
        #expect(json.stdout.contains(#"\u001b"#), "\(json.stdout)")
        let exported = await todo.run("export")
        #expect(exported.stdout.contains(#"\u001b[31mred"#), "\(exported.stdout)")
    }
}
