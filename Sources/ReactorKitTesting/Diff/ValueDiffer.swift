/// Compares two ``ValueNode``s and writes their differences as lines marked `−` (expected
/// only), `+` (actual only) or a space (unchanged context).
///
/// Only the path to each change is written out, as swift-custom-dump does: containers of the
/// same kind and type are compared child by child, so a change deep inside a state shows as
/// the changed field inside its parents' openings and closings. Around a change, a run of
/// three or more unchanged siblings (fields, elements, entries) collapses to
/// `… (13 unchanged)`; one or two stay as context, each on one line (`address: Address(…)`
/// when its dump is long). Collection elements are matched along a longest common subsequence and shown
/// with their indices (`[2]: "eggs"`; a removed element with its index in `expected`), so an
/// inserted element is one `+` line; dictionaries are matched by key, sets by element.
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

    /// The longest unchanged sibling shown in full; a longer one shows as `Name(…)`.
    private static let contextWidth = 40

    /// The shortest run of unchanged siblings that collapses to `… (N unchanged)`.
    private static let collapsingRun = 3

    /// The lines of the difference between `expected` and `actual`, or `nil` when they are equal.
    static func diff(_ expected: ValueNode, _ actual: ValueNode) -> [Line]? {
        expected == actual ? nil : lines(expected, actual, label: nil, indent: 0)
    }

    /// The difference as text: each line is its mark, a space and the indented dump.
    static func render(_ lines: [Line]) -> String {
        lines.map { "\($0.mark.rawValue) \($0.line.indentedText)" }.joined(separator: "\n")
    }

    // MARK: - One value

    /// The lines of two values under `label`: the changed path when both are containers of
    /// the same shape, else the expected value's dump marked `−` then the actual one's marked `+`.
    private static func lines(_ expected: ValueNode, _ actual: ValueNode, label: String?, indent: Int) -> [Line] {
        if expected == actual {
            return [context(expected, label: label, indent: indent)]
        }
        guard case .container(let old) = expected, case .container(let new) = actual, sameShape(old, new),
            !isSmallEnumCase(old, new)
        else {
            return replacement(expected, actual, label: label, indent: indent)
        }
        let prefix = label.map { "\($0): " } ?? ""
        // `.setItems([…])`: a case whose only payload is a collection opens both at once.
        if old.kind == .enumCase, let inner = soleUnlabelledContainers(old, new) {
            let body = children(of: inner.old, inner.new, indent: indent + 1)
            return [
                Line(mark: .unchanged, line: DumpLine(indent: indent, text: prefix + old.opening + inner.old.opening))
            ]
                + body
                + [Line(mark: .unchanged, line: DumpLine(indent: indent, text: inner.old.closing + old.closing))]
        }
        guard let body = optionalChildren(of: old, new, indent: indent + 1) else {
            return replacement(expected, actual, label: label, indent: indent)
        }
        return [Line(mark: .unchanged, line: DumpLine(indent: indent, text: prefix + old.opening))] + body
            + [Line(mark: .unchanged, line: DumpLine(indent: indent, text: old.closing))]
    }

    /// The children's lines, or `nil` when two structures, tuples or cases have different
    /// fields (then the whole values are replaced).
    private static func optionalChildren(
        of old: ValueNode.Container, _ new: ValueNode.Container, indent: Int
    )
        -> [Line]?
    {
        switch old.kind {
        case .structure, .tuple, .enumCase, .pulse:
            guard old.children.map(\.label) == new.children.map(\.label) else { return nil }
        case .collection, .set, .dictionary:
            break
        }
        return children(of: old, new, indent: indent)
    }

    private static func children(of old: ValueNode.Container, _ new: ValueNode.Container, indent: Int) -> [Line] {
        switch old.kind {
        case .structure, .tuple, .enumCase, .pulse:
            return fieldLines(old.children, new.children, indent: indent)
        case .collection:
            return elementLines(old.children, new.children, indexed: true, indent: indent)
        case .set:
            return elementLines(old.children, new.children, indexed: false, indent: indent)
        case .dictionary:
            return entryLines(old.children, new.children, indent: indent)
        }
    }

    private static func replacement(_ expected: ValueNode, _ actual: ValueNode, label: String?, indent: Int) -> [Line] {
        mark(expected.lines(label: label, indent: indent), .expected)
            + mark(actual.lines(label: label, indent: indent), .actual)
    }

    private static func mark(_ lines: [DumpLine], _ mark: Mark) -> [Line] {
        lines.map { Line(mark: mark, line: $0) }
    }

    /// An unchanged value shown for context, on one line: in full when short, else as
    /// `Name(…)`, `[…]`, `.case(…)`.
    private static func context(_ node: ValueNode, label: String?, indent: Int) -> Line {
        let prefix = label.map { "\($0): " } ?? ""
        var text = node.inline
        if case .container(let container) = node, text.count > contextWidth {
            text = container.opening + "…" + container.closing
        }
        return Line(mark: .unchanged, line: DumpLine(indent: indent, text: prefix + text))
    }

    /// `… (3 unchanged)`.
    private static func collapsed(_ count: Int, indent: Int) -> Line {
        Line(mark: .unchanged, line: DumpLine(indent: indent, text: "… (\(count) unchanged)"))
    }

    /// A run of unchanged siblings: one or two as context, more collapsed.
    private static func unchangedRun(_ run: [(label: String?, node: ValueNode)], indent: Int) -> [Line] {
        guard run.count < collapsingRun else { return [collapsed(run.count, indent: indent)] }
        return run.map { context($0.node, label: $0.label, indent: indent) }
    }

    // MARK: - Children

    /// The fields of two structures, tuples or enum cases with the same labels, in order.
    private static func fieldLines(_ old: [ValueNode.Child], _ new: [ValueNode.Child], indent: Int) -> [Line] {
        var output: [Line] = []
        var run: [(label: String?, node: ValueNode)] = []
        for (before, after) in zip(old, new) {
            if before.node == after.node {
                run.append((before.label, before.node))
            } else {
                output += unchangedRun(run, indent: indent)
                run = []
                output += lines(before.node, after.node, label: before.label, indent: indent)
            }
        }
        return output + unchangedRun(run, indent: indent)
    }

    /// The elements of two collections (or sets, sorted), matched by a longest common
    /// subsequence; a removed element followed by an added one of the same shape is diffed
    /// field by field.
    private static func elementLines(
        _ old: [ValueNode.Child], _ new: [ValueNode.Child], indexed: Bool, indent: Int
    ) -> [Line] {
        func label(_ index: Int) -> String? { indexed ? "[\(index)]" : nil }
        var output: [Line] = []
        var run: [(label: String?, node: ValueNode)] = []
        var removed: [Int] = []
        var added: [Int] = []

        func flushChanges() {
            let paired = min(removed.count, added.count)
            for pair in 0..<paired {
                let before = old[removed[pair]].node
                let after = new[added[pair]].node
                if case .container(let left) = before, case .container(let right) = after, sameShape(left, right) {
                    output += lines(before, after, label: label(added[pair]), indent: indent)
                } else {
                    output += mark(before.lines(label: label(removed[pair]), indent: indent), .expected)
                    output += mark(after.lines(label: label(added[pair]), indent: indent), .actual)
                }
            }
            for index in removed.dropFirst(paired) {
                output += mark(old[index].node.lines(label: label(index), indent: indent), .expected)
            }
            for index in added.dropFirst(paired) {
                output += mark(new[index].node.lines(label: label(index), indent: indent), .actual)
            }
            removed = []
            added = []
        }

        for step in alignment(old.map(\.node), new.map(\.node)) {
            switch step {
            case .same(let oldIndex, let newIndex):
                flushChanges()
                run.append((label(newIndex), old[oldIndex].node))
            case .removed(let index):
                output += unchangedRun(run, indent: indent)
                run = []
                removed.append(index)
            case .added(let index):
                output += unchangedRun(run, indent: indent)
                run = []
                added.append(index)
            }
        }
        flushChanges()
        return output + unchangedRun(run, indent: indent)
    }

    /// The entries of two dictionaries, matched by key (both sorted by key).
    private static func entryLines(_ old: [ValueNode.Child], _ new: [ValueNode.Child], indent: Int) -> [Line] {
        let oldByKey = Dictionary(old.map { ($0.label ?? "", $0.node) }, uniquingKeysWith: { first, _ in first })
        let newByKey = Dictionary(new.map { ($0.label ?? "", $0.node) }, uniquingKeysWith: { first, _ in first })
        var output: [Line] = []
        var run: [(label: String?, node: ValueNode)] = []
        for key in Set(oldByKey.keys).union(newByKey.keys).sorted() {
            let before = oldByKey[key]
            let after = newByKey[key]
            if let before, before == after {
                run.append((key, before))
                continue
            }
            output += unchangedRun(run, indent: indent)
            run = []
            switch (before, after) {
            case (let before?, let after?):
                output += lines(before, after, label: key, indent: indent)
            case (let before?, nil):
                output += mark(before.lines(label: key, indent: indent), .expected)
            case (nil, let after?):
                output += mark(after.lines(label: key, indent: indent), .actual)
            case (nil, nil):
                break
            }
        }
        return output + unchangedRun(run, indent: indent)
    }

    // MARK: - Shapes

    /// Whether two containers are of the same kind and type, worth diffing child by child.
    private static func sameShape(_ left: ValueNode.Container, _ right: ValueNode.Container) -> Bool {
        left.kind == right.kind && left.name == right.name
    }

    /// Whether two cases of an enum carry one short leaf each (`.voucher(4)`), which reads
    /// best as a `−` line and a `+` line.
    private static func isSmallEnumCase(_ old: ValueNode.Container, _ new: ValueNode.Container) -> Bool {
        guard old.kind == .enumCase, old.children.count == 1, new.children.count == 1,
            case .leaf(let before) = old.children[0].node, case .leaf(let after) = new.children[0].node
        else { return false }
        return max(before.count, after.count) <= contextWidth
    }

    /// The payloads of two cases whose only payload is an unlabelled container of one shape.
    private static func soleUnlabelledContainers(
        _ old: ValueNode.Container, _ new: ValueNode.Container
    ) -> (old: ValueNode.Container, new: ValueNode.Container)? {
        guard old.children.count == 1, new.children.count == 1, old.children[0].label == nil,
            new.children[0].label == nil, case .container(let left) = old.children[0].node,
            case .container(let right) = new.children[0].node, sameShape(left, right)
        else { return nil }
        switch left.kind {
        case .collection, .set, .dictionary: return (left, right)
        case .structure, .tuple, .enumCase, .pulse: return nil
        }
    }

    // MARK: - Alignment

    /// One step of an alignment of two sequences.
    private enum Step {
        case same(Int, Int)
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
                    steps.append(.same(index, index))
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
                steps.append(.same(i, j))
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
