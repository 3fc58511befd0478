import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs work on the main queue, at once when already there: for subscribing on the main
/// thread (`subscribe(on:)`) when the work may run concurrently with other main-thread work.
///
/// ``schedule(_:action:)`` runs the action immediately when called on the main queue and
/// otherwise dispatches it there asynchronously; timed work goes through ``MainScheduler``.
/// Use ``MainScheduler`` for `observe(on:)`.
public final class ConcurrentMainScheduler: SchedulerType, @unchecked Sendable {
    // @unchecked Sendable: immutable
    private let mainScheduler: MainScheduler

    /// The shared instance.
    public static let instance = ConcurrentMainScheduler(mainScheduler: MainScheduler.instance)

    private init(mainScheduler: MainScheduler) {
        self.mainScheduler = mainScheduler
    }

    /// The current time: the wall clock.
    public var now: RxTime {
        mainScheduler.now
    }

    /// Runs `action` now when on the main queue, otherwise dispatches it there.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if DispatchQueue.isMain {
            return action(state)
        }
        let cancel = SingleAssignmentDisposable()
        let work = UnsafeTransfer((state, action))
        DispatchQueue.main.async {
            if cancel.isDisposed { return }
            cancel.setDisposable(work.value.1(work.value.0))
        }
        return cancel
    }

    /// Runs `action` on the main queue after `dueTime`.
    public func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        mainScheduler.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    /// Runs `action` on the main queue after `startAfter`, then every `period`.
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        mainScheduler.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
