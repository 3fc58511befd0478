import Foundation
import TestSupport
import Testing

/// A `todo` process killed with SIGKILL at random moments while it writes a store of 20,000
/// todos — also while it rewrites the whole store (a compaction): after each kill the store
/// reads back with the content before the command or after it, never anything else, and the
/// next command works. (TodoCore writers are killed the same way in StoreProcessTests and
/// below, with compactions every few changes.)
@Suite(.serialized) struct CrashSafetyTests {
    let todo = TodoSandbox()

    /// What a command may have done when killed: nothing, or all of it.
    enum Effect {
        case adds(title: String)
        case marksDone(Int)
        case renames(Int, to: String)
        case deletes(Int)
        case imports(count: Int)
        case clearsDone
    }

    @Test func todoKilledAtRandomMomentsLeavesTheOldOrTheNewContent() async throws {
        let ids = try todo.fillStore(20_000)
        let importFile = todo.folder + "/more"
        let rounds = iterations(default: 60)
        let (problems, killedMidway) = await onOwnThread { [self] in
            killRounds(rounds, ids: ids, importFile: importFile)
        }
        #expect(problems == [])
        #expect(killedMidway > rounds / 3, "most kills land while the command runs (\(killedMidway) of \(rounds))")
    }

    /// Runs `rounds` commands, each killed at a random moment, checking the store after each;
    /// returns what went wrong and how many kills landed while the command ran.
    private func killRounds(_ rounds: Int, ids: [Int], importFile: String) -> (problems: [String], killed: Int) {
        var generator = SplitMix64(seed: 20_261_123)
        var problems: [String] = []
        guard var before = storedLines() else { return (["the filled store cannot be read"], 0) }
        var pending = ids.filter { before[$0]?.contains(#""isDone":false"#) == true }
        var killedMidway = 0
        for round in 1...rounds {
            let (arguments, effect, longest) = command(
                round: round, pending: &pending, generator: &generator, importFile: importFile)
            guard let process = try? todo.start(arguments) else {
                return (problems + ["cannot start todo"], killedMidway)
            }
            usleep(UInt32.random(in: 0...longest, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            guard var after = storedLines() else {
                problems.append("round \(round) (\(arguments)): the store does not read back after the kill")
                break
            }
            if after != before && !applied(effect, before: before, after: after) {
                problems.append(
                    "round \(round) (\(arguments)): neither the old content nor the new: \(difference(before, after))")
            }
            // The next command works, and its change is kept.
            let probe = todo.run(["add", "probe \(round)", "--json"])
            guard probe.status == 0, let id = (probe.json as? [String: Any])?["id"] as? Int else {
                problems.append("round \(round): the next command fails: \(probe)")
                break
            }
            after[id] = Substring(probe.stdout.trimmingCharacters(in: .newlines))
            before = after
        }
        if storedLines() != before { problems.append("the last probe is not kept") }
        return (problems, killedMidway)
    }

    /// Every todo's JSON object (as one line of `todo list --all --json`), by id; `nil` when
    /// the store cannot be read. Comparing lines compares every field.
    private func storedLines() -> [Int: Substring]? {
        let result = todo.run(["list", "--all", "--json"])
        guard result.status == 0 else { return nil }
        var byID: [Int: Substring] = [:]
        for var line in result.stdout.split(separator: "\n") where line.hasPrefix(#"{"id":"#) {
            if line.hasSuffix(",") { line = line.dropLast() }
            let digits = line.dropFirst(6).prefix { $0.isNumber }
            guard let id = Int(digits) else { return nil }
            byID[id] = line
        }
        return byID
    }

    /// The fields of one todo line.
    private func fields(_ line: Substring?) -> [String: Any]? {
        line.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// The command of a round: mostly small changes, every fifth a large import or a clear,
    /// which rewrite the whole store.
    private func command(
        round: Int, pending: inout [Int], generator: inout SplitMix64, importFile: String
    ) -> ([String], Effect, UInt32) {
        switch round % 10 {
        case 0:
            // A file of its own each time: an import adds only the todos the store does not have.
            let file = importFile + "-\(round).txt"
            let lines = (1...3_000).map { "Imported todo \($0) of round \(round) +batch" }.joined(separator: "\n")
            _ = FileManager.default.createFile(atPath: file, contents: Data(lines.utf8))
            return (["import", file], .imports(count: 3_000), 400_000)
        case 5: return (["clear", "--yes"], .clearsDone, 400_000)
        case 1, 6:
            let id = pending.remove(at: Int.random(in: 0..<pending.count, using: &generator))
            return (["done", String(id)], .marksDone(id), 60_000)
        case 2:
            let id = pending[Int.random(in: 0..<pending.count, using: &generator)]
            return (
                ["edit", String(id), "--title", "Renamed in round \(round)"],
                .renames(id, to: "Renamed in round \(round)"), 60_000
            )
        case 3:
            let id = pending.remove(at: Int.random(in: 0..<pending.count, using: &generator))
            return (["rm", String(id)], .deletes(id), 60_000)
        default:
            return (["add", "Added in round \(round)"], .adds(title: "Added in round \(round)"), 60_000)
        }
    }

    /// The ids that differ between two sets of todos, with their versions, for messages.
    private func difference(_ a: [Int: [String: Any]], _ b: [Int: [String: Any]]) -> String {
        let ids = Set(a.keys).union(b.keys).filter { id in
            guard let x = a[id], let y = b[id] else { return true }
            return canonical(x) != canonical(y)
        }
        return ids.sorted().prefix(3).map { "\($0): \(a[$0] ?? [:]) → \(b[$0] ?? [:])" }.joined(separator: "; ")
            + " (\(ids.count) differ)"
    }

    /// Whether two sets of todos (as `todo list --json` prints them) are equal.
    private func isSame(_ a: [Int: [String: Any]], _ b: [Int: [String: Any]]) -> Bool {
        a.count == b.count && a.allSatisfy { id, todo in b[id].map { canonical($0) == canonical(todo) } ?? false }
    }

    /// A todo object as JSON with sorted keys, to compare two of them.
    private func canonical(_ todo: [String: Any]) -> String {
        let data = try? JSONSerialization.data(withJSONObject: todo, options: [.sortedKeys])
        return data.map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Whether `after` is `before` with all of `effect` applied.
    private func applied(_ effect: Effect, before: [Int: Substring], after: [Int: Substring]) -> Bool {
        func unchanged(except changed: Set<Int>) -> Bool {
            before.keys.allSatisfy { changed.contains($0) || before[$0] == after[$0] }
        }
        switch effect {
        case .adds(let title):
            let new = Set(after.keys).subtracting(before.keys)
            return new.count == 1 && fields(after[new.first!])?["title"] as? String == title && unchanged(except: [])
        case .marksDone(let id):
            return after.count == before.count && fields(after[id])?["isDone"] as? Bool == true
                && unchanged(except: [id])
        case .renames(let id, let title):
            return after.count == before.count && fields(after[id])?["title"] as? String == title
                && unchanged(except: [id])
        case .deletes(let id):
            return after[id] == nil && after.count == before.count - 1 && unchanged(except: [id])
        case .imports(let count):
            let new = Set(after.keys).subtracting(before.keys)
            return new.count == count && unchanged(except: [])
        case .clearsDone:
            let done = Set(before.filter { $0.value.contains(#""isDone":true"#) }.keys)
            return Set(after.keys) == Set(before.keys).subtracting(done) && unchanged(except: done)
        }
    }

    /// The ids that differ between two sets of todos, with their lines, for messages.
    private func difference(_ a: [Int: Substring], _ b: [Int: Substring]) -> String {
        let ids = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }
        return ids.sorted().prefix(3).map { "\($0): \(a[$0] ?? "-") → \(b[$0] ?? "-")" }.joined(separator: "; ")
            + " (\(ids.count) differ)"
    }
}
