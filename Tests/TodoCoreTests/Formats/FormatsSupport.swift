import Foundation
import Testing

@testable import TodoCore

/// The tests of the import and export formats: one suite per format nested here, so that
/// `swift test --filter Formats` runs them all.
@Suite enum Formats {}

/// A file in `Fixtures/`: a copy of one in `../shared/fixtures`, written by the tool itself
/// (see the README there), kept in the repository so that the tests need nothing outside it.
enum FormatFixture: String, CaseIterable {
    case todoTxt = "todo.txt"
    case doneTxt = "done.txt"
    case taskwarrior = "taskwarrior-export.json"

    /// `Fixtures/`, beside this file.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// `../shared/fixtures` beside the repository, where the originals are.
    static let sharedFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Formats
        .deletingLastPathComponent()  // TodoCoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // the repository
        .deletingLastPathComponent()
        .appendingPathComponent("shared/fixtures")

    /// The copy's contents.
    var bytes: [UInt8] {
        get throws { Array(try Data(contentsOf: Self.folder.appendingPathComponent(rawValue))) }
    }

    /// The original's contents, or `nil` when `../shared/fixtures` is not there.
    var originalBytes: [UInt8]? {
        try? Array(Data(contentsOf: Self.sharedFolder.appendingPathComponent(rawValue)))
    }
}

/// The instant an ISO 8601 time names (`2026-11-21T07:58:42Z`).
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text)!
}

/// Local midnight of `day` (`YYYY-MM-DD`) in a zone `utcOffset` seconds east of UTC.
func midnight(_ day: String, utcOffset: Int = 0) -> Date {
    instant(day + "T00:00:00Z").addingTimeInterval(-Double(utcOffset))
}

/// What an import failed with: `.invalidImport`'s line and problem; `nil` when it did not fail.
func importFailure<T>(_ body: () throws(TodoError) -> T) -> (line: Int?, problem: String)? {
    do throws(TodoError) {
        _ = try body()
        return nil
    } catch {
        guard case .invalidImport(_, let line, let problem) = error else {
            Issue.record("not an invalidImport error: \(error)")
            return (nil, "")
        }
        return (line, problem)
    }
}

/// Checks that `problem` reads as the house style asks: lower case, saying what is wrong and
/// (after a semicolon) what to do.
func expectActionable(_ problem: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(problem.first?.isLowercase == true || problem.first == "'", "\(problem)", sourceLocation: sourceLocation)
    #expect(problem.contains(";"), "no way to fix it in: \(problem)", sourceLocation: sourceLocation)
}

/// Todos with every field set, and with text that is hard to write: unicode, quotes,
/// backslashes, control characters, several lines.
func demandingTodos() -> [Todo] {
    let created = instant("2026-11-21T07:58:42Z")
    return [
        Todo(
            id: 7, uuid: uuid(7), title: #"Fix "quoted" \ back\slash title, with commas; and semicolons"#,
            note: "Line one\nLine two with \"quotes\"\n\ttabbed \\ and a bell \u{7}", isDone: false,
            priority: .high, due: day("2026-12-01"), tags: ["errands", "@store", "work.reports"], createdAt: created,
            updatedAt: created.addingTimeInterval(60), position: 1024, recurrence: .weekly),
        Todo(
            id: 3, uuid: uuid(3), title: "Call Anaïs \u{1}about\u{1F} the café ☕ 👩‍👩‍👧", note: "日本語のメモ",
            isDone: true, priority: .low, due: day("2026-02-28"), tags: ["phone"], createdAt: created,
            updatedAt: created.addingTimeInterval(3600), completedAt: created.addingTimeInterval(3600), position: 2048,
            recurrence: .everyDays(3)),
        Todo(
            id: 12, uuid: uuid(0xABCDEF), title: "Plain", note: nil, isDone: false, priority: .medium, due: nil,
            tags: [], createdAt: instant("1999-12-31T23:59:59Z"), position: 3072, recurrence: .everyWeeks(2)),
        Todo(
            id: 1, uuid: uuid(1), title: "Yearly", isDone: true, priority: .none, due: day("2028-02-29"),
            tags: ["a", "b"], createdAt: created, updatedAt: created, completedAt: created, position: 4096,
            recurrence: .yearly),
        Todo(
            id: 2, uuid: uuid(2), title: "Monthly", priority: .none, createdAt: created, position: 5120,
            recurrence: .monthly),
        Todo(id: 4, uuid: uuid(4), title: "Daily", createdAt: created, position: 6144, recurrence: .daily),
    ]
}
