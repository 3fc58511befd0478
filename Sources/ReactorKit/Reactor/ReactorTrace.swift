import Synchronization

/// One step of a traced reactor: an action it received, a mutation it reduced, or a state it
/// emitted (each after its `transform`).
public struct ReactorTraceEvent: Sendable, CustomStringConvertible {
    /// What the step was.
    public enum Kind: String, Sendable {
        /// An action, after `transform(action:)`, before `mutate(action:)`.
        case action
        /// A mutation, after `transform(mutation:)`, before `reduce(state:mutation:)`.
        case mutation
        /// A state, after `transform(state:)`, as subscribers receive it.
        case state
    }

    /// What the step was.
    public let kind: Kind
    /// The reactor's type name.
    public let reactorType: String
    /// The reactor's identity.
    public let reactorID: ObjectIdentifier
    /// The action, mutation or state, described.
    public let value: String

    /// A line such as `CounterReactor#5a3f action: increase`.
    public var description: String {
        let id = String(UInt(bitPattern: reactorID.hashValue) & 0xFFFF, radix: 16)
        return "\(reactorType)#\(id) \(kind.rawValue): \(value)"
    }
}

/// Tracing of reactors' actions, mutations and states, for debugging.
///
/// One line traces every reactor, including those created later:
///
/// ```swift
/// ReactorTrace.start()            // prints each event to standard output
/// ReactorTrace.start { event in log.debug("\(event)") }
/// ReactorTrace.stop()
/// ```
///
/// To trace one reactor, use ``Reactor/trace(_:)``. When nothing is traced, a reactor pays
/// one atomic load per step.
public enum ReactorTrace {
    /// A handler that prints each event on its own line to standard output.
    public static let print: @Sendable (ReactorTraceEvent) -> Void = { event in
        StandardStream.output.write("\(event)\n")
    }

    /// The global handler, guarded by `globalLock` (our lock rather than `Mutex`, whose
    /// uninstrumented implementation ThreadSanitizer cannot see).
    nonisolated(unsafe) private static var global: (@Sendable (ReactorTraceEvent) -> Void)?
    private static let globalLock = Lock()
    private static let activeTracers = Atomic<Int>(0)

    /// Starts tracing every reactor with `handler`, replacing any previous global handler.
    public static func start(_ handler: @escaping @Sendable (ReactorTraceEvent) -> Void = ReactorTrace.print) {
        let wasActive = globalLock.performLocked {
            let wasActive = global != nil
            global = handler
            return wasActive
        }
        if !wasActive { activeTracers.add(1, ordering: .releasing) }
    }

    /// Stops tracing every reactor; per-reactor traces go on.
    public static func stop() {
        let wasActive = globalLock.performLocked {
            let wasActive = global != nil
            global = nil
            return wasActive
        }
        if wasActive { activeTracers.subtract(1, ordering: .releasing) }
    }

    /// Whether any tracing is on (the reactor pipeline's fast check).
    @inline(__always)
    static var isActive: Bool {
        activeTracers.load(ordering: .relaxed) != 0
    }

    static var globalHandler: (@Sendable (ReactorTraceEvent) -> Void)? {
        globalLock.performLocked { global }
    }

    static func perReactorTracerAdded() {
        activeTracers.add(1, ordering: .releasing)
    }

    static func perReactorTracerRemoved() {
        activeTracers.subtract(1, ordering: .releasing)
    }
}

extension Reactor {
    /// Traces this reactor's actions, mutations and states with `handler` until the returned
    /// disposable is disposed.
    ///
    /// ```swift
    /// reactor.trace().disposed(by: disposeBag)
    /// ```
    @discardableResult
    public func trace(_ handler: @escaping @Sendable (ReactorTraceEvent) -> Void = ReactorTrace.print) -> Disposable {
        reactorStorage.tracer(for: self).add(handler)
    }
}

/// Emits one reactor's trace events to the global and the reactor's own handlers.
final class ReactorTracer: @unchecked Sendable {
    // @unchecked Sendable: `handlers` is guarded by lock; the rest is immutable
    private let reactorType: String
    private let reactorID: ObjectIdentifier
    private let lock = Lock()
    private var handlers = Bag<@Sendable (ReactorTraceEvent) -> Void>()

    init(reactorType: String, reactorID: ObjectIdentifier) {
        self.reactorType = reactorType
        self.reactorID = reactorID
    }

    func add(_ handler: @escaping @Sendable (ReactorTraceEvent) -> Void) -> Disposable {
        let key = lock.performLocked { handlers.insert(handler) }
        ReactorTrace.perReactorTracerAdded()
        return Disposables.create { [weak self] in
            ReactorTrace.perReactorTracerRemoved()
            self?.lock.performLocked { _ = self?.handlers.removeKey(key) }
        }
    }

    /// Emits one step, if anyone is tracing this reactor; call only when
    /// `ReactorTrace.isActive`.
    @inline(never)
    func emit<Value>(_ kind: ReactorTraceEvent.Kind, _ value: Value) {
        let local = lock.performLocked { handlers.items }
        let global = ReactorTrace.globalHandler
        guard global != nil || !local.isEmpty else { return }
        let event = ReactorTraceEvent(
            kind: kind, reactorType: reactorType, reactorID: reactorID, value: String(describing: value))
        global?(event)
        for handler in local {
            handler(event)
        }
    }
}
