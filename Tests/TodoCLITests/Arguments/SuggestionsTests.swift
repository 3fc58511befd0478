import TestSupport
import Testing

@testable import todo_cli

/// "Did you mean …?": Damerau-Levenshtein distance and unique prefixes.
@Suite struct SuggestionsTests {
    @Test func distances() {
        #expect(Suggestions.distance(Array("list"), Array("list"), limit: 2) == 0)
        #expect(Suggestions.distance(Array("lsit"), Array("list"), limit: 2) == 1)
        #expect(Suggestions.distance(Array("lst"), Array("list"), limit: 2) == 1)
        #expect(Suggestions.distance(Array("lisst"), Array("list"), limit: 2) == 1)
        #expect(Suggestions.distance(Array("mv"), Array("move"), limit: 2) == 2)
        #expect(Suggestions.distance(Array("abc"), Array("xyz"), limit: 2) == nil)
        #expect(Suggestions.distance(Array(""), Array("ab"), limit: 2) == 2)
        #expect(Suggestions.distance(Array(""), Array(""), limit: 2) == 0)
        #expect(Suggestions.distance(Array("é✓"), Array("✓é"), limit: 2) == 1)
    }

    @Test func theNearestCandidateWins() {
        #expect(Suggestions.bestMatch(for: "--nite", among: ["--title", "--note", "--untag"]) == "--note")
        #expect(Suggestions.bestMatch(for: "undoen", among: ["undo", "undone"]) == "undone")
    }

    @Test func twoEditsAreANearMissOfLongWordsOnly() {
        #expect(Suggestions.bestMatch(for: "tcsh", among: ["bash", "zsh", "fish"]) == nil)
        #expect(Suggestions.bestMatch(for: "bsah", among: ["bash", "zsh", "fish"]) == "bash")
        #expect(Suggestions.bestMatch(for: "lst", among: ["list", "show"]) == "list")
        #expect(Suggestions.bestMatch(for: "--priorty", among: ["--priority", "--note"]) == "--priority")
        #expect(Suggestions.bestMatch(for: "stauts", among: ["stats", "show"]) == "stats")
    }

    @Test func aUniquePrefixIsSuggested() {
        #expect(Suggestions.bestMatch(for: "--prio", among: ["--priority", "--note"]) == "--priority")
        #expect(Suggestions.bestMatch(for: "s", among: ["show", "stats", "shell"]) == nil)
        #expect(Suggestions.bestMatch(for: "sh", among: ["show", "stats", "shell"]) == "show")
    }

    @Test func nothingForFarWordsWholeReplacementsOrExactMatches() {
        #expect(Suggestions.bestMatch(for: "frobnicate", among: ["list", "add"]) == nil)
        #expect(Suggestions.bestMatch(for: "x", among: ["ls", "ui", "rm"]) == nil)
        #expect(Suggestions.bestMatch(for: "", among: ["list"]) == nil)
        #expect(Suggestions.bestMatch(for: "--", among: ["--note"]) == nil)
        #expect(Suggestions.bestMatch(for: "list", among: ["list"]) == nil)
        #expect(Suggestions.sentence(for: "frob", among: ["list"]) == "")
        #expect(Suggestions.sentence(for: "lsit", among: ["list"]) == ". Did you mean 'list'?")
    }

    @Test func aVeryLongWordIsComparedQuickly() {
        // However long the word, only its start is looked at: a word of a million letters
        // takes no longer than one of ten thousand (a hundred times as long if every letter
        // were looked at). Both are timed in the same run, in processor time (which other
        // processes' load does not inflate, and a sanitizer build slows alike), the best of five
        // each; the 20 ms allowed beside the ratio only spares a fast run its noise.
        let long = String(repeating: "l", count: 1_000_000)
        let short = String(repeating: "l", count: 10_000)
        var (longBest, shortBest) = (Duration.seconds(3_600), Duration.seconds(3_600))
        for _ in 0..<5 {
            longBest = min(
                longBest,
                threadCPUTime {
                    #expect(Suggestions.bestMatch(for: long, among: CommandCatalog.visibleNames) == nil)
                })
            shortBest = min(
                shortBest,
                threadCPUTime {
                    #expect(Suggestions.bestMatch(for: short, among: CommandCatalog.visibleNames) == nil)
                })
        }
        #expect(longBest < shortBest * 10 + .milliseconds(20), "a million letters \(longBest), 10,000 \(shortBest)")
    }
}
