import TodoCore
import TodoSync

/// What `todo sync` prints: the summary line (`Synced with dav.example.com/tasks: 3 received,
/// 2 sent, 1 deleted here, 0 conflicts`), each conflict, and with `--verbose` or `--dry-run` each
/// todo created, changed or deleted on either side.
struct SyncReportText {
    var report: SyncReport
    var dryRun: Bool
    var verbose: Bool

    /// Each todo synced (with `verbose`), then each conflict; empty when there are none.
    var details: String {
        var lines: [String] = []
        if verbose {
            for action in report.actions { lines.append("  " + Self.describe(action, dryRun: dryRun)) }
        }
        for item in report.conflicts {
            let conflict = item.conflict
            lines.append(
                "Conflict on \(item.id) \(item.title.shownOnOneLine): \(conflict.field) is \(conflict.kept.shownOnOneLine); "
                    + "\(conflict.dropped.shownOnOneLine) from \(conflict.droppedOn.shownOnOneLine) is kept in an annotation"
            )
        }
        return lines.joined(separator: "\n")
    }

    /// `Synced with <name>: 3 received, 2 sent, 1 deleted here, 0 conflicts` (`N deleted there`
    /// after `deleted here` when there are some); `Would sync …` for a dry run.
    var summary: String {
        var parts = ["\(report.received) received", "\(report.sent) sent", "\(report.deletedHere) deleted here"]
        if report.deletedThere > 0 { parts.append("\(report.deletedThere) deleted there") }
        let conflicts = report.conflicts.count
        parts.append("\(conflicts) conflict\(conflicts == 1 ? "" : "s")")
        let verb = dryRun ? "A sync with" : "Synced with"
        let ending = dryRun ? " (dry run: nothing was changed)" : ""
        return "\(verb) \(report.name.shownOnOneLine)\(dryRun ? " would give" : ""): " + parts.joined(separator: ", ")
            + ending
    }

    /// `created here: Buy milk`, `would delete there: Call mum`.
    static func describe(_ action: SyncAction, dryRun: Bool) -> String {
        let title = action.title.shownOnOneLine
        switch (action.kind, dryRun) {
        case (.createHere, false): return "received: \(title)"
        case (.updateHere, false): return "changed here: \(title)"
        case (.deleteHere, false): return "deleted here: \(title)"
        case (.createThere, false): return "sent: \(title)"
        case (.updateThere, false): return "changed there: \(title)"
        case (.deleteThere, false): return "deleted there: \(title)"
        case (.createHere, true): return "would receive: \(title)"
        case (.updateHere, true): return "would change here: \(title)"
        case (.deleteHere, true): return "would delete here: \(title)"
        case (.createThere, true): return "would send: \(title)"
        case (.updateThere, true): return "would change there: \(title)"
        case (.deleteThere, true): return "would delete there: \(title)"
        }
    }
}
