import Testing

@testable import todo_cli

/// The line editor of form fields and prompts.
@Suite struct TextFieldTests {
    func edited(_ field: inout TextField, _ action: TextEditAction) -> Bool {
        field.apply(action)
    }

    @Test func typingInsertsAtTheCursor() {
        var field = TextField("Buy mlk")
        field.apply(.left)
        field.apply(.left)
        field.insert("i")
        #expect(field.text == "Buy milk")
        #expect(field.cursor == 6)
    }

    @Test func movingAndDeleting() {
        var field = TextField("one two three")
        #expect(edited(&field, .deleteWord))
        #expect(field.text == "one two ")
        field.apply(.home)
        #expect(field.cursor == 0)
        #expect(!edited(&field, .deleteBackward))
        #expect(edited(&field, .deleteForward))
        #expect(field.text == "ne two ")
        field.apply(.end)
        #expect(edited(&field, .deleteBackward))
        #expect(field.text == "ne two")
        field.apply(.left)
        field.apply(.left)
        field.apply(.left)
        #expect(edited(&field, .deleteToEnd))
        #expect(field.text == "ne ")
        #expect(edited(&field, .deleteToStart))
        #expect(field.text == "")
        #expect(!edited(&field, .deleteWord))
        field.apply(.right)
        #expect(field.cursor == 0)
    }

    @Test func aCombiningMarkJoinsTheLetterBeforeIt() {
        var field = TextField("Cafe")
        field.insert("\u{301}")
        #expect(field.text == "Café")
        #expect(field.characters.count == 4)
        field.apply(.deleteBackward)
        #expect(field.text == "Caf")
    }

    @Test func visibleTextScrollsToKeepTheCursorInView() {
        let field = TextField("abcdefghij")
        #expect(field.visible(width: 20) == ("abcdefghij", 10))
        #expect(field.visible(width: 5) == ("ghij", 4))  // the cursor at the end, after j
        var start = field
        start.apply(.home)
        #expect(start.visible(width: 5) == ("abcde", 0))
    }

    @Test func wideCharactersCountTwoColumns() {
        let field = TextField("日本語テキスト")
        #expect(field.visible(width: 20) == ("日本語テキスト", 14))
        #expect(field.visible(width: 7) == ("キスト", 6))
        var start = field
        start.apply(.home)
        #expect(start.visible(width: 7) == ("日本語", 0))
    }

    @Test func controlCharactersAreShownSafely() {
        let field = TextField("a\nb\u{1B}[2Jc")
        #expect(field.visible(width: 20).text == "a↵b\u{FFFD}[2Jc")
    }
}
