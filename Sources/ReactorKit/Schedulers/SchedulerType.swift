import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A point in time, as schedulers report it.
public typealias RxTime = Date

/// A time interval for schedulers; one virtual tick of `TestScheduler` is one second.
public typealias RxTimeInterval = DispatchTimeInterval

/// A scheduler that can also run work after a delay and periodically.
///
/// Time-based operators (`interval`, `timer`, `debounce`, `throttle`, `delay`) read the time
/// from ``now`` and wait through ``scheduleRelative(_:dueTime:action:)``, never from the
/// wall clock, so a virtual-time scheduler drives them in tests.
public protocol SchedulerType: ImmediateSchedulerType {
    /// The scheduler's current time.
    var now: RxTime { get }

    /// Schedules `action` to run with `state` after `dueTime`.
    func scheduleRelative<StateType>(
        _ state: StateType,
        dueTime: RxTimeInterval,
        action: @escaping (StateType) -> Disposable
    ) -> Disposable

    /// Schedules `action` to run first after `startAfter`, then every `period`, each run
    /// receiving the state the previous run returned.
    func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable
}

extension SchedulerType {
    /// Periodic scheduling built from recursive relative scheduling.
    ///
    /// If a run takes longer than the period, missed ticks are run back to back, as RxSwift does.
    public func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let periodic = SchedulePeriodicRecursive(
            scheduler: self, startAfter: startAfter, period: period, action: action, state: state)
        return periodic.start()
    }

    /// Schedules `action` repeatedly: each run may ask for another run after a delay.
    ///
    /// - Returns: A disposable that stops the recursion.
    public func scheduleRecursive<State>(
        _ state: State,
        dueTime: RxTimeInterval,
        action: @escaping (_ state: State, _ recurse: (State, RxTimeInterval) -> Void) -> Void
    ) -> Disposable {
        let recursion = RecursiveScheduler(action: action, scheduler: self)
        recursion.schedule(state, dueTime: dueTime)
        return Disposables.create(with: recursion.dispose)
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinite.
    var seconds: TimeInterval {
        switch self {
        case .seconds(let value): return TimeInterval(value)
        case .milliseconds(let value): return TimeInterval(value) / 1_000
        case .microseconds(let value): return TimeInterval(value) / 1_000_000
        case .nanoseconds(let value): return TimeInterval(value) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }

    /// The interval in nanoseconds, saturating; `.never` is `Int64.max`.
    var nanoseconds: Int64 {
        switch self {
        case .seconds(let value): return Int64(value).multipliedReportingOverflow(by: 1_000_000_000).partialValue
        case .milliseconds(let value): return Int64(value) &* 1_000_000
        case .microseconds(let value): return Int64(value) &* 1_000
        case .nanoseconds(let value): return Int64(value)
        case .never: return .max
        @unknown default: return .max
        }
    }

    /// Whether the interval is zero or negative.
    var isNow: Bool {
        seconds <= 0
    }
}

extension Date {
    /// The date `interval` after this one.
    func addingDispatchInterval(_ interval: DispatchTimeInterval) -> Date {
        addingTimeInterval(interval.seconds)
    }
}
