import Testing
import TodoCore

@testable import todo_cli

/// The parser never crashes: odd arguments and seeded random mutations of real command lines
/// all end in an invocation or a usage error.
@Suite struct ParserRobustnessTests {
    static let oddArguments: [String] = [
        "", " ", "=", "==", "--=", "--=x", "-=", "-", "--", "---", "---x", "-=-", "--file=", "-h=", "-q=",
        "é", "✓", "👩‍👩‍👧", "\u{0}", "\n", "\t", "-é", "--é", "-✓x", "İ", "ß", "\u{301}", "-\u{301}", "--\u{301}",
        String(repeating: "x", count: 100_000), "--" + String(repeating: "n", count: 100_000),
        "-" + String(repeating: "y", count: 10_000), String(repeating: "9", count: 1_000),
    ]

    static let vocabulary: [String] = {
        let names: [String] = CommandCatalog.commands.flatMap(\.names) + ["help", "frob"]
        let options: [String] = CommandCatalog.commands.flatMap { $0.options.flatMap(\.spellings) }
        let globals: [String] = (OptionSpec.globals + [.help, .version]).flatMap(\.spellings)
        let values: [String] = [
            "1", "3", "0", "-3", "42", "abc", "high", "none", "today", "2030-02-30", "+3d", "weekly", "json", "bash",
            "--note=", "--due=today", "-p=high", "-phigh", "-ay", "-qh", "--tag=a", "x y",
        ]
        return names + options + globals + values + oddArguments.filter { $0.count < 1_000 }
    }()

    @Test(arguments: oddArguments)
    func oddArgumentsAloneAndInEveryPlace(_ odd: String) {
        var lines = [
            [odd], ["add", odd], ["add", "x", odd], ["list", odd], ["show", odd], ["edit", "1", odd],
            ["move", odd, odd], ["help", odd], [odd, "list"], ["add", "x", "--note", odd], ["add", "x", "--due", odd],
            ["--file", odd, "stats"], ["list", "--limit", odd], ["export", "-f", odd], ["completions", odd],
        ]
        for command in CommandCatalog.commands {
            lines.append([command.name, odd])
            for option in command.options { lines.append([command.name] + option.spellings + [odd]) }
        }
        for line in lines { check(line) }
    }

    @Test func seededRandomMutationsOfCommandLines() {
        var random = SplitMix64(seed: 0x7A0D_0C11)
        for _ in 0..<4_000 {
            var line: [String] = []
            let length = Int.random(in: 0...7, using: &random)
            for _ in 0..<length {
                var argument = Self.vocabulary.randomElement(using: &random)!
                if Int.random(in: 0..<4, using: &random) == 0 { argument = mutate(argument, using: &random) }
                line.append(argument)
            }
            check(line)
        }
    }

    /// Parses `line` twice: the same outcome both times, a value or a usage error with a
    /// message and a usage line.
    private func check(_ line: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let outcome = CommandLineParser.parse(line)
        #expect(CommandLineParser.parse(line) == outcome, sourceLocation: sourceLocation)
        if case .failure(let error) = outcome {
            #expect(!error.message.isEmpty, "\(line)", sourceLocation: sourceLocation)
            #expect(error.usage.hasPrefix("USAGE: todo"), "\(line)", sourceLocation: sourceLocation)
            #expect(error.text.hasSuffix("for more information.\n"), sourceLocation: sourceLocation)
            if let name = error.command {
                #expect(CommandCatalog.command(named: name) != nil, sourceLocation: sourceLocation)
            }
        }
    }

    /// `argument` with a character inserted, deleted, replaced, or doubled.
    private func mutate(_ argument: String, using random: inout SplitMix64) -> String {
        var characters = Array(argument)
        let noise: [Character] = ["-", "=", " ", "x", "0", "é", "✓", "\u{301}", "h"]
        let index = characters.isEmpty ? 0 : Int.random(in: 0..<characters.count, using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: characters.insert(noise.randomElement(using: &random)!, at: index)
        case 1: if !characters.isEmpty { characters.remove(at: index) }
        case 2: if !characters.isEmpty { characters[index] = noise.randomElement(using: &random)! }
        default: characters += characters
        }
        return String(characters)
    }
}

/// A small seeded random number generator (SplitMix64), so that failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
