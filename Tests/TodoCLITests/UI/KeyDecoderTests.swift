import Testing

@testable import todo_cli

/// The key decoder: bytes to keys, for every sequence terminals send, UTF-8 text, and input
/// cut anywhere.
@Suite struct KeyDecoderTests {
    func keys(_ text: String, complete: Bool = true) -> [Key] {
        KeyDecoder.decode(Array(text.utf8), isComplete: complete).keys
    }

    func keys(_ bytes: [UInt8], complete: Bool = true) -> [Key] {
        KeyDecoder.decode(bytes, isComplete: complete).keys
    }

    @Test func printableASCIIIsText() {
        #expect(keys("jk G?/ ") == "jk G?/ ".map(Key.character))
    }

    @Test func controlKeys() {
        #expect(keys("\r") == [.enter])
        #expect(keys("\n") == [.enter])
        #expect(keys("\t") == [.tab])
        #expect(keys([0x7F]) == [.backspace])
        #expect(keys([0x08]) == [.backspace])
        #expect(keys([0x03]) == [.control("c")])
        #expect(keys([0x01]) == [.control("a")])
        #expect(keys([0x1A]) == [.control("z")])
        #expect(keys([0x0C]) == [.control("l")])
        #expect(keys([0x00]) == [.control("@")])
        #expect(keys([0x1C, 0x1D, 0x1E, 0x1F]) == [.control("\\"), .control("]"), .control("^"), .control("_")])
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OB", .down), ("\u{1B}OC", .right), ("\u{1B}OD", .left),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}OF", .end),
        ("\u{1B}[1~", .home), ("\u{1B}[7~", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter),
        ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)), ("\u{1B}OS", .function(4)),
        ("\u{1B}[11~", .function(1)), ("\u{1B}[15~", .function(5)), ("\u{1B}[17~", .function(6)),
        ("\u{1B}[21~", .function(10)), ("\u{1B}[23~", .function(11)), ("\u{1B}[24~", .function(12)),
        ("\u{1B}[[A", .function(1)), ("\u{1B}[[E", .function(5)),
        // with modifiers (Ctrl, Shift, Alt): the key itself
        ("\u{1B}[1;5A", .up), ("\u{1B}[1;2B", .down), ("\u{1B}[1;3C", .right), ("\u{1B}[5;5~", .pageUp),
        ("\u{1B}[1;2P", .function(1)),
        // CSI u (fixterms, kitty)
        ("\u{1B}[13u", .enter), ("\u{1B}[27u", .escape), ("\u{1B}[127u", .backspace), ("\u{1B}[9;2u", .backTab),
        ("\u{1B}[99;5u", .control("c")), ("\u{1B}[106u", .character("j")),
    ])
    func escapeSequences(sequence: String, key: Key) {
        #expect(keys(sequence) == [key], "\(Array(sequence.utf8))")
        #expect(keys("x" + sequence + "y") == [.character("x"), key, .character("y")])
    }

    @Test func unknownSequencesAreSkippedWhole() {
        #expect(keys("\u{1B}[200~abc\u{1B}[201~") == [.character("a"), .character("b"), .character("c")])
        #expect(keys("\u{1B}[99~j") == [.character("j")])
        #expect(keys("\u{1B}[?1;2cq") == [.character("q")])
        #expect(keys("\u{1B}[I\u{1B}[O") == [])  // focus in and out
    }

    @Test func escapeAloneIsEscOnlyWhenNothingFollows() {
        let partial = KeyDecoder.decode([0x1B], isComplete: false)
        #expect(partial.keys == [])
        #expect(partial.rest == [0x1B])
        #expect(keys([0x1B]) == [.escape])
        #expect(keys([0x1B, 0x1B]) == [.escape, .escape])
    }

    @Test func escapeFollowedByAKeyIsEscThenTheKey() {
        // Esc pressed just before another key (or Alt with it): both keys, in order.
        #expect(keys("\u{1B}j") == [.escape, .character("j")])
        #expect(keys("\u{1B}q") == [.escape, .character("q")])
        #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
        #expect(keys("\u{1B}\r") == [.escape, .enter])
    }

    @Test func sequencesCutAtTheEndOfAReadWaitForTheRest() {
        for sequence in ["\u{1B}[A", "\u{1B}OB", "\u{1B}[5~", "\u{1B}[1;5C", "\u{1B}[[A", "\u{1B}[15~"] {
            let bytes = Array(sequence.utf8)
            for cut in 1..<bytes.count {
                let first = KeyDecoder.decode(Array("j".utf8) + bytes[..<cut], isComplete: false)
                #expect(first.keys == [.character("j")], "\(sequence) cut at \(cut)")
                #expect(first.rest == Array(bytes[..<cut]))
                let second = KeyDecoder.decode(first.rest + bytes[cut...], isComplete: false)
                #expect(second.keys == keys(sequence), "\(sequence) cut at \(cut)")
                #expect(second.rest == [])
            }
        }
    }

    @Test func anUnfinishedSequenceWithNothingMoreIsEscThenText() {
        #expect(keys("\u{1B}[") == [.escape, .character("[")])
        #expect(keys("\u{1B}O") == [.escape, .character("O")])
        #expect(keys("\u{1B}[1;5") == [.escape, .character("["), .character("1"), .character(";"), .character("5")])
    }

    @Test func utf8Text() {
        #expect(keys("é日本🎉") == [.character("é"), .character("日"), .character("本"), .character("🎉")])
        #expect(keys("ñ") == [.character("ñ")])
        // a combining mark arrives as its own scalar; text fields join it to the letter
        #expect(keys("e\u{301}") == [.character("e"), .character("\u{301}")])
    }

    @Test func utf8CutAtTheEndOfAReadWaitsForTheRest() {
        for text in ["é", "日", "🎉"] {
            let bytes = Array(text.utf8)
            for cut in 1..<bytes.count {
                let first = KeyDecoder.decode(bytes[..<cut] + [], isComplete: false)
                #expect(first.keys == [])
                #expect(first.rest == Array(bytes[..<cut]))
                let second = KeyDecoder.decode(first.rest + bytes[cut...], isComplete: false)
                #expect(second.keys == [.character(Character(text))])
            }
        }
    }

    @Test func invalidUTF8IsSkipped() {
        #expect(keys([0x80, 0x61]) == [.character("a")])  // a stray continuation byte
        #expect(keys([0xC3, 0x28]) == [.character("(")])  // a lead byte without its continuation
        #expect(keys([0xE0, 0x80, 0x80, 0x62]) == [.character("b")])  // overlong
        #expect(keys([0xED, 0xA0, 0x80, 0x63]) == [.character("c")])  // a surrogate
        #expect(keys([0xFF, 0xC0, 0x64]) == [.character("d")])
        #expect(keys([0xC2, 0x85]) == [])  // a C1 control
        #expect(keys([0xE6, 0x97], complete: true) == [])  // cut, and nothing more came
    }

    @Test func aMixOfEverythingInOneRead() {
        let bytes = Array("a\u{1B}[B日\r\u{1B}[3~\u{7F}\u{1B}".utf8)
        let result = KeyDecoder.decode(bytes, isComplete: false)
        #expect(result.keys == [.character("a"), .down, .character("日"), .enter, .delete, .backspace])
        #expect(result.rest == [0x1B])
    }
}
