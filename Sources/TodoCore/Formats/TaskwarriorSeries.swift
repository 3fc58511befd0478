#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The recurring series of a Taskwarrior export, and which task of each carries its
/// recurrence.
///
/// A recurring task is a template (status `recurring`, with `recur`) and its occurrences
/// (children, with `parent` and usually `recur` too). Of the pending or waiting occurrences of
/// a series, the one due last carries the series' `recur` (ties: the last in the file), so
/// importing several pending occurrences does not make several todos that each create the next
/// one. A pending task with `recur` but no parent is its own series.
struct TaskwarriorSeries {
    /// The `recur` value of each carrying task, by its index in the file.
    private var carriers: [Int: String] = [:]

    /// Finds the series of `tasks` and their carriers.
    init(_ tasks: [TaskwarriorTask]) {
        var templates: [String: String] = [:]
        for task in tasks where task.status == "recurring" {
            if let uuid = task.uuid, let recur = task.recur { templates[uuid.lowercased()] = recur }
        }
        var latest: [String: (index: Int, due: Date?, recur: String)] = [:]
        for (index, task) in tasks.enumerated() where task.status == "pending" || task.status == "waiting" {
            let series: String
            let recur: String?
            if let parent = task.parent?.lowercased() {
                series = "parent " + parent
                recur = templates[parent] ?? task.recur
            } else {
                series = "task \(index)"
                recur = task.recur
            }
            guard let recur else { continue }
            let due = task.due.flatMap { Timestamp.parse($0) }
            if let current = latest[series], let currentDue = current.due, due.map({ $0 < currentDue }) ?? true {
                continue
            }
            latest[series] = (index, due, recur)
        }
        for carrier in latest.values { carriers[carrier.index] = carrier.recur }
    }

    /// The `recur` value the task at `index` carries, or `nil`.
    func recurrence(at index: Int) -> String? {
        carriers[index]
    }
}
