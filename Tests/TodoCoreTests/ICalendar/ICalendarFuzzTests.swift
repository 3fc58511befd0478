import Foundation
import Testing

@testable import TodoCore

extension ICalendar {
    /// The reader over mutated real files: every input either reads (and what it gives writes and
    /// reads again) or is an import error naming the problem; nothing crashes or hangs.
    @Suite struct FuzzTests {
        /// A small deterministic generator (SplitMix64), so that a failure can be replayed.
        struct Generator: RandomNumberGenerator {
            var state: UInt64
            mutating func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
        }

        /// Pieces that matter to the reader, to insert.
        static let pieces: [[UInt8]] = [
            Array(":".utf8), Array(";".utf8), Array("\"".utf8), Array(",".utf8), Array("\\".utf8), Array("=".utf8),
            [0x0D], [0x0A], [0x0D, 0x0A, 0x20], [0x20], [0x09], [0xC3], [0xE2, 0x98], [0xFF], [0x00],
            Array("BEGIN:VTODO\r\n".utf8), Array("END:VTODO\r\n".utf8), Array("BEGIN:VALARM\n".utf8),
            Array("END:VCALENDAR\n".utf8), Array("TZID=".utf8), Array("DUE;TZID=Custom/Eastern:20300310T203000\n".utf8),
            Array("RRULE:FREQ=YEARLY;INTERVAL=0\n".utf8), Array("PRIORITY:-1\n".utf8), Array("99999999T999999Z".utf8),
            Array("UID:\n".utf8), Array("SUMMARY:\n".utf8), Array("CATEGORIES:,,\\,\n".utf8),
        ]

        static func mutate(_ bytes: [UInt8], _ generator: inout Generator) -> [UInt8] {
            var bytes = bytes
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                guard !bytes.isEmpty else { break }
                let at = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<6, using: &generator) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.insert(contentsOf: pieces.randomElement(using: &generator)!, at: at)
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &generator)))
                case 3: bytes = Array(bytes[..<at])
                case 4:
                    let end = min(bytes.count, at + Int.random(in: 1...200, using: &generator))
                    bytes.insert(contentsOf: bytes[at..<end], at: Int.random(in: 0...bytes.count, using: &generator))
                default: bytes[at] ^= 0x20
                }
            }
            return bytes
        }

        @Test(.timeLimit(.minutes(5)))
        func mutatedRealFilesNeverCrashTheReader() throws {
            let sources = try ["nextcloud.ics", "rfc5545.ics"].map(FormatTests.fixture)
            var generator = Generator(state: 0x5EED_1CA1)
            var read = 0
            var refused = 0
            for round in 0..<3_000 {
                let bytes = Self.mutate(sources[round % sources.count], &generator)
                do throws(TodoError) {
                    let todos = try ICalendarFormat.parse(bytes, file: "fuzz.ics")
                    read += 1
                    // What it gives is a todo that writes, and reads back the same.
                    let made = todos.enumerated().map { index, item in
                        Todo(
                            id: index + 1, uuid: item.uuid ?? UUID(), title: item.title, note: item.note,
                            isDone: item.isDone, priority: item.priority, due: item.due, tags: item.tags,
                            createdAt: item.createdAt ?? Date(timeIntervalSince1970: 0), updatedAt: item.updatedAt,
                            completedAt: item.completedAt, position: index, recurrence: item.recurrence,
                            iCalendarLines: item.keptICalendarLines)
                    }
                    let again = try ICalendarFormat.parse(ICalendarFormat.export(made), file: "again.ics")
                    #expect(again.count == made.count, "round \(round)")
                    #expect(again.map(\.title) == made.map(\.title), "round \(round)")
                    #expect(again.map(\.due) == made.map(\.due), "round \(round)")
                } catch {
                    guard case .invalidImport(let file, _, let problem) = error else {
                        Issue.record("round \(round): not an import error: \(error)")
                        continue
                    }
                    #expect(file == "fuzz.ics" && !problem.isEmpty)
                    refused += 1
                }
            }
            // Both kinds happen: the mutations are neither all harmless nor all fatal.
            #expect(read > 100 && refused > 100, "\(read) read, \(refused) refused")
        }
    }
}
