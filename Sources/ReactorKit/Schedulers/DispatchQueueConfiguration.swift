import Dispatch

/// The scheduling logic shared by the dispatch-queue schedulers.
struct DispatchQueueConfiguration: Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let work = UnsafeTransfer((state, action))
        queue.async {
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        return cancel
    }

    func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let deadline = DispatchTime.now() + dueTime
        let composite = CompositeDisposable()
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: deadline, leeway: leeway)
        let cancelTimer = Disposables.create { timer.cancel() }
        let work = UnsafeTransfer((state, action))
        timer.setEventHandler {
            if composite.isDisposed { return }
            _ = composite.insert(work.value.1(work.value.0))
            cancelTimer.dispose()
        }
        timer.resume()
        _ = composite.insert(cancelTimer)
        return composite
    }

    func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let initial = DispatchTime.now() + startAfter
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: initial, repeating: period, leeway: leeway)
        let cancelTimer = Disposables.create { timer.cancel() }
        let periodic = PeriodicState(state: state, action: action)
        timer.setEventHandler {
            if cancelTimer.isDisposed { return }
            periodic.tick()
        }
        timer.resume()
        return cancelTimer
    }
}

/// The state threaded through a periodic timer's runs; a dispatch timer source never runs
/// its handler concurrently with itself.
private final class PeriodicState<State>: @unchecked Sendable {
    // @unchecked Sendable: used only by the timer's serial handler
    private var state: State
    private let action: (State) -> State

    init(state: State, action: @escaping (State) -> State) {
        self.state = state
        self.action = action
    }

    func tick() {
        state = action(state)
    }
}
