import Foundation
import TestSupport
import Testing

@testable import TodoCore

extension Formats {
    /// Thousands of damaged files, made by mutating real ones: every parser returns todos that
    /// the store accepts, or an `.invalidImport` error; none crashes.
    @Suite struct ImportFormatsMutationTests {
        /// SplitMix64: a small, fast, deterministic generator, so that a failure can be replayed.
        struct SplitMix64: RandomNumberGenerator {
            var state: UInt64

            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }

        /// Bytes that matter to the parsers, more likely to be inserted than others.
        static let interesting: [[UInt8]] = [
            Array("{".utf8), Array("}".utf8), Array("[".utf8), Array("]".utf8), Array("\"".utf8), Array("\\".utf8),
            Array(",".utf8), Array(":".utf8), Array("\n".utf8), Array("\r".utf8), Array(" ".utf8), Array("x ".utf8),
            Array("(A) ".utf8), Array("+".utf8), Array("@".utf8), Array("due:".utf8), Array("rec:".utf8),
            Array("2026-02-30".utf8), Array("null".utf8), Array("-0".utf8), Array("1e999999".utf8),
            Array("99999999999999999999999".utf8), Array("\\u".utf8), Array("\\ud800".utf8),
            Array(String(repeating: "[", count: 300).utf8), [0xFF], [0xC3], [0xE2, 0x98], [0x00], [0xEF, 0xBB, 0xBF],
            Array("\"status\":\"recurring\"".utf8), Array("\"parent\":\"".utf8), Array("\"version\":2".utf8),
        ]

        /// `bytes` with one to four random mutations: a byte changed, bytes removed, bytes
        /// inserted, a cut, or a piece repeated.
        static func mutate(_ bytes: [UInt8], _ random: inout SplitMix64) -> [UInt8] {
            var bytes = bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<6, using: &random) {
                case 0 where !bytes.isEmpty:
                    bytes[at] = UInt8.random(in: 0...255, using: &random)
                case 1 where !bytes.isEmpty:
                    bytes[at] ^= 1 << UInt8.random(in: 0..<8, using: &random)
                case 2 where !bytes.isEmpty:
                    bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &random)))
                case 3:
                    bytes.insert(contentsOf: interesting.randomElement(using: &random)!, at: at)
                case 4:
                    bytes.removeSubrange(at...)
                default:
                    let end = min(bytes.count, at + Int.random(in: 1...64, using: &random))
                    bytes.insert(contentsOf: bytes[at..<end], at: at)
                }
            }
            return bytes
        }

        /// Checks that `parse` gave todos the store accepts or an `.invalidImport`.
        static func check(_ parse: () throws(TodoError) -> [ImportedTodo], input: [UInt8], parser: String) {
            do throws(TodoError) {
                for todo in try parse() {
                    #expect(
                        (try? Todo.validTitle(todo.title)) == todo.title,
                        "\(parser): title \(todo.title.debugDescription)")
                    for tag in todo.tags {
                        #expect((try? Todo.validTag(tag)) == tag, "\(parser): tag \(tag.debugDescription)")
                    }
                    if let note = todo.note { #expect(!note.isEmpty) }
                }
            } catch {
                guard case .invalidImport(let file, let line, let problem) = error else {
                    Issue.record("\(parser): not an invalidImport error: \(error)")
                    return
                }
                #expect(file == "mutant")
                #expect(line.map { $0 >= 1 } ?? true)
                #expect(
                    problem.first?.isLowercase == true || problem.first == "'" || problem.first == "\"",
                    "\(parser): \(problem)")
            }
        }

        /// Guesses the format of `input` and parses it with every parser, checking each outcome.
        static func parseWithEveryParser(_ input: [UInt8], guessingAs fileName: String?) {
            _ = TodoFileFormat.guess(bytes: input, fileName: fileName)
            check(
                { () throws(TodoError) in try TodoJSONFormat.parse(input, file: "mutant") }, input: input,
                parser: "json")
            check(
                { () throws(TodoError) in try TodoTxtFormat.parse(input, file: "mutant") }, input: input,
                parser: "todo.txt")
            check(
                { () throws(TodoError) in try TaskwarriorFormat.parse(input, file: "mutant") }, input: input,
                parser: "taskwarrior")
        }

        @Test func mutatedFixturesAndExportsGiveTodosOrImportErrors() throws {
            var seeds: [[UInt8]] = try FormatFixture.allCases.map { try $0.bytes }
            seeds.append(TodoJSONFormat.export(demandingTodos(), context: .test))
            seeds.append(Array(TodoTxtFormat.export(demandingTodos()).utf8))
            var random = SplitMix64(state: 0x7D0_2026)
            // No mutant may be pathologically slow to parse. The yardstick is this machine, now:
            // each mutant's parse is timed beside the parse of the file it was made from, in
            // processor time (which other processes' load does not inflate, and a sanitizer
            // build slows alike).
            var (mutants, originals) = (Duration.zero, Duration.zero)
            for round in 0..<3_000 {
                let seed = seeds[round % seeds.count]
                let input = Self.mutate(seed, &random)
                let fileName = round % 2 == 0 ? "mutant.json" : nil
                originals += threadCPUTime { Self.parseWithEveryParser(seed, guessingAs: fileName) }
                mutants += threadCPUTime { Self.parseWithEveryParser(input, guessingAs: fileName) }
            }
            print("ImportFormatsMutationTests: 3,000 mutants parsed in \(mutants), their originals in \(originals)")
            #expect(mutants < originals * 4, "the mutants took \(mutants), their originals \(originals)")
        }

        @Test func randomBytesAndEveryPrefixOfTheFixtures() throws {
            var random = SplitMix64(state: 42)
            for length in [0, 1, 2, 3, 7, 64, 1000] {
                for _ in 0..<20 {
                    let input = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
                    Self.check(
                        { () throws(TodoError) in try TodoJSONFormat.parse(input, file: "mutant") }, input: input,
                        parser: "json")
                    Self.check(
                        { () throws(TodoError) in try TodoTxtFormat.parse(input, file: "mutant") }, input: input,
                        parser: "todo.txt")
                    Self.check(
                        { () throws(TodoError) in try TaskwarriorFormat.parse(input, file: "mutant") }, input: input,
                        parser: "taskwarrior")
                }
            }
            // Every truncation of the Taskwarrior fixture.
            let export = try FormatFixture.taskwarrior.bytes
            for length in 0..<export.count {
                let input = Array(export[..<length])
                Self.check(
                    { () throws(TodoError) in try TaskwarriorFormat.parse(input, file: "mutant") }, input: input,
                    parser: "taskwarrior")
            }
        }
    }
}
