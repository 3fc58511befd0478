/// Runs an action that re-schedules itself on an immediate scheduler until disposed.
final class RecursiveImmediateScheduler<State>: Sendable {
    typealias Action = (_ state: State, _ recurse: (State) -> Void) -> Void

    private let recursion: Recursion<Action>
    private let scheduler: UnsafeTransfer<ImmediateSchedulerType>

    init(action: @escaping Action, scheduler: ImmediateSchedulerType) {
        recursion = Recursion(action: action)
        self.scheduler = UnsafeTransfer(scheduler)
    }

    func schedule(_ state: State) {
        recursion.step(state, on: { state, work in self.scheduler.value.schedule(state, action: work) }) {
            action, state in action(state, self.schedule)
        }
    }

    func dispose() {
        recursion.dispose()
    }
}

/// Runs an action that re-schedules itself, now or after a delay, until disposed.
final class RecursiveScheduler<State, Scheduler: SchedulerType>: Sendable {
    typealias Action = (_ state: State, _ recurse: (State, RxTimeInterval) -> Void) -> Void

    private let recursion: Recursion<Action>
    private let scheduler: UnsafeTransfer<Scheduler>

    init(action: @escaping Action, scheduler: Scheduler) {
        recursion = Recursion(action: action)
        self.scheduler = UnsafeTransfer(scheduler)
    }

    /// Schedules the next step after `dueTime`.
    func schedule(_ state: State, dueTime: RxTimeInterval) {
        recursion.step(
            state,
            on: { state, work in self.scheduler.value.scheduleRelative(state, dueTime: dueTime, action: work) }
        ) { action, state in action(state, self.schedule) }
    }

    /// Schedules the next step as soon as possible.
    func schedule(_ state: State) {
        recursion.step(state, on: { state, work in self.scheduler.value.schedule(state, action: work) }) {
            action, state in action(state, self.schedule)
        }
    }

    func dispose() {
        recursion.dispose()
    }
}

/// The bookkeeping of a self-rescheduling action: each pending step is kept in a group so
/// that disposing cancels whichever step is pending, and the action is released.
private final class Recursion<Action>: @unchecked Sendable {
    // @unchecked Sendable: guarded by lock
    private let lock = RecursiveLock()
    private let group = CompositeDisposable()
    private var action: Action?

    init(action: Action) {
        self.action = action
    }

    /// Submits one step through `submit`; when it runs, `run` receives the action and state.
    func step<State>(
        _ state: State,
        on submit: (State, @escaping (State) -> Disposable) -> Disposable,
        run: @escaping (Action, State) -> Void
    ) {
        let step = Step()
        let disposable = submit(state) { state in
            if self.group.isDisposed { return Disposables.create() }
            let action = self.lock.performLocked { () -> Action? in
                if let key = step.key { self.group.remove(for: key) }
                step.isDone = true
                return self.action
            }
            if let action { run(action, state) }
            return Disposables.create()
        }
        lock.performLocked {
            guard !step.isDone else { return }
            step.key = group.insert(disposable)
            if step.key == nil { step.isDone = true }
        }
    }

    func dispose() {
        lock.performLocked { action = nil }
        group.dispose()
    }

    /// One scheduled step; guarded by the recursion's lock.
    private final class Step {
        var key: CompositeDisposable.DisposeKey?
        var isDone = false
    }
}
