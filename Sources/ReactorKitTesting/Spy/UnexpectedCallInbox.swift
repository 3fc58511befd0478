import Foundation

/// Where spies send their failures (a call nothing was stubbed for) while a
/// ``ReactorTestStore`` runs, so that the store reports each one once, at the test step that
/// was running when it happened (or, for a call made on another thread between steps, at the
/// next step), together with what that step saw because of it.
///
/// A spy finds its store's inbox in the task-local ``current`` (bound while a step runs: calls
/// made synchronously by the step, or by tasks it starts) or because the store attached it
/// (spies reachable from the reactor's stored properties, for calls from other threads).
final class UnexpectedCallInbox: @unchecked Sendable {
    // @unchecked Sendable: `messages` and `isOpen` are guarded by `lock`
    private let lock = NSLock()
    private var messages: [String] = []
    private var isOpen = true

    /// The inbox of the store step running in this task, if any.
    @TaskLocal static var current: UnexpectedCallInbox?

    /// Takes a spy's failure; returns `false` when the store has ended (the spy reports it
    /// itself then).
    func deliver(_ message: String) -> Bool {
        lock.withLock {
            guard isOpen else { return false }
            messages.append(message)
            return true
        }
    }

    /// The failures delivered since the last call, oldest first.
    func takeAll() -> [String] {
        lock.withLock {
            defer { messages = [] }
            return messages
        }
    }

    /// Refuses further failures: the store is gone.
    func close() {
        lock.withLock { isOpen = false }
    }

    /// Whether the store still takes failures.
    var isAccepting: Bool {
        lock.withLock { isOpen }
    }
}

/// A spy as a store sees it: something to attach to its inbox, with the name the store found
/// it under.
protocol StoreAttachableSpy: AnyObject {
    /// Sends this spy's failures to `inbox` from now on; `propertyName` is the stored property
    /// the store found the spy in, a name for messages when the spy's declaration cannot be read.
    func attach(to inbox: UnexpectedCallInbox, propertyName: String?)
}

/// Finds the spies reachable from a reactor through stored properties, for
/// ``ReactorTestStore`` to attach.
enum SpyDiscovery {
    /// How deep the search goes (reactor → provider → service → spy is 3).
    private static let depthLimit = 5
    /// How many values the search looks at, at most.
    private static let visitLimit = 2_000
    /// Modules whose values hold no spies of the test's.
    private static let skippedModules: Set<Substring> = [
        "Swift", "_Concurrency", "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch",
        "ReactorKit", "ReactorKitTesting", "Synchronization",
    ]

    /// The spies reachable from `root`, each with the name of the property holding it.
    static func spies(in root: Any) -> [(spy: any StoreAttachableSpy, name: String?)] {
        var found: [(spy: any StoreAttachableSpy, name: String?)] = []
        var visited: Set<ObjectIdentifier> = []
        var budget = visitLimit
        func visit(_ value: Any, name: String?, depth: Int) {
            guard budget > 0 else { return }
            budget -= 1
            if let spy = value as? any StoreAttachableSpy {
                if visited.insert(ObjectIdentifier(spy)).inserted {
                    found.append((spy, name))
                }
                return
            }
            let mirror = Mirror(reflecting: value)
            switch mirror.displayStyle {
            case .optional:
                if let wrapped = mirror.children.first {
                    visit(wrapped.value, name: name, depth: depth)
                }
                return
            case .struct, .class, .tuple, .enum:
                break
            default:
                return  // collections, sets, dictionaries, leaves
            }
            guard depth < depthLimit else { return }
            let module = String(reflecting: type(of: value)).prefix { $0 != "." }
            guard depth == 0 || !skippedModules.contains(module) else { return }
            if mirror.displayStyle == .class {
                guard visited.insert(ObjectIdentifier(value as AnyObject)).inserted else { return }
            }
            var current: Mirror? = mirror
            while let level = current {
                for child in level.children {
                    visit(child.value, name: child.label.map(propertyName), depth: depth + 1)
                }
                current = level.superclassMirror
            }
        }
        visit(root, name: nil, depth: 0)
        return found
    }

    /// A stored property's name as written: `_name` of a wrapped property and
    /// `$__lazy_storage_$_name` of a lazy one become `name`.
    private static func propertyName(_ label: String) -> String {
        if label.hasPrefix("$__lazy_storage_$_") {
            return String(label.dropFirst("$__lazy_storage_$_".count))
        }
        return label
    }
}
