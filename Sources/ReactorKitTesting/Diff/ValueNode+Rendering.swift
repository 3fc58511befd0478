extension ValueNode {
    /// The widest line, indentation excluded, that a container is written on before it is
    /// split into one line per child.
    static let lineWidth = 80

    /// The node on one line, as `State(value: 1, items: ["a"])`.
    var inline: String {
        switch self {
        case .leaf(let text):
            return text
        case .container(let container):
            if container.kind == .dictionary && container.children.isEmpty {
                return "[:]"
            }
            let children = container.children.map { child in
                (child.label.map { "\($0): " } ?? "") + child.node.inline
            }
            return container.opening + children.joined(separator: ", ") + container.closing
        }
    }

    /// The node as indented lines: on one line when it fits in ``lineWidth``, otherwise its
    /// opening, one or more lines per child, and its closing.
    func lines(label: String?, indent: Int) -> [DumpLine] {
        let prefix = label.map { "\($0): " } ?? ""
        let single = prefix + inline
        guard case .container(let container) = self, single.count > Self.lineWidth, !container.children.isEmpty
        else {
            return [DumpLine(indent: indent, text: single)]
        }
        var lines = [DumpLine(indent: indent, text: prefix + container.opening)]
        for child in container.children {
            lines += child.node.lines(label: child.label, indent: indent + 1)
        }
        lines.append(DumpLine(indent: indent, text: container.closing))
        return lines
    }

    /// The node as text: one line when it fits, otherwise indented lines.
    var dump: String {
        lines(label: nil, indent: 0).map(\.indentedText).joined(separator: "\n")
    }
}

extension ValueNode.Container {
    /// What a container's dump starts with, as `State(`, `.setItems(`, `[` or `Set([`.
    var opening: String {
        switch kind {
        case .structure, .enumCase, .pulse: return name + "("
        case .tuple: return "("
        case .collection, .dictionary: return "["
        case .set: return "Set(["
        }
    }

    /// What a container's dump ends with.
    var closing: String {
        switch kind {
        case .structure, .enumCase, .pulse, .tuple: return ")"
        case .collection, .dictionary: return "]"
        case .set: return "])"
        }
    }
}

/// One line of a dump: its nesting depth and text.
struct DumpLine: Equatable {
    var indent: Int
    var text: String

    /// The text after two spaces per level of nesting.
    var indentedText: String {
        String(repeating: "  ", count: indent) + text
    }
}
