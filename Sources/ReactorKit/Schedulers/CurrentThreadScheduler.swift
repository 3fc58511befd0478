/// Runs work on the current thread as a trampoline: work scheduled while other work runs is
/// queued and runs after it, in order.
///
/// There is one trampoline per thread, shared by everything on that thread. The outermost
/// `schedule` on a thread runs its action at once and then drains the queue before it
/// returns; nested `schedule` calls only enqueue. This is what keeps recursion flat in
/// `Observable.of`/`from` and what queues actions sent to a reactor from inside a state
/// subscriber until the current emission has finished.
///
/// ```swift
/// CurrentThreadScheduler.instance.schedule(()) { _ in
///     CurrentThreadScheduler.instance.schedule(()) { _ in print("second"); return Disposables.create() }
///     print("first")
///     return Disposables.create()
/// }
/// ```
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
    /// The shared instance; all instances use the same per-thread trampoline anyway.
    public static let instance = CurrentThreadScheduler()

    private static let trampolines = ThreadLocal { Trampoline() }

    /// Creates a scheduler; prefer ``instance``.
    public init() {}

    /// Whether a `schedule` call on this thread would run its action at once, because no
    /// trampolined work is running on this thread.
    public static var isScheduleRequired: Bool {
        !trampolines.value.isRunning
    }

    /// Runs `action` now if nothing runs on this thread's trampoline, otherwise queues it.
    ///
    /// - Returns: The action's disposable when it ran at once, otherwise a disposable that
    ///   cancels the queued action.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let trampoline = Self.trampolines.value
        if trampoline.isRunning {
            let item = ScheduledItem(state: state, action: action)
            trampoline.queue.enqueue(item)
            return item
        }
        trampoline.isRunning = true
        defer { trampoline.isRunning = false }
        let disposable = action(state)
        trampoline.drain()
        return disposable
    }

    /// Runs `body` as trampolined work when no trampoline is running on this thread, or just
    /// runs it when one is. Used by hot paths that need the trampoline's queueing semantics
    /// without allocating a scheduled item.
    static func runTrampolined<Result>(_ body: () -> Result) -> Result {
        let trampoline = trampolines.value
        if trampoline.isRunning {
            return body()
        }
        trampoline.isRunning = true
        defer { trampoline.isRunning = false }
        let result = body()
        trampoline.drain()
        return result
    }
}

/// One thread's trampoline state. Only ever touched by its own thread.
private final class Trampoline {
    // Only its own thread ever touches a trampoline, and no access is held across a call,
    // so the dynamic exclusivity checks are pure overhead.
    @exclusivity(unchecked) var isRunning = false
    @exclusivity(unchecked) var queue = Queue<InvocableItem>(capacity: 4)

    func drain() {
        while let item = queue.dequeue() {
            if item.isDisposed { continue }
            item.invoke()
        }
    }
}

/// A queued unit of work on a trampoline.
class InvocableItem: DisposeBase, Cancelable, @unchecked Sendable {
    var isDisposed: Bool { rxAbstractMethod() }
    func invoke() { rxAbstractMethod() }
    func dispose() { rxAbstractMethod() }
}

/// A queued action with its state; disposing it cancels it if it has not run, or disposes
/// what it returned if it has.
final class ScheduledItem<State>: InvocableItem, @unchecked Sendable {
    // @unchecked Sendable: state/action used once by the owning thread
    private let state: State
    private let action: (State) -> Disposable
    private let disposable = SingleAssignmentDisposable()

    init(state: State, action: @escaping (State) -> Disposable) {
        self.state = state
        self.action = action
    }

    override var isDisposed: Bool {
        disposable.isDisposed
    }

    override func invoke() {
        disposable.setDisposable(action(state))
    }

    override func dispose() {
        disposable.dispose()
    }
}
