import Testing

@testable import todo_cli

/// Styled lines cut, padded and overlaid by terminal columns.
@Suite struct ScreenLineTests {
    @Test func fittingPadsOrCutsToTheWidth() {
        #expect(ScreenLine("abc").fitted(to: 5).text == "abc  ")
        #expect(ScreenLine("abcdef").fitted(to: 4).text == "abc…")
        #expect(ScreenLine("日本語").fitted(to: 4).text == "日… ")  // no room for half a 本
        #expect(ScreenLine("日本語").fitted(to: 5).text == "日本…")
        #expect(ScreenLine("Cafe\u{301} 🎉 x").fitted(to: 9).text == "Cafe\u{301} 🎉 x")
        #expect(ScreenLine("Cafe\u{301} 🎉 x").fitted(to: 7).text == "Café … ")
        for width in 1...12 {
            #expect(ScreenLine("Cafe\u{301} 日本 🎉 x").fitted(to: width).width == width)
        }
    }

    @Test func controlCharactersNeverReachTheTerminal() {
        let line = ScreenLine("evil\u{1B}[2J\ttitle\nnext\u{7F}\u{9B}")
        #expect(line.text == "evil\u{FFFD}[2J title↵next\u{FFFD}\u{FFFD}")
    }

    @Test func overlayReplacesTheColumnsUnderIt() {
        let base = ScreenLine("0123456789")
        #expect(base.overlaid(with: ScreenLine("ab"), at: 3).text == "012ab56789")
        let wide = ScreenLine("日本語です")
        #expect(wide.overlaid(with: ScreenLine("ab"), at: 3).text == "日 ab です")
        #expect(ScreenLine("ab").overlaid(with: ScreenLine("xy"), at: 4).text == "ab  xy")
    }

    @Test func stylesBecomeEscapesOnlyWhenColourIsOn() {
        var line = ScreenLine("plain ")
        line.append("red", .red, .bold)
        #expect(String(decoding: line.bytes(style: Style(isEnabled: false)), as: UTF8.self) == "plain red")
        #expect(
            String(decoding: line.bytes(style: Style(isEnabled: true)), as: UTF8.self)
                == "plain \u{1B}[31;1mred\u{1B}[0m")
        #expect(line.adding(.reverse).spans.map(\.codes) == [[.reverse], [.red, .bold, .reverse]])
    }
}
