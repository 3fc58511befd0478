import Foundation
import TestSupport
import Testing

@testable import TodoCore

extension Urgency {
    /// Our urgency against the one the real Taskwarrior 2.6 gave the same tasks.
    @Suite struct FixtureTests {
        let fixture = UrgencyFixture.recorded

        @Test func theTableCoversEveryFactorInFourZones() {
            #expect(fixture.taskwarrior.hasPrefix("2.6."))
            #expect(fixture.runs.map(\.timeZone) == ["UTC", "America/New_York", "Asia/Kolkata", "America/Havana"])
            for run in fixture.runs {
                let rows = run.rows
                #expect(rows.count >= 60)
                #expect(rows.contains { $0.isDone })
                #expect(rows.contains { $0.isActive })
                #expect(rows.contains { $0.isWaiting })
                #expect(rows.contains { $0.isBlocked && $0.isBlocking })
                #expect(rows.contains { $0.annotations == 4 })
                #expect(rows.contains { $0.tags.count == 4 })
                #expect(rows.contains { $0.tags.contains("next") })
                #expect(rows.contains { $0.project != nil })
                #expect(Set(rows.compactMap(\.priority)) == ["H", "M", "L"])
                #expect(rows.contains { $0.scheduled != nil })
                #expect(rows.contains { $0.entry > fixture.now })
            }
        }

        @Test func ourUrgencyIsTaskwarriorsWithinAHundredthForEveryRow() throws {
            let mismatches = try fixture.mismatches()
            #expect(mismatches.isEmpty, "\(mismatches.count) rows differ:\n\(mismatches.joined(separator: "\n"))")
        }

        @Test func aDueOrScheduledDayStartsAtTheLocalMidnightTaskwarriorStores() throws {
            for run in fixture.runs {
                for row in run.rows {
                    for (day, instant) in [(row.due, row.dueAt), (row.scheduled, row.scheduledAt)] {
                        guard let day, let instant else { continue }
                        let start = UrgencyFactor.start(of: try CalendarDay(parsing: day), utcOffset: run.utcOffset)
                        #expect(start == instant, "\(run.timeZone) '\(row.title)': \(day)")
                    }
                }
            }
        }

        @Test func theTermsAddUpToTheUrgency() throws {
            let now = Date(timeIntervalSince1970: Double(fixture.now))
            for run in fixture.runs {
                for row in run.rows {
                    let input = try row.input
                    let terms = UrgencyCoefficients.taskwarrior.terms(of: input, at: now, utcOffset: run.utcOffset)
                    let urgency = UrgencyCoefficients.taskwarrior.urgency(of: input, at: now, utcOffset: run.utcOffset)
                    #expect(abs(terms.reduce(0) { $0 + $1.value } - urgency) < 1e-9)
                    #expect(!terms.contains { $0.value == 0 })
                }
            }
        }

        // MARK: Recorded afresh

        /// Whether `task`, `faketime` and `jq` are all on `PATH`.
        static let canRecord = ["task", "faketime", "jq"].allSatisfy { tool in
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
                .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }

        /// Whether this is a CI run, where a missing tool is a failure (`.ci/run` installs them).
        static let isCI = ProcessInfo.processInfo.environment["CI"] == "true"

        @Test(
            .enabled(
                if: canRecord || isCI,
                "Taskwarrior (task), faketime or jq is not installed: skipped (.ci/run installs them)"),
            .timeLimit(.minutes(5)))
        func theTaskwarriorInstalledHereGivesTheSameUrgencies() throws {
            try #require(Self.canRecord, "task, faketime and jq must be installed in CI (.ci/run installs them)")
            let folder = TemporaryFolder()
            let process = ChildProcess()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [
                UrgencyFixture.folder.appendingPathComponent("record.sh").path, folder.file("urgency.json"),
            ]
            let output = ChildPipe()
            let errors = ChildPipe()
            process.standardOutput = .pipe(output)
            process.standardError = .pipe(errors)
            try process.run()
            let (_, errorData) = process.readBothToEndAndWait(output, errors)
            try #require(
                process.terminationStatus == 0, "record.sh failed: \(String(decoding: errorData, as: UTF8.self))")
            let fresh = try UrgencyFixture.read(from: folder.file("urgency.json"))

            let mismatches = try fresh.mismatches()
            #expect(
                mismatches.isEmpty,
                "Taskwarrior \(fresh.taskwarrior): \(mismatches.count) rows differ:\n\(mismatches.joined(separator: "\n"))"
            )
            // The same tasks, recorded at the same instant, as in the committed table.
            #expect(fresh.now == fixture.now)
            #expect(fresh.runs.map(\.timeZone) == fixture.runs.map(\.timeZone))
            for (run, committed) in zip(fresh.runs, fixture.runs) {
                #expect(run.rows.map(\.title) == committed.rows.map(\.title))
                for (row, old) in zip(run.rows, committed.rows) {
                    #expect(abs(row.urgency - old.urgency) < 0.01, "\(run.timeZone) '\(row.title)'")
                    #expect(abs(row.changedUrgency - old.changedUrgency) < 0.01, "\(run.timeZone) '\(row.title)'")
                }
            }
        }
    }
}
