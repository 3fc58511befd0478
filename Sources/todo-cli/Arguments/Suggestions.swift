/// "Did you mean …?" for misspelt commands, options and values.
enum Suggestions {
    /// The largest edit distance still worth suggesting.
    static let maximumDistance = 2

    /// The candidate `word` most likely stands for: the only candidate it is a prefix of, else
    /// the nearest one within ``maximumDistance`` edits (Damerau-Levenshtein, ignoring case),
    /// provided the edits do not replace the whole candidate and, for a candidate of four
    /// letters or fewer, more than one edit only adds letters; `nil` when none is close.
    static func bestMatch(for word: String, among candidates: [String]) -> String? {
        // A word longer than every candidate by more than the distance is none of them.
        let longest = candidates.map(\.count).max() ?? 0
        guard word.prefix(longest + maximumDistance + 1).count <= longest + maximumDistance else { return nil }
        let lowered = word.lowercased()
        guard !lowered.isEmpty, !candidates.contains(word) else { return nil }
        if lowered.contains(where: { $0 != "-" }) {
            let extensions = candidates.filter { $0.lowercased().hasPrefix(lowered) }
            if extensions.count == 1 { return extensions[0] }
        }
        let typed = Array(lowered)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let target = Array(candidate.lowercased())
            let letters = target.drop(while: { $0 == "-" }).count
            guard let distance = distance(typed, target, limit: maximumDistance), distance < letters else { continue }
            // Two edits to a short word are a near miss only when they add letters (`mv` for
            // `move`), not when they change half of it (`tcsh` is not `bash`).
            if distance > 1, letters <= 4, !isSubsequence(typed, of: target) { continue }
            if distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Whether the characters of `word` appear in `target` in order.
    private static func isSubsequence(_ word: [Character], of target: [Character]) -> Bool {
        var rest = target[...]
        for character in word {
            guard let index = rest.firstIndex(of: character) else { return false }
            rest = rest[(index + 1)...]
        }
        return true
    }

    /// `. Did you mean 'list'?`, to append to a message, or an empty string when nothing is
    /// close.
    static func sentence(for word: String, among candidates: [String]) -> String {
        guard let match = bestMatch(for: word, among: candidates) else { return "" }
        return ". Did you mean '\(match)'?"
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
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(row[j] + 1, next[j - 1] + 1, row[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousRow[j - 2] + 1)
                }
                next[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            previousRow = row
            row = next
        }
        return row[b.count] <= limit ? row[b.count] : nil
    }
}
