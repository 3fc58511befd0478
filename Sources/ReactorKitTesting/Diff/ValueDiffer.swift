/// Compares two ``ValueNode``s and writes their differences as lines marked `−` (expected
/// only), `+` (actual only) or a space (unchanged context).
///
/// Containers of the same kind and type are compared child by child, so a change deep inside
/// a state shows as the changed field with its parents around it. Collection elements are
/// matched with a longest common subsequence, so an inserted element shows as one `+` line;
/// dictionaries are matched by key. Long runs of unchanged elements collapse to
/// `… (12 unchanged)`.
struct ValueDiffer {
    /// How a line compares the two values.
    enum Mark: String {
        case unchanged = " "
        case expected = "\u{2212}"
        case actual = "+"
    }

    /// A line of a diff.
    struct Line: Equatable {
        var mark: Mark
        var line: DumpLine
    }

    /// Collections with more children than this collapse their runs of unchanged elements.
    private static let collapsingThreshold = 6

    /// The lines of the difference between `expected` and `actual`, or `nil` when they are equal.
    static func diff(_ expected: ValueNode, _ actual: ValueNode) -> [Line]? {
        expected == actual ? nil : lines(expected, actual, label: nil, indent: 0)
    }

    /// The difference as text: each line is its mark, a space and the indented dump.
    static func render(_ lines: [Line]) -> String {
        lines.map { "\($0.mark.rawValue) \($0.line.indentedText)" }.joined(separator: "\n")
    }

    private static func lines(_ expected: ValueNode, _ actual: ValueNode, label: String?, indent: Int) -> [Line] {
        if expected == actual {
            return mark(expected.lines(label: label, indent: indent), .unchanged)
        }
        guard case .container(let old) = expected, case .container(let new) = actual,
            old.kind == new.kind, old.name == new.name
        else {
            return replacement(expected, actual, label: label, indent: indent)
        }
        let children: [Line]
        switch old.kind {
        case .structure, .tuple, .enumCase, .pulse:
            guard old.children.map(\.label) == new.children.map(\.label) else {
                return replacement(expected, actual, label: label, indent: indent)
            }
            children = zip(old.children, new.children).flatMap { pair in
                lines(pair.0.node, pair.1.node, label: pair.0.label, indent: indent + 1)
            }
        case .collection, .set:
            children = elementLines(old.children, new.children, indent: indent + 1)
        case .dictionary:
            children = entryLines(old.children, new.children, indent: indent + 1)
        }
        let prefix = label.map { "\($0): " } ?? ""
        return [Line(mark: .unchanged, line: DumpLine(indent: indent, text: prefix + old.opening))] + children
            + [Line(mark: .unchanged, line: DumpLine(indent: indent, text: old.closing))]
    }

    private static func replacement(_ expected: ValueNode, _ actual: ValueNode, label: String?, indent: Int) -> [Line] {
        mark(expected.lines(label: label, indent: indent), .expected)
            + mark(actual.lines(label: label, indent: indent), .actual)
    }

    private static func mark(_ lines: [DumpLine], _ mark: Mark) -> [Line] {
        lines.map { Line(mark: mark, line: $0) }
    }

    /// The elements of two collections, matched by a longest common subsequence; a removed
    /// element followed by an added one of the same shape is diffed field by field.
    private static func elementLines(_ old: [ValueNode.Child], _ new: [ValueNode.Child], indent: Int) -> [Line] {
        let steps = alignment(old.map(\.node), new.map(\.node))
        let collapses = max(old.count, new.count) > collapsingThreshold
        var output: [Line] = []
        var unchangedRun: [ValueNode] = []
        var removed: [ValueNode] = []
        var added: [ValueNode] = []

        func flushChanges() {
            let paired = min(removed.count, added.count)
            for index in 0..<paired {
                if sameShape(removed[index], added[index]) {
                    output += lines(removed[index], added[index], label: nil, indent: indent)
                } else {
                    output += replacement(removed[index], added[index], label: nil, indent: indent)
                }
            }
            for node in removed.dropFirst(paired) {
                output += mark(node.lines(label: nil, indent: indent), .expected)
            }
            for node in added.dropFirst(paired) {
                output += mark(node.lines(label: nil, indent: indent), .actual)
            }
            removed = []
            added = []
        }

        func flushUnchanged() {
            if collapses && unchangedRun.count > 2 {
                output.append(
                    Line(mark: .unchanged, line: DumpLine(indent: indent, text: "… (\(unchangedRun.count) unchanged)")))
            } else {
                for node in unchangedRun {
                    output += mark(node.lines(label: nil, indent: indent), .unchanged)
                }
            }
            unchangedRun = []
        }

        for step in steps {
            switch step {
            case .same(let index):
                flushChanges()
                unchangedRun.append(old[index].node)
            case .removed(let index):
                flushUnchanged()
                removed.append(old[index].node)
            case .added(let index):
                flushUnchanged()
                added.append(new[index].node)
            }
        }
        flushChanges()
        flushUnchanged()
        return output
    }

    /// The entries of two dictionaries, matched by key (both sorted by key).
    private static func entryLines(_ old: [ValueNode.Child], _ new: [ValueNode.Child], indent: Int) -> [Line] {
        let oldByKey = Dictionary(old.map { ($0.label ?? "", $0.node) }, uniquingKeysWith: { first, _ in first })
        let newByKey = Dictionary(new.map { ($0.label ?? "", $0.node) }, uniquingKeysWith: { first, _ in first })
        let keys = Set(oldByKey.keys).union(newByKey.keys).sorted()
        let collapses = keys.count > collapsingThreshold
        var output: [Line] = []
        var unchangedRun = 0
        var unchangedLines: [Line] = []

        func flushUnchanged() {
            if collapses && unchangedRun > 2 {
                output.append(
                    Line(mark: .unchanged, line: DumpLine(indent: indent, text: "… (\(unchangedRun) unchanged)")))
            } else {
                output += unchangedLines
            }
            unchangedRun = 0
            unchangedLines = []
        }

        for key in keys {
            switch (oldByKey[key], newByKey[key]) {
            case (let before?, let after?) where before == after:
                unchangedRun += 1
                unchangedLines += mark(before.lines(label: key, indent: indent), .unchanged)
            case (let before?, let after?):
                flushUnchanged()
                output += lines(before, after, label: key, indent: indent)
            case (let before?, nil):
                flushUnchanged()
                output += mark(before.lines(label: key, indent: indent), .expected)
            case (nil, let after?):
                flushUnchanged()
                output += mark(after.lines(label: key, indent: indent), .actual)
            case (nil, nil):
                break
            }
        }
        flushUnchanged()
        return output
    }

    /// Whether two nodes are containers of the same kind and type, worth diffing field by field.
    private static func sameShape(_ lhs: ValueNode, _ rhs: ValueNode) -> Bool {
        guard case .container(let left) = lhs, case .container(let right) = rhs else { return false }
        return left.kind == right.kind && left.name == right.name
    }

    /// One step of an alignment of two sequences.
    private enum Step {
        case same(Int)
        case removed(Int)
        case added(Int)
    }

    /// Aligns `old` and `new` along a longest common subsequence (index by index when the
    /// sequences are too long for the quadratic table).
    private static func alignment(_ old: [ValueNode], _ new: [ValueNode]) -> [Step] {
        let oldCount = old.count
        let newCount = new.count
        guard oldCount * newCount <= 1_000_000 else {
            var steps: [Step] = []
            for index in 0..<max(oldCount, newCount) {
                if index < oldCount && index < newCount && old[index] == new[index] {
                    steps.append(.same(index))
                } else {
                    if index < oldCount { steps.append(.removed(index)) }
                    if index < newCount { steps.append(.added(index)) }
                }
            }
            return steps
        }
        // lengths[i][j]: the length of the LCS of old[i...] and new[j...]
        var lengths = Array(repeating: Array(repeating: 0, count: newCount + 1), count: oldCount + 1)
        for i in stride(from: oldCount - 1, through: 0, by: -1) {
            for j in stride(from: newCount - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var steps: [Step] = []
        var i = 0
        var j = 0
        while i < oldCount && j < newCount {
            if old[i] == new[j] {
                steps.append(.same(i))
                i += 1
                j += 1
            } else if lengths[i + 1][j] >= lengths[i][j + 1] {
                steps.append(.removed(i))
                i += 1
            } else {
                steps.append(.added(j))
                j += 1
            }
        }
        steps += (i..<oldCount).map { .removed($0) }
        steps += (j..<newCount).map { .added($0) }
        return steps
    }
}
