import ReactorKit

/// A value taken apart with `Mirror`, for dumps and diffs: a leaf (rendered as one string) or
/// a container of labelled children.
///
/// Two values are structurally equal when their nodes are equal, which is how the harness
/// compares states and mutations that are not `Equatable`.
indirect enum ValueNode: Equatable {
    /// A value shown as a single string: a number, a quoted string, `nil`, a case without
    /// associated values, a Foundation value such as a date.
    case leaf(String)
    /// A value with parts: a struct, class, tuple, enum case with associated values,
    /// collection, set, dictionary or `@Pulse`.
    case container(Container)

    /// The kinds of container, which decide how a container is written.
    enum Kind: Equatable {
        /// `Name(label: value, …)`: structs and classes.
        case structure
        /// `(label: value, …)`.
        case tuple
        /// `.name(label: value, …)`: an enum case with associated values.
        case enumCase
        /// `[value, …]`.
        case collection
        /// `Set([value, …])`, elements sorted by their dump.
        case set
        /// `[key: value, …]`, sorted by the dump of the keys.
        case dictionary
        /// `@Pulse(value: …, valueUpdatedCount: …)`.
        case pulse
    }

    /// One part of a container.
    struct Child: Equatable {
        /// The field name, tuple label, or the dump of a dictionary key; `nil` for elements.
        var label: String?
        var node: ValueNode
    }

    /// A value with parts.
    struct Container: Equatable {
        var kind: Kind
        /// The type name of a structure, or `.name` of an enum case.
        var name: String
        var children: [Child]
    }

    /// Takes `value` apart.
    init(_ value: Any) {
        var path: Set<ObjectIdentifier> = []
        self = ValueNode.make(value, path: &path)
    }

    /// The modules whose structs and classes are shown by their description rather than their
    /// (private) stored properties.
    private static let descriptiveModules: Set<Substring> = [
        "Swift", "_Concurrency", "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch",
    ]

    private static func make(_ value: Any, path: inout Set<ObjectIdentifier>) -> ValueNode {
        if let pulse = value as? any PulseReflecting {
            return .container(
                Container(
                    kind: .pulse, name: "@Pulse",
                    children: [
                        Child(label: "value", node: make(pulse.reflectedValue, path: &path)),
                        Child(label: "valueUpdatedCount", node: .leaf(String(pulse.reflectedUpdateCount))),
                    ]))
        }
        switch value {
        case let string as String: return .leaf(string.debugDescription)
        case let string as Substring: return .leaf(String(string).debugDescription)
        case let character as Character: return .leaf(String(reflecting: character))
        default: break
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first else { return .leaf("nil") }
            return make(wrapped.value, path: &path)
        case .collection:
            let children = mirror.children.map { Child(label: nil, node: make($0.value, path: &path)) }
            return .container(Container(kind: .collection, name: "", children: children))
        case .set:
            let children = mirror.children.map { Child(label: nil, node: make($0.value, path: &path)) }
            let sorted = children.sorted { $0.node.inline < $1.node.inline }
            return .container(Container(kind: .set, name: "Set", children: sorted))
        case .dictionary:
            let children = mirror.children.map { entry -> Child in
                let pair = Array(Mirror(reflecting: entry.value).children)
                let key = pair.first.map { make($0.value, path: &path).inline } ?? "?"
                let value = pair.count > 1 ? make(pair[1].value, path: &path) : .leaf("?")
                return Child(label: key, node: value)
            }
            let sorted = children.sorted { ($0.label ?? "") < ($1.label ?? "") }
            return .container(Container(kind: .dictionary, name: "", children: sorted))
        case .tuple:
            return .container(Container(kind: .tuple, name: "", children: fields(of: mirror, path: &path)))
        case .enum:
            guard let payload = mirror.children.first else {
                let name = String(describing: value)
                return .leaf(value is CustomStringConvertible ? name : "." + name)
            }
            let payloadMirror = Mirror(reflecting: payload.value)
            let children =
                payloadMirror.displayStyle == .tuple
                ? fields(of: payloadMirror, path: &path)
                : [Child(label: nil, node: make(payload.value, path: &path))]
            return .container(Container(kind: .enumCase, name: "." + (payload.label ?? "?"), children: children))
        default:
            return structure(value, mirror: mirror, path: &path)
        }
    }

    /// A struct or class: its stored properties (a class's superclass properties first), or its
    /// description for the standard library and Foundation.
    private static func structure(_ value: Any, mirror: Mirror, path: inout Set<ObjectIdentifier>) -> ValueNode {
        let type = type(of: value)
        let module = String(reflecting: type).prefix { $0 != "." }
        if mirror.children.isEmpty && mirror.displayStyle == nil || descriptiveModules.contains(module) {
            return .leaf(String(describing: value))
        }
        let name = String(describing: type)
        guard mirror.displayStyle == .class else {
            return .container(Container(kind: .structure, name: name, children: fields(of: mirror, path: &path)))
        }
        let object = ObjectIdentifier(value as AnyObject)
        guard !path.contains(object) else { return .leaf("\(name)(↩︎)") }
        path.insert(object)
        defer { path.remove(object) }
        var mirrors = [mirror]
        while let superclass = mirrors.last?.superclassMirror {
            mirrors.append(superclass)
        }
        let children = mirrors.reversed().flatMap { fields(of: $0, path: &path) }
        return .container(Container(kind: .structure, name: name, children: children))
    }

    /// The labelled children of a struct, class or tuple; `_name` of a `@Pulse` is shown as `name`.
    private static func fields(of mirror: Mirror, path: inout Set<ObjectIdentifier>) -> [Child] {
        mirror.children.map { child in
            var label = child.label
            if let name = label, name.hasPrefix("."), Int(name.dropFirst()) != nil {
                label = nil  // an unlabelled tuple element
            } else if let name = label, name.hasPrefix("_"), child.value is any PulseReflecting {
                label = String(name.dropFirst())
            }
            return Child(label: label, node: make(child.value, path: &path))
        }
    }
}

/// Lets the dump show a `@Pulse`'s value and update count without knowing its value type.
protocol PulseReflecting {
    var reflectedValue: Any { get }
    var reflectedUpdateCount: UInt { get }
}

extension Pulse: PulseReflecting {
    var reflectedValue: Any { value }
    var reflectedUpdateCount: UInt { valueUpdatedCount }
}
