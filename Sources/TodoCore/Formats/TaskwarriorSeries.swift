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

/// The template of the recurring series an export writes for a todo that carries a recurrence.
extension TaskwarriorSeries {
    /// The uuid of the template of a series that started here: made from the title and the
    /// recurrence, so that the next occurrence (created when this one is done, with a new uuid)
    /// names the same template in the next export. A version 8 (custom) uuid.
    static func templateUUID(title: String, recurrence: Recurrence) -> UUID {
        derivedUUID("series\u{0}\(title)\u{0}\(recurrence)")
    }

    /// The uuid of the template of the occurrence `uuid`, for a series whose title and recurrence
    /// another series of the same export has already.
    static func templateUUID(occurrence uuid: UUID) -> UUID {
        derivedUUID("occurrence\u{0}\(uuid.uuidString.lowercased())")
    }

    /// A version 8 uuid made of two 64-bit FNV-1a hashes of `text`: the same text, the same uuid.
    private static func derivedUUID(_ text: String) -> UUID {
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x6c62_272e_07bb_0142
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        second = (second ^ first) &* 0x100_0000_01b3
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: first >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: second >> (56 - 8 * index))
        }
        bytes[6] = bytes[6] & 0x0F | 0x80  // version 8
        bytes[8] = bytes[8] & 0x3F | 0x80  // the RFC 9562 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
