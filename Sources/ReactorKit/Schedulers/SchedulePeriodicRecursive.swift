import Synchronization

/// Emulates periodic scheduling with recursive relative scheduling, like RxSwift.
///
/// Each tick first schedules the next tick, then runs the action unless a previous run is
/// still pending; ticks that pile up run back to back.
final class SchedulePeriodicRecursive<State, Scheduler: SchedulerType>: @unchecked Sendable {
    // @unchecked Sendable: `state` is touched only by serialized dispatch runs
    private enum Command {
        case tick
        case dispatchStart
    }

    private let scheduler: Scheduler
    private let startAfter: RxTimeInterval
    private let period: RxTimeInterval
    private let action: (State) -> State
    private var state: State
    private let pendingTickCount = Atomic<Int>(0)

    init(
        scheduler: Scheduler, startAfter: RxTimeInterval, period: RxTimeInterval,
        action: @escaping (State) -> State, state: State
    ) {
        self.scheduler = scheduler
        self.startAfter = startAfter
        self.period = period
        self.action = action
        self.state = state
    }

    func start() -> Disposable {
        scheduler.scheduleRecursive(Command.tick, dueTime: startAfter) { command, recurse in
            self.tick(command, recurse: recurse)
        }
    }

    private func tick(_ command: Command, recurse: (Command, RxTimeInterval) -> Void) {
        switch command {
        case .tick:
            recurse(.tick, period)
            if pendingTickCount.add(1, ordering: .acquiringAndReleasing).oldValue == 0 {
                tick(.dispatchStart, recurse: recurse)
            }
        case .dispatchStart:
            state = action(state)
            if pendingTickCount.subtract(1, ordering: .acquiringAndReleasing).oldValue > 1 {
                recurse(.dispatchStart, .nanoseconds(0))
            }
        }
    }
}
