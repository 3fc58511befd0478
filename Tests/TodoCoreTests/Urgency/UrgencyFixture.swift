import Foundation
import TestSupport
import Testing

@testable import TodoCore

/// The tests of urgency: one suite per concern nested here, so that `swift test --filter
/// Urgency` runs them all.
@Suite enum Urgency {}

/// The table `Fixtures/record.sh` records from the real Taskwarrior: tasks in four time zones
/// at one instant, with the urgency `task _get UUID.urgency` gave each, with the default
/// coefficients and with ``changedCoefficients``.
struct UrgencyFixture: Decodable {
    /// `task --version` of the Taskwarrior that recorded it.
    var taskwarrior: String
    /// The instant `task` ran at, in seconds since 1970.
    var now: Int
    /// The changed coefficients by Taskwarrior name, for ``Row/changedUrgency``.
    var changedCoefficients: [String: Double]
    /// One recording per time zone.
    var runs: [Run]

    /// The tasks recorded in one time zone.
    struct Run: Decodable {
        /// The zone's identifier (`America/New_York`), which `TZ` named.
        var timeZone: String
        var rows: [Row]

        /// Seconds east of UTC in the zone at an instant.
        var utcOffset: @Sendable (Date) -> Int {
            let zone = TimeZone(identifier: timeZone)!
            return { zone.secondsFromGMT(for: $0) }
        }
    }

    /// One task: its attributes as ``UrgencyInput`` takes them, and Taskwarrior's urgency.
    struct Row: Decodable {
        var title: String
        var isDone: Bool
        /// Its `entry`, in seconds since 1970.
        var entry: Int
        /// Its due day in the zone, and the instant `task` stored for it.
        var due: String?
        var dueAt: Int?
        var scheduled: String?
        var scheduledAt: Int?
        var isActive: Bool
        var annotations: Int
        var tags: [String]
        var project: String?
        /// `H`, `M`, `L` or `nil`.
        var priority: String?
        var isWaiting: Bool
        var isBlocked: Bool
        var isBlocking: Bool
        /// Taskwarrior's urgency with the default coefficients, to six significant digits.
        var urgency: Double
        /// Taskwarrior's urgency with the fixture's changed coefficients.
        var changedUrgency: Double

        /// What ``UrgencyCoefficients/urgency(of:at:utcOffset:)`` takes.
        var input: UrgencyInput {
            get throws {
                UrgencyInput(
                    title: title, isDone: isDone, createdAt: Date(timeIntervalSince1970: Double(entry)),
                    due: try due.map { try CalendarDay(parsing: $0) },
                    scheduled: try scheduled.map { try CalendarDay(parsing: $0) }, isActive: isActive,
                    annotationCount: annotations, tags: Set(tags), project: project,
                    priority: try Priority(parsing: priority ?? "none"), isWaiting: isWaiting, isBlocked: isBlocked,
                    isBlocking: isBlocking)
            }
        }
    }

    /// The committed table, `Fixtures/urgency.json` beside this file.
    static let recorded: UrgencyFixture = try! read(from: folder.appendingPathComponent("urgency.json").path)

    /// `Fixtures/`, beside this file.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Reads a table that `record.sh` wrote.
    static func read(from path: String) throws -> UrgencyFixture {
        try JSONDecoder().decode(UrgencyFixture.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The coefficients ``changedCoefficients`` names, set by name on the defaults.
    var changed: UrgencyCoefficients {
        get throws {
            var coefficients = UrgencyCoefficients.taskwarrior
            for (name, value) in changedCoefficients { try coefficients.setCoefficient(named: name, to: value) }
            return coefficients
        }
    }

    /// Where our urgency of a row differs from Taskwarrior's by 0.01 or more, one line each.
    func mismatches() throws -> [String] {
        let now = Date(timeIntervalSince1970: Double(self.now))
        let changed = try self.changed
        var found: [String] = []
        for run in runs {
            for row in run.rows {
                let input = try row.input
                for (coefficients, expected, label) in [
                    (UrgencyCoefficients.taskwarrior, row.urgency, "default"), (changed, row.changedUrgency, "changed"),
                ] {
                    let ours = coefficients.urgency(of: input, at: now, utcOffset: run.utcOffset)
                    if abs(ours - expected) >= 0.01 {
                        found.append(
                            "\(run.timeZone) '\(row.title)' (\(label)): ours \(ours), Taskwarrior's \(expected)")
                    }
                }
            }
        }
        return found
    }
}
