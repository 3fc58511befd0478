/// The attribute a `key:value` or `key.modifier:value` filter term tests, and its modifiers.
enum FilterKey: String, Sendable, CaseIterable {
    case project
    case priority
    case status
    case due
    case wait
    case scheduled
    case created
    case completed
    case state = "is"
    case text

    /// The key `name` stands for: a key's name or a prefix of at least three letters of exactly
    /// one (`pro`, `pri`, `sched`), in any case.
    static func named(_ name: some StringProtocol) -> FilterKey? {
        let lowered = name.lowercased()
        if let key = FilterKey(rawValue: lowered) { return key }
        guard lowered.count >= 3 else { return nil }
        let extensions = allCases.filter { $0.rawValue.hasPrefix(lowered) }
        return extensions.count == 1 ? extensions[0] : nil
    }

    /// The modifiers the key takes after a dot (`due.before:`), besides none.
    var modifiers: [String] {
        switch self {
        case .project: return ["is", "not", "isnt", "has", "hasnt"]
        case .priority: return ["above", "below", "not"]
        case .status, .state, .text: return ["not"]
        case .due, .wait, .scheduled, .created, .completed: return ["before", "after", "by", "not"]
        }
    }

    /// The dated field of a date key.
    var dateField: DateField? {
        switch self {
        case .due: return .due
        case .wait: return .wait
        case .scheduled: return .scheduled
        case .created: return .created
        case .completed: return .completed
        default: return nil
        }
    }

    /// `due:, due.before:, due.after:, due.by: or due.not:`.
    var formsSentence: String {
        let forms = ["\(rawValue):"] + modifiers.map { "\(rawValue).\($0):" }
        return FilterWords.list(forms, conjunction: "or")
    }
}

/// Helpers for the words of filter messages.
enum FilterWords {
    /// `a, b or c`.
    static func list(_ items: [String], conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items.last!
    }

    /// The candidate `word` most likely stands for, in any case: the nearest within one edit
    /// (two for a candidate longer than four letters), counting an exchange of two neighbouring
    /// letters as one edit, provided the edits do not replace the whole word; `nil` when none is
    /// close or `word` is one of them.
    static func nearMiss(_ word: String, among candidates: [String]) -> String? {
        let typed = Array(word.lowercased())
        guard !typed.isEmpty, !candidates.contains(String(typed)) else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let target = Array(candidate.lowercased())
            let limit = target.count > 4 ? 2 : 1
            guard let distance = distance(typed, target, limit: limit), distance < min(typed.count, target.count)
            else { continue }
            if distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// The optimal string alignment distance (Damerau-Levenshtein with adjacent
    /// transpositions) between `a` and `b`, or `nil` when it exceeds `limit`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previousRow: [Int] = []
        var row = Array(0...b.count)
        for i in 1...a.count {
            var next = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousRow[j - 2] + 1)
                }
                next[j] = value
            }
            previousRow = row
            row = next
        }
        return row[b.count] <= limit ? row[b.count] : nil
    }
}
