import TodoCore
import TodoSync

/// `todo sync --json`: `{"received":3,"sent":2,"deletedHere":1,"deletedThere":0,"conflicts":[…],
/// "skipped":[…],"dryRun":false,"actions":[…],"with":"…"}`.
enum SyncReportJSON {
    static func json(_ report: SyncReport, dryRun: Bool) -> String {
        let string = TodoJSONOutput.string
        let conflicts = report.conflicts.map { item in
            "{\"id\":\(item.id),\"uuid\":\(string(item.uuid.uuidString.lowercased())),\"title\":\(string(item.title)),"
                + "\"field\":\(string(item.conflict.field)),\"kept\":\(string(item.conflict.kept)),"
                + "\"dropped\":\(string(item.conflict.dropped)),\"droppedOn\":\(string(item.conflict.droppedOn))}"
        }
        let skipped = report.skipped.map { "{\"href\":\(string($0.href)),\"reason\":\(string($0.reason))}" }
        let actions = report.actions.map { action in
            "{\"action\":\(string(action.kind.rawValue)),\"uuid\":\(string(action.uuid.uuidString.lowercased())),"
                + "\"title\":\(string(action.title))}"
        }
        return "{\"received\":\(report.received),\"sent\":\(report.sent),\"deletedHere\":\(report.deletedHere),"
            + "\"deletedThere\":\(report.deletedThere),\"conflicts\":[\(conflicts.joined(separator: ","))],"
            + "\"skipped\":[\(skipped.joined(separator: ","))],\"dryRun\":\(dryRun),"
            + "\"actions\":[\(actions.joined(separator: ","))],\"with\":\(string(report.name))}"
    }
}
