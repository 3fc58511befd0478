import Testing
import TodoCore
import TodoCoreTesting

@testable import todo_cli

/// The diff renderer: the first frame whole, then only the lines that changed.
@Suite struct ScreenDiffTests {
    let plain = Style(isEnabled: false)

    func frame(_ lines: [String], cursor: ScreenFrame.Position? = nil) -> ScreenFrame {
        ScreenFrame(lines: lines.map { ScreenLine($0) }, cursor: cursor)
    }

    func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    @Test func theFirstFrameIsDrawnWhole() {
        var diff = ScreenDiff()
        let output = text(diff.update(to: frame(["one", "two", "three"]), style: plain))
        #expect(
            output == "\u{1B}[0m\u{1B}[H\u{1B}[2J" + "\u{1B}[1;1H\u{1B}[2Kone" + "\u{1B}[2;1H\u{1B}[2Ktwo"
                + "\u{1B}[3;1H\u{1B}[2Kthree" + "\u{1B}[?25l")
    }

    @Test func onlyChangedLinesAreRewritten() {
        var diff = ScreenDiff()
        _ = diff.update(to: frame(["one", "two", "three"]), style: plain)
        let output = text(diff.update(to: frame(["one", "TWO", "three"]), style: plain))
        #expect(output == "\u{1B}[2;1H\u{1B}[2KTWO\u{1B}[?25l")
        #expect(diff.update(to: frame(["one", "TWO", "three"]), style: plain).isEmpty, "nothing changed")
    }

    @Test func aChangeOfStyleAloneRewritesTheLine() {
        var diff = ScreenDiff()
        _ = diff.update(to: frame(["one", "two"]), style: plain)
        let selected = ScreenFrame(lines: [ScreenLine("one", .reverse), ScreenLine("two")], cursor: nil)
        #expect(
            text(diff.update(to: selected, style: Style(isEnabled: true)))
                == "\u{1B}[1;1H\u{1B}[2K\u{1B}[7mone\u{1B}[0m\u{1B}[?25l")
    }

    @Test func afterInvalidatingOrResizingEverythingIsDrawn() {
        var diff = ScreenDiff()
        _ = diff.update(to: frame(["one", "two"]), style: plain)
        diff.invalidate()
        let again = text(diff.update(to: frame(["one", "two"]), style: plain))
        #expect(again.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        #expect(again.contains("one") && again.contains("two"))
        let taller = text(diff.update(to: frame(["one", "two", "three"]), style: plain))
        #expect(taller.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"), "a new number of rows is a resize")
        #expect(taller.contains("one"))
    }

    @Test func theCursorShowsWhereTextIsTyped() {
        var diff = ScreenDiff()
        _ = diff.update(to: frame(["a", "b"]), style: plain)
        let typing = text(diff.update(to: frame(["a", "b"], cursor: .init(row: 1, column: 4)), style: plain))
        #expect(typing == "\u{1B}[2;5H\u{1B}[?25h")
        let moved = text(diff.update(to: frame(["a", "bc"], cursor: .init(row: 1, column: 5)), style: plain))
        #expect(moved == "\u{1B}[2;1H\u{1B}[2Kbc\u{1B}[2;6H\u{1B}[?25h")
        #expect(text(diff.update(to: frame(["a", "bc"]), style: plain)) == "\u{1B}[?25l")
    }

    @Test func movingTheSelectionAmongAHundredThousandTodosRewritesThreeLines() {
        var diff = ScreenDiff()
        let todos = (1...100_000).map { Todo.fixture($0, "Todo \($0)") }
        var ui = UIState()
        let first = UIScreen(screenInput(todos, ui: ui)).render()
        _ = diff.update(to: first, style: plain)
        ui.selection = 1
        let second = UIScreen(screenInput(todos, ui: ui)).render()
        let output = text(diff.update(to: second, style: plain))
        #expect(
            output.components(separatedBy: "\u{1B}[2K").count - 1 == 3,
            "the row the mark left, the row it reached, the detail's title: \(output)")
    }
}
