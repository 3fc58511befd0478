import Foundation
import TestSupport
import Testing

/// A `todo` process killed with SIGKILL at random moments while it writes a store of 20,000
/// todos — also while it rewrites the whole store (a compaction): after each kill the store
/// reads back with the content before the command or after it, never anything else, and the
/// next command works. (TodoCore writers are killed the same way in StoreProcessTests and
/// WriterReliabilityTests, with compactions every few changes.)
///
/// The kill moments are drawn over each command's run as measured on this machine during the
/// test, never over a fixed time: a fast idle machine, a loaded one and a sanitizer build all
/// see their kills land while the command runs (see Docs/Reliability.md, "Timing").
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
        // At least half the rounds' worth of kills must land while the command runs: the test
        // goes on past `rounds` until they have (up to five times as many rounds; a plain run
        // lands three kills in four, a sanitizer build on a loaded machine one in two).
        let wanted = rounds / 2
        let outcome = await onOwnThread { [self] in
            killRounds(rounds, wanted: wanted, most: rounds * 5, ids: ids, importFile: importFile)
        }
        let spans = outcome.spans.sorted { $0.key < $1.key }
            .map { "\($0.key) \(Int(($0.value / .milliseconds(1)).rounded())) ms" }.joined(separator: ", ")
        print("CrashSafetyTests: \(outcome.killedMidway) of \(outcome.rounds) kills landed mid-run; spans: \(spans)")
        #expect(outcome.problems == [])
        #expect(
            outcome.killedMidway >= wanted,
            """
            \(outcome.killedMidway) kills of \(outcome.rounds) rounds landed while the command ran, \
            \(wanted) wanted; the kill moments were drawn over these measured runs: \(spans)
            """)
    }

    /// What the kill rounds found.
    struct Outcome {
        var problems: [String] = []
        /// How many kills landed while the command ran.
        var killedMidway = 0
        var rounds = 0
        /// The last span the kill moments of each command were drawn over, for messages.
        var spans: [String: Duration] = [:]
    }

    /// Runs commands, each killed at a random moment of its run, checking the store after each:
    /// at least `rounds` rounds, more until `wanted` kills landed while the command ran, at most
    /// `most`.
    ///
    /// The kill moments follow the machine's speed, measured in the same run: a kill comes a
    /// random fraction of the way through the command's run as measured on this machine, now.
    /// The first run of each command is not killed and is timed; every round then times a
    /// `todo add` (the probe that checks the next command works), so that the measured runs
    /// follow the machine's load and the store's growth: a command's span is its measured runs
    /// relative to the probes around them (the median of the last three), times the recent
    /// probes (the median of the last seven). A run that ends before its kill is timed and
    /// re-measures its command.
    private func killRounds(
        _ rounds: Int, wanted: Int, most: Int, ids: [Int], importFile: String
    ) -> Outcome {
        var generator = SplitMix64(seed: 20_261_123)
        var outcome = Outcome()
        let clock = ContinuousClock()
        var probes: [Duration] = []
        /// The recent pace of the machine: the median of the last seven probes.
        func pace() -> Duration {
            let recent = probes.suffix(7).sorted()
            return recent[recent.count / 2]
        }
        // A command's last runs as multiples of the pace (the probe is an `add` itself); its
        // span is the median of the last three, so that one odd run does not set it.
        var relative: [String: [Double]] = ["add": [1]]
        func span(_ name: String) -> Duration? {
            guard let recent = relative[name]?.suffix(3).sorted() else { return nil }
            return pace() * recent[recent.count / 2]
        }
        let first = clock.now
        guard todo.run(["add", "probe 0"]).status == 0 else { return Outcome(problems: ["the first probe fails"]) }
        probes.append(clock.now - first)
        guard var before = storedLines() else { return Outcome(problems: ["the filled store cannot be read"]) }
        var pending = ids.filter { before[$0]?.contains(#""isDone":false"#) == true }
        var round = 0
        while round < rounds || (outcome.killedMidway < wanted && round < most) {
            round += 1
            let (arguments, effect) = command(
                round: round, pending: &pending, generator: &generator, importFile: importFile)
            let name = arguments[0]
            let started = clock.now
            guard let process = try? todo.start(arguments) else {
                outcome.problems.append("cannot start todo")
                break
            }
            var ranOnItsOwn: Duration?
            if let span = span(name) {
                outcome.spans[name] = span
                let moment = started + span * Double.random(in: 0...1, using: &generator)
                ranOnItsOwn = kill(process, at: moment, startedAt: started)
            } else {
                process.waitUntilExit()  // the first run of this command: timed, not killed
                ranOnItsOwn = clock.now - started
            }
            if let ran = ranOnItsOwn { relative[name, default: []].append(ran / pace()) }
            switch (process.terminationReason, process.terminationStatus) {
            case (.uncaughtSignal, SIGKILL): outcome.killedMidway += 1
            case (.uncaughtSignal, let signal):
                outcome.problems.append("round \(round) (\(arguments)): todo crashed with signal \(signal)")
            case (.exit, _): break
            }
            guard var after = storedLines() else {
                outcome.problems.append("round \(round) (\(arguments)): the store does not read back after the kill")
                break
            }
            if after != before && !applied(effect, before: before, after: after) {
                outcome.problems.append(
                    "round \(round) (\(arguments)): neither the old content nor the new: \(difference(before, after))")
            } else if process.terminationReason == .exit && process.terminationStatus == 0
                && !applied(effect, before: before, after: after)
            {
                outcome.problems.append("round \(round) (\(arguments)): it succeeded, but its change is not there")
            }
            // The next command works, and its change is kept.
            let probeStarted = clock.now
            let probe = todo.run(["add", "probe \(round)", "--json"])
            probes.append(clock.now - probeStarted)
            guard probe.status == 0, let id = (probe.json as? [String: Any])?["id"] as? Int else {
                outcome.problems.append("round \(round): the next command fails: \(probe)")
                break
            }
            after[id] = Substring(probe.stdout.trimmingCharacters(in: .newlines))
            before = after
        }
        outcome.rounds = round
        if storedLines() != before { outcome.problems.append("the last probe is not kept") }
        return outcome
    }

    /// Kills `process` with SIGKILL at `moment`, unless it ends first; then returns how long it
    /// ran since `started`, else nil. Polls the child (without reaping it before it ends), so
    /// that its pid is never signalled once reaped.
    private func kill(
        _ process: ChildProcess, at moment: ContinuousClock.Instant, startedAt started: ContinuousClock.Instant
    ) -> Duration? {
        while process.isRunning {
            let left = moment - ContinuousClock.now
            if left <= .zero {
                Foundation.kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            usleep(UInt32(max(50, min(500, left / .microseconds(1)))))
        }
        return ContinuousClock.now - started
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
    ) -> ([String], Effect) {
        switch round % 10 {
        case 0:
            // A file of its own each time: an import adds only the todos the store does not have.
            let file = importFile + "-\(round).txt"
            let lines = (1...3_000).map { "Imported todo \($0) of round \(round) +batch" }.joined(separator: "\n")
            _ = FileManager.default.createFile(atPath: file, contents: Data(lines.utf8))
            return (["import", file], .imports(count: 3_000))
        case 5: return (["clear", "--yes"], .clearsDone)
        case 1, 6:
            let id = pending.remove(at: Int.random(in: 0..<pending.count, using: &generator))
            return (["done", String(id)], .marksDone(id))
        case 2:
            let id = pending[Int.random(in: 0..<pending.count, using: &generator)]
            return (
                ["edit", String(id), "--title", "Renamed in round \(round)"],
                .renames(id, to: "Renamed in round \(round)")
            )
        case 3:
            let id = pending.remove(at: Int.random(in: 0..<pending.count, using: &generator))
            return (["rm", String(id)], .deletes(id))
        default:
            return (["add", "Added in round \(round)"], .adds(title: "Added in round \(round)"))
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
