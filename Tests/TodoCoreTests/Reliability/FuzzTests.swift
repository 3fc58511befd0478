import Foundation
import ReactorKitTesting
import Testing

@testable import TodoCore

/// Seeded fuzzing of what reads user input and files: the date parser, the store decoder and
/// the journal decoder (the argument parser and the importers have their own: see
/// ParserRobustnessTests and ImportFormatsMutationTests). Every outcome is a value or a typed
/// error — no crash, no hang — and a damaged store is never written over. Deterministic;
/// `TODO_FUZZ_ITERATIONS=100000 swift test --filter FuzzTests` runs longer.
@Suite struct FuzzTests {
    static var iterations: Int { scaled(3_000) }

    /// The seeded generator and the mutations of the importers' fuzzing, shared.
    typealias Generator = Formats.ImportFormatsMutationTests.SplitMix64

    /// `bytes` with one to four random mutations (see ``Formats/ImportFormatsMutationTests``).
    static func mutate(_ bytes: [UInt8], _ generator: inout Generator) -> [UInt8] {
        Formats.ImportFormatsMutationTests.mutate(bytes, &generator)
    }

    @Test func theDateParserAnswersEveryInput() {
        var generator = Generator(state: 1)
        let pieces = [
            "2030", "-", "02", "30", "+", "3", "d", "w", "today", "tomorrow", "fri", "monday", "x", " ", "0",
            "99999999",
            "é", "٣", "\u{0}", "/", "T",
        ]
        for _ in 0..<Self.iterations {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
                pieces.randomElement(using: &generator)!
            }
            .joined()
            do {
                let input = try DateInput(parsing: text)
                _ = try? input.resolve(today: CalendarDay(year: 2030, month: 1, day: 7)!)
            } catch {
                guard case .invalidDate(let echoed, _) = error else {
                    Issue.record("\(text): not a date error: \(error)")
                    continue
                }
                #expect(echoed == text)
            }
        }
    }

    @Test func theStoreDecoderRefusesDamageWithATypedErrorAndWritesNothing() throws {
        let folder = TemporaryFolder()
        let providers = ProviderPool()
        let uuids = UUIDSource.sequential()
        let path = folder.file("todos.json")
        let service = providers.keep(makeProvider(storage: JSONFileTodoStorage(path: path), uuids: uuids)).todoService
        for index in 1...12 {
            var draft = TodoDraft(title: "Todo \(index) é \"q\"", note: index % 3 == 0 ? "n\n2" : nil)
            draft.tags = index % 2 == 0 ? ["a", "b"] : []
            draft.due = index % 4 == 0 ? .tomorrow : nil
            draft.recurrence = index % 5 == 0 ? .weekly : nil
            _ = try service.create(draft).toBlocking().single()
        }
        _ = try service.markDone(ids: [2, 5]).toBlocking().single()
        _ = try service.delete(ids: [7]).toBlocking().single()
        let good = folder.bytes("todos.json")!
        try FileManager.default.removeItem(atPath: folder.file("todos.json.bak"))
        var generator = Generator(state: 2)
        var refused = 0
        for _ in 0..<(Self.iterations / 10) {
            let bytes = Self.mutate(good, &generator)
            folder.write("todos.json", bytes)
            let fresh = providers.keep(makeProvider(storage: JSONFileTodoStorage(path: path), uuids: uuids)).todoService
            let readError = todoError { try fresh.fetch(TodoQuery(status: .all)).toBlocking().single() }
            let writeError = todoError { try fresh.create(TodoDraft(title: "new")).toBlocking().single() }
            switch readError {
            case nil:
                #expect(writeError == nil || writeError?.category == .damagedData)
            case .storeDamaged?, .storeTooNew?:
                refused += 1
                #expect(writeError?.category == .damagedData, "a store that cannot be read cannot be written")
                #expect(folder.bytes("todos.json") == bytes, "a damaged store is never written over")
            default:
                Issue.record("unexpected error \(String(describing: readError))")
            }
        }
        #expect(refused > 0)
    }

    @Test func theJournalDecoderRefusesDamageWithATypedError() throws {
        let options = JSONFileTodoStorage.Options(compactionThreshold: 600, journalLimit: 1 << 20)
        let folder = TemporaryFolder()
        let providers = ProviderPool()
        let uuids = UUIDSource.sequential()
        let path = folder.file("todos.json")
        let service = providers.keep(
            makeProvider(storage: JSONFileTodoStorage(path: path, options: options), uuids: uuids)
        )
        .todoService
        for index in 1...8 { _ = try service.create(TodoDraft(title: "todo number \(index)")).toBlocking().single() }
        for id in 1...4 { _ = try service.markDone(ids: [id]).toBlocking().single() }
        let good = folder.bytes("todos.json.journal")!
        var generator = Generator(state: 3)
        for _ in 0..<(Self.iterations / 10) {
            folder.write("todos.json.journal", Self.mutate(good, &generator))
            let fresh = providers.keep(
                makeProvider(storage: JSONFileTodoStorage(path: path, options: options), uuids: uuids)
            )
            .todoService
            switch todoError({ try fresh.fetch(TodoQuery(status: .all)).toBlocking().single() }) {
            case nil, .storeDamaged?: break
            case let other?: Issue.record("unexpected error \(other)")
            }
        }
    }

    @Test func theJSONReaderSkipsAnyValueOrSaysWhereItIsWrong() {
        var generator = Generator(state: 4)
        let seed = Array(#"{"a":[1,-2.5e3,true,false,null,"x\u00e9\n"],"b":{"c":[]}}"#.utf8)
        for _ in 0..<Self.iterations {
            let bytes = Self.mutate(seed, &generator)
            bytes.withUnsafeBytes { buffer in
                var reader = JSONReader(buffer)
                do throws(JSONError) {
                    try reader.skipValue()
                    try reader.expectEnd()
                } catch {
                    #expect(error.offset >= 0 && error.offset <= buffer.count)
                }
            }
        }
    }
}
