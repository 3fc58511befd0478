/// The integer types `interval` and `timer` can count with, as in RxSwift.
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// Returns a sequence that sends 0, 1, 2 … one element after each `period`.
    ///
    /// The first element arrives one `period` after subscription. Time is measured by
    /// `scheduler`, so a virtual-time scheduler drives it in tests. The count wraps around
    /// on overflow.
    ///
    /// ```swift
    /// Observable<Int>.interval(.seconds(1), scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { print("tick \($0)") })
    /// ```
    ///
    /// - Parameters:
    ///   - period: The time between two elements.
    ///   - scheduler: The scheduler that runs the timer and sends the elements.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        IntervalTimer(dueTime: period, period: period, scheduler: scheduler)
    }

    /// Returns a sequence that sends 0 after `dueTime`, then either completes or, when
    /// `period` is given, goes on sending 1, 2 … every `period`.
    ///
    /// ```swift
    /// Observable<Int>.timer(.milliseconds(300), scheduler: MainScheduler.instance)
    ///     .subscribe(onNext: { _ in print("fired") })
    /// ```
    ///
    /// - Parameters:
    ///   - dueTime: The time before the first element.
    ///   - period: The time between later elements; `nil` for a one-shot timer.
    ///   - scheduler: The scheduler that runs the timer and sends the elements.
    public static func timer(
        _ dueTime: RxTimeInterval,
        period: RxTimeInterval? = nil,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        IntervalTimer(dueTime: dueTime, period: period, scheduler: scheduler)
    }
}

private final class IntervalTimer<Element: RxAbstractInteger>: Producer<Element>, @unchecked Sendable {
    // @unchecked Sendable: immutable
    let dueTime: RxTimeInterval
    let period: RxTimeInterval?
    let scheduler: SchedulerType

    init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
        self.dueTime = dueTime
        self.period = period
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> SinkAndSubscription
    where Observer.Element == Element {
        if let period {
            let sink = PeriodicTimerSink(observer: observer, cancel: cancel)
            let subscription = scheduler.schedulePeriodic(0 as Element, startAfter: dueTime, period: period) {
                count in
                sink.tick(count)
            }
            return (sink, subscription)
        }
        let sink = OneShotTimerSink(observer: observer, cancel: cancel)
        let subscription = scheduler.scheduleRelative(sink, dueTime: dueTime) { sink in
            sink.fire()
            return Disposables.create()
        }
        return (sink, subscription)
    }
}

private final class PeriodicTimerSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable
where Observer.Element: RxAbstractInteger {
    // @unchecked Sendable: ticks are serialized by `lock`
    private let lock = RecursiveLock()

    /// Sends `count` and returns the next one; ticks never overlap, as in RxSwift.
    func tick(_ count: Observer.Element) -> Observer.Element {
        lock.performLocked {
            forwardNext(count)
            return count &+ 1
        }
    }
}

private final class OneShotTimerSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable
where Observer.Element: RxAbstractInteger {
    // @unchecked Sendable: fired once by the scheduler
    func fire() {
        forwardNext(0)
        forwardCompleted()
    }
}
